#!/usr/bin/env python3
"""Deep nesting against every command: time per doubling of the depth.

    deep_nesting.py [--memlint BIN] [--mlir-opt BIN] [--depths 1250,2500,5000,9900]
                    [--reps 1] [--work DIR]

Two shapes, each DEPTH deep: `module {` nested DEPTH times around one
function that frees its buffer, and DEPTH nested `scf.if`s each allocating a
buffer it frees. Times `memlint lint FILE`, `lint FILE FILE` (two files:
each document is freed before the process ends, where one is left to the
OS), `plan FILE`, `emit --target=cuda --emit=arena FILE` (memlint's own
rewrite; nested modules are refused, exit 2) and `mlir-opt
--allow-unregistered-dialect FILE -o /dev/null`. (The full `emit` then runs
upstream's GPU pipeline, whose canonicalizer takes time cubic in the depth
of the nested ifs once they are branches: 800 deep, 1.5 s in memlint and
in `mlir-opt --canonicalize` alike.)
`exp`: the exponent of each command's time against the row before (1
linear, 2 quadratic; noisy below a tenth of a second). Exit codes 0, 1 and
2 are all expected here; a crash (mlir-opt's stack overflows a few
thousand levels deep) is printed as such. Times depend on the machine; no test reads them.
"""

import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "test", "lib"))
import llvm_tools  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402


def nested_modules(depth):
    return ("module {\n" * depth +
            "func.func @f() {\n  %a = memref.alloc() : memref<4xf32>\n"
            "  memref.dealloc %a : memref<4xf32>\n  return\n}\n" +
            "}\n" * depth)


def nested_ifs(depth):
    out = ["func.func @f(%c: i1) {"]
    for i in range(depth):
        out.append(f"scf.if %c {{\n%a{i} = memref.alloc() : memref<4xf32>\n"
                   f"memref.dealloc %a{i} : memref<4xf32>")
    out += ["}"] * depth + ["return", "}"]
    return "\n".join(out) + "\n"


def best_wall(cmd, reps):
    best = None
    for _ in range(reps):
        start = time.monotonic()
        code = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode
        wall = time.monotonic() - start
        if code not in (0, 1, 2):
            return None  # a crash (mlir-opt's stack, past a few thousand)
        best = wall if best is None else min(best, wall)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--memlint", default="build/cli/memlint")
    ap.add_argument("--mlir-opt")
    ap.add_argument("--depths", default="1250,2500,5000,9900")
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--work", default="/tmp/memlint-deep-nesting")
    args = ap.parse_args()
    mlir_opt = llvm_tools.tool("mlir-opt", args.mlir_opt)
    os.makedirs(args.work, exist_ok=True)
    ml = args.memlint
    commands = [("lint", lambda f: [ml, "lint", f]),
                ("lint 2 files", lambda f: [ml, "lint", f, f]),
                ("plan", lambda f: [ml, "plan", f]),
                ("emit arena", lambda f: [ml, "emit", "--target=cuda",
                                          "--emit=arena", f]),
                ("mlir-opt", lambda f: [mlir_opt,
                                        "--allow-unregistered-dialect", f,
                                        "-o", os.devnull])]
    print("| shape | depth | " +
          " | ".join("%s s (exp)" % name for name, _ in commands) + " |")
    print("|---|---:|" + "---:|" * len(commands))
    for shape, gen in [("nested modules", nested_modules),
                       ("nested scf.if", nested_ifs)]:
        prev = None
        for depth in [int(d) for d in args.depths.split(",")]:
            path = os.path.join(args.work, "%s-%d.mlir" %
                                (shape.replace(" ", "-"), depth))
            with open(path, "w") as f:
                f.write(gen(depth))
            got = [best_wall(cmd(path), args.reps) for _, cmd in commands]
            cells = []
            for i, t in enumerate(got):
                if t is None:
                    cells.append("crash")
                    continue
                exp = "-"
                if prev and prev[1][i] and t > 0:
                    exp = "%.1f" % (math.log(t / prev[1][i]) /
                                    math.log(depth / prev[0]))
                cells.append("%.2f (%s)" % (t, exp))
            print("| %s | %d | %s |" % (shape, depth, " | ".join(cells)))
            prev = (depth, got)


if __name__ == "__main__":
    main()
