#!/usr/bin/env bash
# Builds the wheel of the subagent-ls server (the repository above this folder) into server/,
# where the .vsix carries it and the Install button installs it from.
#
#   PYTHON=python3 bash scripts/bundle-wheel.sh     # PYTHON: an interpreter with pip
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
rm -rf "$here/server"
"${PYTHON:-python3}" -m pip wheel --no-deps --quiet --disable-pip-version-check -w "$here/server" "$here/.."
ls "$here/server"/subagent_ls-*.whl
