#!/usr/bin/env bash
# Packages the extension: the universal subagents.vsix (carrying the server's wheel, installed
# by the Install button), or with a vsce target, subagents-TARGET.vsix, which also carries the
# server and every library it needs for that platform in bundled/libs/ (scripts/bundle_libs.py)
# and starts with no install step and no network.
#
#   PYTHON=python3 bash scripts/package.sh            # universal
#   PYTHON=python3 bash scripts/package.sh linux-x64  # linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
target="${1:-}"
python="${PYTHON:-python3}"
bash scripts/bundle-wheel.sh
rm -rf bundled
urls=(--baseContentUrl https://github.com/subagent-ls/subagent-ls/blob/HEAD/client-vscode
  --baseImagesUrl https://github.com/subagent-ls/subagent-ls/raw/HEAD/client-vscode)
if [ -z "$target" ]; then
  npx vsce package --no-dependencies "${urls[@]}" --out subagents.vsix
else
  "$python" scripts/bundle_libs.py "$target" server/subagent_ls-*.whl
  npx vsce package --no-dependencies "${urls[@]}" --target "$target" --out "subagents-$target.vsix"
  rm -rf bundled
fi
