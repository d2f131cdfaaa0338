#!/usr/bin/env python3
"""Fix the mutants memlint caught, and run what `memlint fix` made of them.

Usage: fix_caught.py --keep DIR --log FILE [--memlint BIN] [--count N]
                     [--seed S] [--variant plain|dyn] [--n 0,1,2,3,5] [-j N]

DIR is what `run.py --keep DIR` kept and FILE what that run printed. Of
the single-free mutants of one variant (--variant: `plain`, or `dyn` for
private-function-dynamic-ownership; a free deleted or doubled)
that the run did not report as missed, --count drawn at random (--seed)
are fixed with `memlint fix` and each fixed program is run as
run_misses.py runs a mutant: lowered to LLVM and JIT-run under memcount
for every loop count in --n and both values of its i1 argument. A fix is
right when the fixed program neither leaks, frees twice nor frees what
was never allocated on any of them ("clean"; "clean, findings left" when
`fix` said some finding had no fix), or when what it still does is a
finding `fix` said it left ("left, as fix said"); "wrong" otherwise.
Programs calling a body-less declaration cannot be run and are not drawn.

A measurement, not a test: CI does not run it.
"""
import argparse
import concurrent.futures
import glob
import os
import random
import re
import subprocess
import tempfile

import run_misses

HERE = os.path.dirname(os.path.abspath(__file__))
MUTANT_RE = re.compile(r"(\w+)\.(del|dup)-L(\d+)\.mlir$")


def check(memlint, mutant, inputs, lib):
    """(verdict, detail) of fixing `mutant` and running the result."""
    p = subprocess.run([memlint, "fix", mutant], capture_output=True,
                       text=True)
    if p.returncode not in (0, 1):
        return "error", "memlint fix exited %d: %s" % (p.returncode,
                                                       p.stderr[-200:])
    left = "left" in p.stderr
    with tempfile.NamedTemporaryFile("w", suffix=".mlir",
                                     delete=False) as f:
        f.write(p.stdout)
        fixed = f.name
    try:
        r = run_misses.memory_bugs(fixed, inputs, lib)
    finally:
        os.unlink(fixed)
    if isinstance(r, str):
        return "error", r[:200]
    bad = {k: v for k, v in r.items() if any(v)}
    if bad:
        # A finding `fix` said it could not fix still shows: no wrong fix.
        return ("left, as fix said" if left else "wrong",
                "(n, c): (leaks, double frees, invalid frees) %s" % bad)
    return ("clean, findings left" if left else "clean"), ""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--keep", required=True, help="run.py's --keep DIR")
    ap.add_argument("--log", required=True, help="what that run printed")
    ap.add_argument("--memlint", default=os.path.join(
        HERE, "..", "..", "build", "cli", "memlint"))
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--variant", choices=["plain", "dyn"], default="plain")
    ap.add_argument("--n", default="0,1,2,3,5",
                    help="loop counts given as the index argument")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    inputs = [(int(n), c) for n in args.n.split(",") for c in (0, 1)]
    missed = set()
    for line in open(args.log):
        m = run_misses.MISS_RE.match(line)
        if m and m.group(2) == args.variant:
            missed.add((m.group(1), m.group(3), m.group(4)))
    plain = os.path.join(args.keep, "plain" if args.variant == "plain"
                         else "dynamic-ownership")
    drawn = []
    for path in sorted(glob.glob(os.path.join(plain, "*-L*.mlir"))):
        m = MUTANT_RE.search(path)
        if not m or m.groups() in missed:
            continue
        clean = os.path.join(plain, m.group(1) + ".mlir")
        if run_misses.DECL_RE.search(open(clean).read()):
            continue
        drawn.append(path)
    random.Random(args.seed).shuffle(drawn)
    drawn = drawn[:args.count]
    lib = run_misses.runtime.build_lib()
    counts = {}
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        jobs = [(path, pool.submit(check, args.memlint, path, inputs, lib))
                for path in drawn]
        for path, job in jobs:
            verdict, detail = job.result()
            counts[verdict] = counts.get(verdict, 0) + 1
            print("%-24s %-22s %s" % (os.path.basename(path), verdict,
                                      detail), flush=True)
    print("fixed mutants: %d; %s" % (len(drawn), ", ".join(
        "%s %d" % kv for kv in sorted(counts.items()))))


if __name__ == "__main__":
    main()
