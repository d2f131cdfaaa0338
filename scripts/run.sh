#!/usr/bin/env bash
# Fresh machine to first findings: installs, builds, lints the examples.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/bootstrap.sh"
set +e
"${MEMLINT_BUILD_DIR:-$root/build}/cli/memlint" lint "$root/examples"
status=$?
set -e
# Exit 1 only means "findings" (the examples have bugs on purpose).
[ $status -le 1 ] || exit $status
