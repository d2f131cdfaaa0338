#!/usr/bin/env bash
# Runs examples/transformer_block_gpu.mlir on an NVIDIA GPU, twice: as
# `memlint emit --target=cuda` emits it (one arena) and as the baseline
# (--no-arena: every temporary its own allocation). Each run is checked
# against the same block computed on the CPU (test/emit/gpu/run_transformer.c)
# and reports the device allocations one call made, the most device bytes
# held at once (MGPU_STATS, counted by test/emit/gpu/mgpu_runtime.c, our own
# mgpu* runtime over the CUDA driver API: Debian ships no MLIR CUDA runtime)
# and the wall time of a call over $MGPU_TIMED_RUNS more calls (default 50).
#
#   test/emit/run_on_gpu.sh [--build-only] [--out DIR] [MEMLINT]
#   test/emit/run_on_gpu.sh --run DIR
#
# --build-only: emit, compile and link both programs (against the driver
# stub libcuda when no driver is installed) and stop; needs no GPU.
# --out DIR: keep the two programs (DIR/arena, DIR/baseline).
# --run DIR: run programs kept that way; needs neither memlint nor LLVM, so
# they can be built here and run on a GPU machine that has only the driver.
# Exit: 0 all good, 1 a mismatch, 77 skipped (no CUDA headers, or no
# driver when running; --build-only without headers says so and exits 0),
# 2 a build error.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build_only=0
out=
run_dir=
while [ $# -gt 0 ]; do
  case $1 in
  --build-only) build_only=1 ;;
  --out) out=$2; shift ;;
  --run) run_dir=$2; shift ;;
  *) break ;;
  esac
  shift
done

run() { # directory holding arena and baseline
  if ldd "$1/arena" | grep -q 'libcuda\.so\.1 => not found'; then
    echo "no CUDA driver (libcuda.so.1), skipping the run"
    exit 77
  fi
  local status=0
  for variant in baseline arena; do
    echo "== $variant"
    MGPU_STATS=1 MGPU_TIMED_RUNS=${MGPU_TIMED_RUNS:-50} "$1/$variant" ||
      status=1
  done
  exit $status
}
if [ -n "$run_dir" ]; then
  run "$run_dir"
fi
memlint=${1:-$root/build/cli/memlint}
llvm_bin=${LLVM_BIN:-${MEMLINT_LLVM_BIN:-/usr/lib/llvm-22/bin}}
cuda=${CUDA_HOME:-/usr/local/cuda}
cc=${CC:-cc}
example=$root/examples/transformer_block_gpu.mlir

if [ ! -f "$cuda/include/cuda.h" ]; then
  echo "cuda.h not found under $cuda/include, skipping"
  [ $build_only = 1 ] && exit 0
  exit 77
fi
libdirs=()
for d in "$cuda/lib64" "$cuda/lib64/stubs"; do
  [ -d "$d" ] && libdirs+=("-L$d")
done

if [ -n "$out" ]; then
  mkdir -p "$out"
  tmp=$(cd "$out" && pwd)
else
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
fi
build() { # variant, memlint flags...
  local variant=$1
  shift
  "$memlint" emit --target=cuda --emit=llvm "$@" -o "$tmp/$variant.ll" \
    "$example" || exit 2
  "$llvm_bin/clang" -O2 -Wno-override-module -c "$tmp/$variant.ll" \
    -o "$tmp/$variant.o" || exit 2
  "$cc" -O2 -std=c11 -I"$cuda/include" "$here/gpu/run_transformer.c" \
    "$here/gpu/mgpu_runtime.c" "$tmp/$variant.o" "${libdirs[@]}" -lcuda -lm \
    -o "$tmp/$variant" || exit 2
}
build arena
build baseline --no-arena
if [ $build_only = 1 ]; then
  echo "built: arena and baseline programs link against libcuda"
  exit 0
fi

run "$tmp"
