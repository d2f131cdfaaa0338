#!/usr/bin/env python3
"""Issue 14's ratios: `fix` and the fix-carrying output against `lint`.

    ratios.py [--memlint BIN] [--mlir-opt BIN] [--units 3,6,12,24,48,96]
              [--reps 3] [--work DIR]

On bench/scaling's `leaks` modules (UNITS thousand lines of 33-line
functions; each allocates, uses and frees six buffers, one function in
five frees its fourth on one branch only: a leak, and the rest could reuse
each other), times `memlint lint FILE` (text: the CI step), `lint
--format=json` and `--format=sarif` (a proven fix per finding, within the
output's work bound), `memlint fix FILE` (every fix, to a fixpoint) and
`mlir-opt --allow-unregistered-dialect FILE -o /dev/null`, all at their
default threads (one per core). Wall seconds are the best of --reps runs
(the machine's other jobs only ever add); cpu is user + system of that
run; RSS the largest of the runs. `json/lint`, `fix/lint`: the ratios of
the wall times (issue 14's goals: 2 and 3). `exp`: the exponent of
`fix`'s wall time against the previous row (1 linear, 2 quadratic).
Times depend on the machine; no test reads them.
"""

import argparse
import math
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "test", "lib"))
import llvm_tools  # noqa: E402
from run import gen_leaks  # noqa: E402


def measure(cmd, reps):
    """(best wall s, cpu s of that run, largest RSS MB)."""
    best = None
    rss = 0
    for _ in range(reps):
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):
            sys.exit("failed (%d): %s\n%s" % (code, " ".join(cmd),
                                              proc.stderr.read().decode()))
        proc.stderr.close()
        rss = max(rss, usage.ru_maxrss / 1024)
        if best is None or wall < best[0]:
            best = (wall, usage.ru_utime + usage.ru_stime)
    return best[0], best[1], rss


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--memlint", default="build/cli/memlint")
    ap.add_argument("--mlir-opt")
    ap.add_argument("--units", default="3,6,12,24,48,96")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--work", default="/tmp/memlint-ratios")
    args = ap.parse_args()
    mlir_opt = llvm_tools.tool("mlir-opt", args.mlir_opt)
    os.makedirs(args.work, exist_ok=True)
    steps = [("lint", ["lint"]), ("json", ["lint", "--format=json"]),
             ("sarif", ["lint", "--format=sarif"]), ("fix", ["fix"])]
    print("| lines | " + " | ".join(
        "%s s (cpu) / RSS MB" % name for name, _ in steps) +
        " | mlir-opt s / RSS MB | json/lint | fix/lint | fix exp |")
    print("|---:|" + "---:|" * (len(steps) + 4))
    prev = None
    for units in [int(u) for u in args.units.split(",")]:
        path = os.path.join(args.work, "leaks-%d.mlir" % units)
        gen_leaks(units, path)
        lines = sum(1 for _ in open(path))
        got = {name: measure([args.memlint] + cmd + [path], args.reps)
               for name, cmd in steps}
        opt = measure([mlir_opt, "--allow-unregistered-dialect", path, "-o",
                       os.devnull], args.reps)
        exp = "-"
        if prev:
            exp = "%.2f" % (math.log(got["fix"][0] / prev[1]) /
                            math.log(lines / prev[0]))
        prev = (lines, got["fix"][0])
        cells = ["%.2f (%.2f) / %.0f" % got[name] for name, _ in steps]
        print("| %d | %s | %.2f / %.0f | %.1f | %.1f | %s |" % (
            lines, " | ".join(cells), opt[0], opt[2],
            got["json"][0] / got["lint"][0], got["fix"][0] / got["lint"][0],
            exp), flush=True)


if __name__ == "__main__":
    main()
