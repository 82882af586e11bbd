// Bundles the extension into dist/extension.js, or (--tests) the unit tests into out/test/.
import { readdirSync } from 'node:fs';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' };

if (process.argv.includes('--tests')) {
  const tests = readdirSync('test/unit').filter((file) => file.endsWith('.test.ts'));
  await esbuild.build({
    ...common,
    entryPoints: tests.map((file) => `test/unit/${file}`),
    outdir: 'out/test',
    sourcemap: 'inline',
  });
} else {
  await esbuild.build({
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    minify: production,
    sourcemap: !production,
  });
}
