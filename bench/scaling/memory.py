#!/usr/bin/env python3
"""Issue 14's memory goal: peak RSS of `memlint lint` against `mlir-opt`.

    memory.py [--memlint BIN] [--mlir-opt BIN] [--units 24,120,240]
              [--ops 25000,100000] [--calls 1500,20000] [--reps 2]
              [--work DIR]

On bench/scaling's `leaks` modules (UNITS thousand lines of 33-line
functions, about 180 findings a unit) and bench/lint's generated modules
(`gen.py --ops N --seed 1`: functions of every size, one of 12k ops),
and test/tsan's call modules (`gen_calls.py N`: N functions calling each
other, written callers first, with a call cycle every 50: every caller
above a cycle waits for it, and the first of them brings all the others),
measures the peak RSS (ru_maxrss from wait4, the largest of --reps runs)
of `mlir-opt --allow-unregistered-dialect FILE -o /dev/null` (parse,
verify, print) and of `memlint lint FILE` (text output, the CI step) at
`-j1` and at `-j2`. `ratio`: memlint's RSS over mlir-opt's (issue 14's
goal: at most 1.5). RSS depends on the machine and its allocator; no test
reads it.
"""

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "test", "lib"))
import llvm_tools  # noqa: E402
from ratios import measure  # noqa: E402


def peak_rss_mb(cmd, reps):
    """The largest ru_maxrss of `reps` runs, in MB (ratios.py measures)."""
    return measure(cmd, reps)[2]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--memlint", default="build/cli/memlint")
    ap.add_argument("--mlir-opt")
    ap.add_argument("--units", default="24,120,240")
    ap.add_argument("--ops", default="25000,100000")
    ap.add_argument("--calls", default="1500,20000")
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--work", default="/tmp/memlint-memory")
    args = ap.parse_args()
    mlir_opt = llvm_tools.tool("mlir-opt", args.mlir_opt)
    os.makedirs(args.work, exist_ok=True)
    files = []
    for ops in [int(n) for n in args.ops.split(",") if n]:
        path = os.path.join(args.work, "gen-%d.mlir" % ops)
        subprocess.run([sys.executable,
                        os.path.join(HERE, "..", "lint", "gen.py"),
                        "--ops", str(ops), "--seed", "1", "--out", path],
                       check=True, stdout=subprocess.DEVNULL)
        files.append(("gen.py %d ops" % ops, path))
    for units in [int(u) for u in args.units.split(",") if u]:
        path = os.path.join(args.work, "leaks-%d.mlir" % units)
        # In a process of its own: a child forked from a process that grew
        # to hold a large text counts that memory in its own ru_maxrss.
        subprocess.run([sys.executable, "-c",
                        "import sys; sys.path.insert(0, %r); "
                        "from run import gen_leaks; gen_leaks(%d, %r)" %
                        (HERE, units, path)], check=True)
        files.append(("leaks, %dk lines" % units, path))
    for n in [int(u) for u in args.calls.split(",") if u]:
        path = os.path.join(args.work, "calls-%d.mlir" % n)
        with open(path, "w") as out:
            subprocess.run([sys.executable,
                            os.path.join(HERE, "..", "..", "test", "tsan",
                                         "gen_calls.py"), str(n)],
                           check=True, stdout=out)
        files.append(("calls, %d functions" % n, path))
    print("| file | MB | mlir-opt | memlint -j1 | memlint -j2 "
          "| ratio -j1 | ratio -j2 |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, path in files:
        ref = peak_rss_mb([mlir_opt, "--allow-unregistered-dialect", path,
                           "-o", os.devnull], args.reps)
        one = peak_rss_mb([args.memlint, "lint", "-j1", path], args.reps)
        two = peak_rss_mb([args.memlint, "lint", "-j2", path], args.reps)
        print("| %s | %.1f | %.0f | %.0f | %.0f | %.2f | %.2f |" %
              (name, os.path.getsize(path) / 1e6, ref, one, two, one / ref,
               two / ref))


if __name__ == "__main__":
    main()
