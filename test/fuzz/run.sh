#!/usr/bin/env bash
# Usage: test/fuzz/run.sh [SECONDS]    (default 60)
#
# Builds the fuzzers if needed (build.sh), replays test/fuzz/regressions/*
# through both, then fuzzes lint_fuzzer and lint_ir_fuzzer for SECONDS in
# total (half each, one process, one core) from the seed corpus with
# mlir.dict. New corpus entries go to a temporary directory (deleted at the
# end), never into the repository; crash/timeout/OOM reproducers go to
# $MEMLINT_FUZZ_BUILD_DIR/artifacts/<target>/. Exits non-zero on any crash,
# hang (-timeout=10), leak or OOM, and prints one summary line per target.
#
# Environment: MEMLINT_FUZZ_BUILD_DIR (default <repo>/build-fuzz),
# MEMLINT_FUZZ_DETERMINISM (re-lints per valid input while fuzzing; default 1,
# 0 turns the determinism check off),
# MEMLINT_FUZZ_TARGETS (default "lint_fuzzer lint_ir_fuzzer"),
# MEMLINT_FUZZ_KEEP_CORPUS=DIR (keep the grown corpus there instead),
# extra libFuzzer flags in MEMLINT_FUZZ_FLAGS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
secs=${1:-60}
case $secs in ''|*[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2;; esac
export MEMLINT_FUZZ_BUILD_DIR=${MEMLINT_FUZZ_BUILD_DIR:-$root/build-fuzz}
build=$MEMLINT_FUZZ_BUILD_DIR
targets=${MEMLINT_FUZZ_TARGETS:-lint_fuzzer lint_ir_fuzzer}
read -r -a targets <<<"$targets"

echo "== building fuzzers in $build"
"$here/build.sh"

# Leak detection stays on (LLVM's singletons are reachable, not leaked).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
# While fuzzing, lint every valid input a second time from a fresh parse and
# require identical findings (see lint_fuzzer.cpp).
export MEMLINT_FUZZ_DETERMINISM=${MEMLINT_FUZZ_DETERMINISM:-1}
common=(-timeout=10 -rss_limit_mb=4096 -max_len=4096)
read -r -a extra <<<"${MEMLINT_FUZZ_FLAGS:-}"

status=0
failed_regs=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/memlint-fuzz.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# 1. Regressions: every saved reproducer must now run cleanly, twice: under
# plain ASan, and with the determinism check (16 re-lints from fresh parses;
# no ASan quarantine, so freed memory is reused and the ops of each parse
# land at shuffled addresses).
shopt -s nullglob
regs=()
for f in "$here"/regressions/*; do
  case $f in *README*) ;; *) regs+=("$f") ;; esac
done
if [ ${#regs[@]} -gt 0 ]; then
  for t in "${targets[@]}"; do
    echo "== $t: replaying ${#regs[@]} regression input(s)"
    for mode in asan determinism; do
      if [ $mode = asan ]; then
        env=(MEMLINT_FUZZ_DETERMINISM=0)
      else
        env=(MEMLINT_FUZZ_DETERMINISM=16
             ASAN_OPTIONS="$ASAN_OPTIONS:quarantine_size_mb=0")
      fi
      for f in "${regs[@]}"; do
        if ! env "${env[@]}" "$build/$t" "${common[@]}" "$f" \
            >"$tmp/replay.log" 2>&1; then
          grep -vE '^(INFO:|Running|NOTE:|      Combine| +#[0-9]+ )' \
            "$tmp/replay.log" | head -n 40
          echo "fuzz-lint: $t: REGRESSION ($mode): $f fails (log above)"
          failed_regs=$((failed_regs + 1))
          status=1
        fi
      done
    done
  done
fi

# 2. Fuzz.
per=$(( secs / ${#targets[@]} ))
[ "$per" -ge 1 ] || per=1
summaries=()
for t in "${targets[@]}"; do
  corpus=${MEMLINT_FUZZ_KEEP_CORPUS:+$MEMLINT_FUZZ_KEEP_CORPUS/$t}
  corpus=${corpus:-$tmp/corpus-$t}
  art="$build/artifacts/$t"
  mkdir -p "$corpus" "$art"
  log="$build/$t.log"
  echo "== $t: fuzzing for ${per}s (log: $log)"
  rc=0
  "$build/$t" "${common[@]}" -max_total_time="$per" -print_final_stats=1 \
    -dict="$here/mlir.dict" -artifact_prefix="$art/" "${extra[@]}" \
    "$corpus" "$here/corpus" >"$log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$last")
  crashes=0
  if [ "$rc" -ne 0 ]; then
    crashes=1
    status=1
    tail -n 80 "$log"
    echo "fuzz-lint: $t: FAILED (exit $rc); reproducer(s):"
    grep -E 'Test unit written to|artifact_prefix' "$log" || ls -t "$art" | head -3
  fi
  s="fuzz-lint: $t: ${execs:-?} execs in ${per}s (${speed:-?}/s), cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}, crashes $crashes"
  summaries+=("$s")
  echo "$s"
done

echo "== summary"
[ ${#regs[@]} -eq 0 ] ||
  echo "fuzz-lint: regressions: ${#regs[@]} input(s) x ${#targets[@]} target(s) x 2 modes, $failed_regs failing"
printf '%s\n' "${summaries[@]}"
[ "$status" -eq 0 ] && echo "fuzz-lint: OK" || echo "fuzz-lint: FAILED"
exit "$status"
