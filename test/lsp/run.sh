#!/usr/bin/env bash
# End-to-end tests of `memlint lsp` with two real clients:
#   test/lsp/run.sh MEMLINT_BINARY
# 1. node --test with vscode-languageserver-protocol (the library behind VS
#    Code's client): needs Node >= 18 and `npm ci` (run here).
# 2. headless Neovim (Debian's neovim 0.7), set up by the Neovim snippet of
#    docs/editors.md, which nvim_test.lua runs as written.
# Exits non-zero when anything fails. MEMLINT_SKIP_NVIM=1 skips Neovim
# (for machines without it; CI installs it).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
binary="${1:-${MEMLINT_BINARY:-$here/../../build/cli/memlint}}"
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
if [[ ! -x "$binary" ]]; then
  echo "run.sh: no memlint binary at $binary" >&2
  exit 2
fi
export MEMLINT_BINARY="$binary"

cd "$here"
if [[ ! -d node_modules/vscode-languageserver-protocol ]]; then
  npm ci --no-audit --no-fund --prefer-offline >/dev/null
fi

status=0
echo "== node --test (vscode-languageserver-protocol)"
node --test "$here"/*.test.js || status=1

echo "== headless neovim"
if [[ "${MEMLINT_SKIP_NVIM:-0}" == 1 ]]; then
  echo "skipped (MEMLINT_SKIP_NVIM=1)"
elif ! command -v nvim >/dev/null; then
  echo "run.sh: nvim not found (apt-get install -y neovim, or MEMLINT_SKIP_NVIM=1)" >&2
  status=1
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  cp "$here/fixtures/leaky.mlir" "$work/leaky.mlir"
  if MEMLINT_NVIM_FILE="$work/leaky.mlir" timeout 120 \
       nvim --headless --clean -u "$here/nvim_test.lua" 2>&1; then
    echo "neovim: passed"
  else
    echo "neovim: FAILED" >&2
    status=1
  fi
fi
exit $status
