#!/usr/bin/env bash
# Builds the self-contained memlint (cmake -DMEMLINT_STATIC=ON: LLVM and MLIR
# linked from Debian's static archives, only what memlint uses, stripped)
# and writes the packages of CONTRACT.md ("Packages") to dist/:
#   memlint-<version>-linux-x86_64.tar.gz  bin/memlint, README.md, LICENSE, docs/
#   memlint_<version>_amd64.deb            /usr/bin/memlint (CPack), glibc only
#   memlint-linux-x64-<version>.vsix       the VS Code extension with bin/memlint
# test/package/check.py checks them. Environment:
#   MEMLINT_STATIC_BUILD_DIR  the static build (default: build-static)
#   MEMLINT_DIST              where the packages go (default: dist)
#   MEMLINT_JOBS              parallel compile jobs (default: nproc)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MEMLINT_STATIC_BUILD_DIR:-$root/build-static}
dist=${MEMLINT_DIST:-$root/dist}
jobs=${MEMLINT_JOBS:-$(nproc)}
start=$SECONDS

# One version everywhere: CMake's project(), the binary's, the extension's.
version=$(sed -n 's/^project(memlint VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
header=$(sed -n 's/^#define MEMLINT_VERSION "\(.*\)"/\1/p' "$root/include/memlint/Version.h")
extension=$(node -p "require('$root/editors/vscode/package.json').version" 2>/dev/null || true)
if [ -z "$version" ] || [ "$version" != "$header" ]; then
  echo "package.sh: CMakeLists.txt says ${version:-nothing}, include/memlint/Version.h $header" >&2
  exit 1
fi

MEMLINT_PACKAGE=1 MEMLINT_INSTALL_ONLY=1 "$root/scripts/bootstrap.sh"
extension=${extension:-$(node -p "require('$root/editors/vscode/package.json').version")}
if [ "$extension" != "$version" ]; then
  echo "package.sh: editors/vscode/package.json says $extension, CMakeLists.txt $version" >&2
  exit 1
fi

# The static binary.
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER=g++ -DCMAKE_C_COMPILER=gcc -DMEMLINT_STATIC=ON \
  "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$jobs" --target memlint
binary=$build/cli/memlint
if ldd "$binary" | grep -Ei 'lib(LLVM|MLIR)'; then
  echo "package.sh: $binary links LLVM/MLIR shared libraries" >&2
  exit 1
fi
env -i "$binary" --version >/dev/null

mkdir -p "$dist"
stage=$build/package-stage
rm -rf "$stage"
mkdir -p "$stage"
# Reproducible archives: fixed owner, order and time (the last commit's).
epoch=$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)

# The tarball: bin/memlint with its documentation beside it (README.md's
# links to docs/ work there).
tarname=memlint-$version-linux-x86_64
mkdir -p "$stage/tar/bin"
install -m 755 "$binary" "$stage/tar/bin/memlint"
cp "$root/README.md" "$root/LICENSE" "$stage/tar/"
cp -r "$root/docs" "$stage/tar/docs"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" \
  -C "$stage/tar" -cf - bin LICENSE README.md docs | gzip -9n > "$dist/$tarname.tar.gz"

# The Debian package, by CPack from cmake/Package.cmake's install rules.
debname=memlint_${version}_amd64.deb
rm -f "$build/packages/$debname"
(cd "$build" && SOURCE_DATE_EPOCH=$epoch cpack -G DEB --config CPackConfig.cmake >/dev/null)
cp "$build/packages/$debname" "$dist/$debname"

# The VS Code extension for linux-x64, with the binary as bin/memlint
# (src/config.ts runs it when memlint.serverPath is unset). Packaged from a
# copy of editors/vscode, so that the platform-neutral .vsix that
# editors/vscode/test.sh builds never carries a binary.
vscode=$root/editors/vscode
if [ ! -f "$vscode/node_modules/.package-lock.json" ]; then
  (cd "$vscode" && npm ci --prefer-offline --no-audit --no-fund)
fi
vsixname=memlint-linux-x64-$version.vsix
mkdir -p "$stage/vscode"
(cd "$vscode" && tar --exclude=./node_modules --exclude=./out --exclude=./dist \
  --exclude='./*.vsix' -cf - .) | tar -C "$stage/vscode" -xf -
ln -s "$vscode/node_modules" "$stage/vscode/node_modules"
install -m 755 "$binary" "$stage/vscode/bin/memlint" -D
rm -f "$dist/$vsixname"
# vsce runs the extension's build, which copies the check pages into it.
(cd "$stage/vscode" && MEMLINT_DOCS_DIR="$root/docs/checks" \
  node_modules/.bin/vsce package --target linux-x64 \
  --no-dependencies --allow-missing-repository --no-rewrite-relative-links \
  --out "$dist/$vsixname" >/dev/null)

size() { stat -c %s "$1"; }
echo "package.sh: memlint $version, $((SECONDS - start)) s"
printf '  %-40s %10d bytes\n' "bin/memlint (stripped)" "$(size "$binary")" \
  "$tarname.tar.gz" "$(size "$dist/$tarname.tar.gz")" \
  "$debname" "$(size "$dist/$debname")" \
  "$vsixname" "$(size "$dist/$vsixname")"
