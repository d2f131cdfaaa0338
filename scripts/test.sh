#!/usr/bin/env bash
# Same set-up as scripts/run.sh, then every test: unit (GoogleTest), lit,
# differential, runtime corpus, language server, VS Code extension, fuzzing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
MEMLINT_WITH_TEST_TOOLS=1 "$root/scripts/bootstrap.sh"
build=${MEMLINT_BUILD_DIR:-$root/build}
cd "$build"
ctest --output-on-failure -j "$(nproc)" "$@"
