#!/usr/bin/env bash
# Builds the memlint fuzzers (lint_fuzzer, lint_ir_fuzzer) with clang-22 +
# libFuzzer + ASan in a separate tree: $MEMLINT_FUZZ_BUILD_DIR, default
# <repo>/build-fuzz. Incremental; one compile job unless MEMLINT_FUZZ_JOBS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${MEMLINT_FUZZ_BUILD_DIR:-$root/build-fuzz}
jobs=${MEMLINT_FUZZ_JOBS:-1}
cxx=${MEMLINT_FUZZ_CXX:-clang++-22}
cc=${MEMLINT_FUZZ_CC:-clang-22}

if ! command -v "$cxx" >/dev/null 2>&1; then
  echo "error: $cxx not found; the fuzzers need clang-22 and libclang-rt-22-dev" >&2
  echo "  (apt-get install clang-22 libclang-rt-22-dev, or" >&2
  echo "   MEMLINT_WITH_TEST_TOOLS=1 scripts/bootstrap.sh)" >&2
  exit 2
fi
# libFuzzer itself ships in libclang-rt-22-dev.
rt=$("$cxx" -print-runtime-dir 2>/dev/null || true)
if ! ls "$rt"/libclang_rt.fuzzer-*.a >/dev/null 2>&1; then
  echo "error: libFuzzer runtime not found in '$rt' (install libclang-rt-22-dev)" >&2
  exit 2
fi

gen=()
gen_args=()
mkdir -p "$build"
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
if [ ! -f "$build/build.ninja" ] && [ ! -f "$build/Makefile" ]; then
  [ -f "$build/CMakeCache.txt" ] || gen_args=("${gen[@]}")
  cmake -S "$here" -B "$build" "${gen_args[@]}" \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" >"$build/configure.log" ||
    { cat "$build/configure.log"; exit 1; }
fi
cmake --build "$build" -j "$jobs"
