#!/usr/bin/env bash
# tsan-lint: memlint built with ThreadSanitizer, run where its threads meet.
#   test/tsan/run.sh SOURCE_DIR TSAN_BUILD_DIR CXX CC [COMPILER_LAUNCHER]
# 1. Configures and builds bin memlint with -fsanitize=thread into
#    TSAN_BUILD_DIR (at test time, so a plain ninja never pays for it; the
#    launcher, ccache, keeps rebuilds short). MEMLINT_TSAN_JOBS sets ninja's
#    -j (default: the number of cores).
# 2. With -j 4: lints every .mlir under test/ and examples/ plus a generated
#    module of 1,500 functions that call each other and a 3,000-deep nest,
#    all in one run (files side by side), then the large module and the
#    deep one alone (functions side by side, chunked parsing, the
#    MLIRContext's pool; the deep one on the caller), in text and JSON
#    (JSON over the corpus and the large module, not all at once: memory);
#    the fixes of a module of leaks (JSON, and `memlint fix`: the fix
#    searches of its functions side by side).
# 3. A `memlint lsp` session whose edits cancel running analyses.
# Fails on any ThreadSanitizer report (suppressions.txt lists the reports
# that are not memlint's), and on a crash.
set -euo pipefail

src="$(cd "$1" && pwd)"
build="$2"
cxx="$3"
cc="$4"
launcher="${5:-}"
here="$src/test/tsan"

echo "== configure and build $build"
flags="-fsanitize=thread -g1"
launch=()
if [[ -n "$launcher" ]]; then
  launch=(-DCMAKE_CXX_COMPILER_LAUNCHER="$launcher"
          -DCMAKE_C_COMPILER_LAUNCHER="$launcher")
fi
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" "${launch[@]}" \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread \
  -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=thread \
  -DMEMLINT_BUILD_TESTS=OFF >/dev/null
ninja -C "$build" -j "${MEMLINT_TSAN_JOBS:-$(nproc)}" memlint
memlint="$build/cli/memlint"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$here/gen_calls.py" 1500 > "$work/calls.mlir"
# The editor's analysis of 1,500 functions takes minutes when instrumented.
python3 "$here/gen_calls.py" 150 > "$work/calls-lsp.mlir"
python3 "$src/test/lit/cli/Inputs/nested_ifs.py" 3000 > "$work/deep.mlir"
# 60 functions with leaks and missed reuse: their fix searches side by side.
python3 -c "import sys; sys.path.insert(0, sys.argv[1]); import run; \
run.gen_leaks(2, sys.argv[2])" "$src/bench/scaling" "$work/leaks.mlir"
mapfile -t corpus < <(find "$src/test" "$src/examples" -name '*.mlir' \
                        -not -path '*/node_modules/*' | sort)

# Reports go to the run's stderr; exitcode makes a report visible in the
# exit status as well (memlint itself exits 0, 1 or 2).
export TSAN_OPTIONS="suppressions=$here/suppressions.txt exitcode=66 \
second_deadlock_stack=1 history_size=2 ${TSAN_OPTIONS:-}"
failed=0
run() {
  local name="$1"
  shift
  local log="$work/$name.log" rc=0
  local start=$SECONDS
  "$@" >"$work/$name.out" 2>"$log" || rc=$?
  if grep -q 'ThreadSanitizer' "$log" || (( rc == 66 || rc >= 128 )); then
    echo "FAILED $name (exit $rc):"
    cat "$log"
    failed=1
  else
    echo "ok     $name (exit $rc, $((SECONDS - start)) s)"
  fi
}

echo "== lint with -j 4 (${#corpus[@]} corpus files + 2 generated)"
all=("${corpus[@]}" "$work/calls.mlir" "$work/deep.mlir")
run files-text "$memlint" lint -j 4 --no-color "${all[@]}"
# JSON proves a fix per finding by re-analysis: instrumented, over every
# file at once, that took 22 GB of the machine's 24; the corpus alone
# keeps the same threads busy (the large module gets its own JSON run).
run files-json "$memlint" lint -j 4 --format=json "${corpus[@]}"
run calls-text "$memlint" lint -j 4 --no-color "$work/calls.mlir"
run calls-json "$memlint" lint -j 4 --format=json "$work/calls.mlir"
run deep-text "$memlint" lint -j 4 --no-color "$work/deep.mlir"
run leaks-json "$memlint" lint -j 4 --format=json "$work/leaks.mlir"
run leaks-fix "$memlint" fix "$work/leaks.mlir"

echo "== lsp session with cancelling edits"
run lsp python3 "$here/lsp_session.py" "$memlint" "$work/calls-lsp.mlir" \
  "$src/test/lsp/fixtures/leaky.mlir" "$src/test/lsp/fixtures/calls.mlir"

if (( failed )); then
  echo "tsan-lint: ThreadSanitizer reports (or crashes) above"
  exit 1
fi
echo "tsan-lint: no ThreadSanitizer reports"
