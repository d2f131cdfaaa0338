#!/usr/bin/env python3
"""Bisect bench: `memlint bisect` vs `mlir-opt` running the same pipeline.

    run.py [--memlint build/cli/memlint] [--mlir-opt PATH] [--ops 10000]
           [--repeat 10] [--reps 3] [--seed 1] [--work /tmp/memlint-bisect-bench]

Generates a module with bench/lint/gen.py (about --ops ops, one a line),
then times, interleaved, best of --reps:
  * mlir-opt --allow-unregistered-dialect --pass-pipeline=P FILE -o /dev/null
  * memlint bisect --pass-pipeline=P FILE > /dev/null
where P = builtin.module(canonicalize,cse, ... --repeat times): 2*repeat
upstream passes. mlir-opt parses, runs and prints; memlint bisect parses,
lints the input, runs the passes and re-lints what each one changed. The
ratio is what bisecting costs over running the pipeline. Prints a Markdown
table. Exit status 1 when a run fails (memlint: exit other than 0 or 1).
"""
import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "lib"))
import llvm_tools  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(cmd, ok):
    start = time.perf_counter()
    with open(os.devnull, "w") as null:
        rc = subprocess.run(cmd, stdout=null, stderr=subprocess.PIPE).returncode
    took = time.perf_counter() - start
    if rc not in ok:
        sys.exit(f"exit {rc}: {' '.join(cmd)}")
    return took


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--memlint", default=os.path.join(HERE, "../../build/cli/memlint"))
    ap.add_argument("--mlir-opt",
                    help="default: mlir-opt of the LLVM 22 that "
                    "test/lib/llvm_tools.py finds")
    ap.add_argument("--ops", type=int, default=10000)
    ap.add_argument("--repeat", type=int, default=10,
                    help="canonicalize,cse pairs in the pipeline")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", default="/tmp/memlint-bisect-bench")
    args = ap.parse_args()
    args.mlir_opt = llvm_tools.tool("mlir-opt", args.mlir_opt)

    os.makedirs(args.work, exist_ok=True)
    path = os.path.join(args.work, f"mod_{args.ops}_s{args.seed}.mlir")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "../lint/gen.py"),
                        "--ops", str(args.ops), "--seed", str(args.seed),
                        "--out", path], check=True)
    with open(path) as f:
        lines = sum(1 for _ in f)
    pipeline = "builtin.module(" + ",".join(["canonicalize,cse"] * args.repeat) + ")"

    opt = [args.mlir_opt, "--allow-unregistered-dialect",
           f"--pass-pipeline={pipeline}", path, "-o", os.devnull]
    bisect = [args.memlint, "bisect", f"--pass-pipeline={pipeline}", path]
    lint = [args.memlint, "lint", path]
    best = {"mlir-opt": [], "bisect": [], "lint": []}
    for _ in range(args.reps):
        best["mlir-opt"].append(timed(opt, {0}))
        best["bisect"].append(timed(bisect, {0, 1}))
        best["lint"].append(timed(lint, {0, 1}))
    t = {k: min(v) for k, v in best.items()}

    print(f"file: {path} ({lines} lines); pipeline: {2 * args.repeat} passes "
          f"(canonicalize,cse x{args.repeat}); best of {args.reps}\n")
    print("| lines | passes | mlir-opt (s) | memlint lint (s) | memlint bisect (s) | bisect / mlir-opt |")
    print("|---|---|---|---|---|---|")
    print(f"| {lines} | {2 * args.repeat} | {t['mlir-opt']:.2f} | {t['lint']:.2f} "
          f"| {t['bisect']:.2f} | {t['bisect'] / t['mlir-opt']:.1f}x |")


if __name__ == "__main__":
    main()
