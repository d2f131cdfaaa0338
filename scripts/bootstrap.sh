#!/usr/bin/env bash
# Installs what memlint needs from Debian (when missing) and builds it.
# Shared by scripts/run.sh and scripts/test.sh. Usage: source or run with
# MEMLINT_BUILD_DIR (default: build).
#   MEMLINT_WITH_TEST_TOOLS=1  also what the tests need (scripts/test.sh)
#   MEMLINT_PACKAGE=1          also what scripts/package.sh needs: the static
#                              zlib and zstd that LLVMSupport links, lld (it
#                              links the static binary in seconds, GNU ld in
#                              minutes), dpkg-dev (dpkg-shlibdeps, for the
#                              .deb's Depends), Node.js with npm (the .vsix).
#                              Only the packages' static build uses them, so
#                              a plain build does not install them.
#   MEMLINT_INSTALL_ONLY=1     install, then stop (no configure, no build)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MEMLINT_BUILD_DIR:-$root/build}

packages=(cmake ninja-build g++ python3 libmlir-22-dev mlir-22-tools
  llvm-22-dev llvm-22-tools nlohmann-json3-dev libgtest-dev)
if [ "${MEMLINT_WITH_TEST_TOOLS:-0}" = 1 ]; then
  # chromium: the VS Code plan view's browser test (editors/vscode/test.sh).
  packages+=(clang-22 libclang-rt-22-dev neovim nodejs chromium)
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi
if [ "${MEMLINT_PACKAGE:-0}" = 1 ]; then
  # libzstd.a and libz.a; libxml2-dev and libncurses-dev come with
  # llvm-22-dev, but memlint's binary references neither library.
  packages+=(zlib1g-dev libzstd-dev lld dpkg-dev nodejs)
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi
missing=()
for p in "${packages[@]}"; do
  # nodejs may come from another repository (any version >= 18 works).
  if [ "$p" = nodejs ] && command -v node >/dev/null 2>&1; then continue; fi
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "memlint: installing ${missing[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd=sudo
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "${MEMLINT_INSTALL_ONLY:-0}" = 1 ]; then return 0 2>/dev/null || exit 0; fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc >/dev/null
jobs=$(nproc)
cmake --build "$build" -j "$jobs"
