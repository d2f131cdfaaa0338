#!/usr/bin/env bash
# Emits the PTX of INPUT with `memlint emit --target=cuda --emit=ptx` and
# assembles it with ptxas for ARCH (default sm_90). Prints
# "ptxas -arch=ARCH: ok", or "ptxas not found, skipping" when the CUDA
# toolkit is absent (then only the PTX header is checked). Further
# arguments go to memlint emit.
#
#   test/emit/check_ptxas.sh MEMLINT INPUT [ARCH [EMIT-OPTION...]]
set -euo pipefail
memlint=$1
input=$2
arch=${3:-sm_90}
shift $(($# < 3 ? $# : 3))
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -x "$ptxas" ] || ptxas=$(command -v ptxas || true)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$memlint" emit --target=cuda --emit=ptx --chip="$arch" "$@" \
  -o "$tmp/out.ptx" "$input"
if grep -q '^\.extern' "$tmp/out.ptx"; then
  echo "the emitted PTX declares external functions:" >&2
  grep '^\.extern' "$tmp/out.ptx" >&2
  exit 1
fi
if ! grep -q "^\.target $arch" "$tmp/out.ptx"; then
  echo "no '.target $arch' in the emitted PTX" >&2
  exit 1
fi
if [ -z "$ptxas" ]; then
  echo "ptxas not found, skipping"
  exit 0
fi
"$ptxas" -arch="$arch" "$tmp/out.ptx" -o "$tmp/out.cubin"
echo "ptxas -arch=$arch: ok"
