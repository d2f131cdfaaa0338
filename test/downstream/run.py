#!/usr/bin/env python3
"""ctest downstream-example: install memlint into a fresh prefix, build
examples/downstream against it with find_package(memlint), run it on
leak.mlir and FileCheck what it prints. Fails on any step's failure."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile


def run(cmd, **kw):
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, check=True, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", required=True, help="memlint's build")
    ap.add_argument("--source-dir", required=True, help="memlint's source")
    ap.add_argument("--cxx", required=True)
    ap.add_argument("--filecheck", required=True)
    ap.add_argument("--keep", action="store_true", help="keep the temp dir")
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="memlint-downstream-")
    try:
        prefix = os.path.join(work, "prefix")
        run(["cmake", "--install", args.build_dir, "--prefix", prefix])
        for f in ["bin/memlint", "lib/MemlintPlugin.so",
                  "lib/cmake/memlint/memlintConfig.cmake",
                  "lib/cmake/memlint/memlintConfigVersion.cmake",
                  "include/memlint/memlint.h"]:
            if not os.path.exists(os.path.join(prefix, f)):
                sys.exit(f"not installed: {f}")
        # The installed memlint must run from the prefix (rpath kept).
        run([os.path.join(prefix, "bin/memlint"), "--version"],
            stdout=subprocess.DEVNULL)

        build = os.path.join(work, "build")
        launcher = shutil.which("ccache")
        run(["cmake", "-S", os.path.join(args.source_dir, "examples/downstream"),
             "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
             f"-DCMAKE_CXX_COMPILER={args.cxx}",
             f"-DCMAKE_PREFIX_PATH={prefix}"]
            + ([f"-DCMAKE_CXX_COMPILER_LAUNCHER={launcher}"] if launcher else []))
        run(["cmake", "--build", build, "-j2"])

        src = os.path.join(args.source_dir, "test/downstream/leak.mlir")
        out = subprocess.run([os.path.join(build, "lint-module"), src],
                             stdout=subprocess.PIPE, text=True)
        print(out.stdout)
        if out.returncode != 1:  # 1: findings
            sys.exit(f"lint-module exited {out.returncode}, expected 1")
        run([args.filecheck, src], input=out.stdout, text=True)
    finally:
        if args.keep:
            print("kept", work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
