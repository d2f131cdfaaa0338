#!/usr/bin/env python3
"""Times memlint on each function of a gen.py module on its own.

    bench/lint/slowest.py FILE [--memlint PATH] [--timeout 20] [--top 15]
                          [--keep DIR] [--only w5,w18] [--format text|json]

Each worker function goes into a file of its own together with the helpers
and external kernels; the other workers it calls become private
declarations.  Prints the slowest functions (wall, cpu, ops, allocs), so a
blow-up on a whole module can be pinned to the function that causes it.
Only understands gen.py output (one top-level func.func per line group,
closed by a "}" line at column 0).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WORKER_SIG = ("(index, index, i1, i1, i1, f32, memref<?xf32>) -> f32")


def split(text):
    """Yields (name, lines) per top-level func.func."""
    cur, name = None, None
    for line in text.split("\n"):
        m = re.match(r"func\.func (?:private )?@(\w+)", line)
        if m:
            if line.rstrip().endswith(")") and "{" not in line:
                yield m.group(1), [line]  # a declaration
                continue
            cur, name = [line], m.group(1)
            continue
        if cur is not None:
            cur.append(line)
            if line == "}":
                yield name, cur
                cur = None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file")
    ap.add_argument("--memlint", default=os.path.join(ROOT, "build/cli/memlint"))
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--format", default="text",
                    help="memlint --format (json also attaches fixes)")
    ap.add_argument("--keep", help="write the per-function files here")
    ap.add_argument("--only", help="comma separated function names")
    a = ap.parse_args()
    funcs = list(split(open(a.file).read()))
    common = [l for n, ls in funcs if not n.startswith("w") for l in ls]
    workers = [(n, ls) for n, ls in funcs if n.startswith("w")]
    results = []
    if a.only:
        wanted = set(a.only.split(","))
        workers = [(n, ls) for n, ls in workers if n in wanted]
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = a.keep or tmpdir
        os.makedirs(tmp, exist_ok=True)
        for n, ls in workers:
            body = "\n".join(ls)
            callees = sorted(set(re.findall(r"@(w\d+)\(", body)) - {n})
            decls = ["func.func private @%s%s" % (c, WORKER_SIG)
                     for c in callees]
            path = os.path.join(tmp, n + ".mlir")
            with open(path, "w") as f:
                f.write("\n".join(common + decls + ls) + "\n")
            ops = sum(1 for l in ls if re.match(r"\s*(%\S+ = )?[\"a-z]", l))
            allocs = body.count("memref.alloc(")
            t0 = time.perf_counter()
            p = subprocess.Popen([a.memlint, "lint", "--format=" + a.format, path],
                                 stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
            try:
                _, err = p.communicate(timeout=a.timeout)
                wall = time.perf_counter() - t0
                status = "rc=%d" % p.returncode
                if p.returncode not in (0, 1):
                    status += " " + err.decode(errors="replace")[:200]
            except subprocess.TimeoutExpired:
                p.kill()
                p.communicate()
                wall = float("inf")
                status = "timeout"
            results.append((wall, n, ops, allocs, status))
            print("%-8s %8s s  ops~%-6d allocs %-5d %s"
                  % (n, "%.2f" % wall if wall != float("inf") else ">%g" % a.timeout,
                     ops, allocs, status), file=sys.stderr, flush=True)
    results.sort(reverse=True)
    print("slowest functions of %s (each linted alone, %s):" % (a.file, a.memlint))
    print("| function | wall s | lines with ops | allocs | status |")
    print("|---|---|---|---|---|")
    for wall, n, ops, allocs, status in results[:a.top]:
        print("| %s | %s | %d | %d | %s |" % (
            n, "%.2f" % wall if wall != float("inf") else "> %g" % a.timeout,
            ops, allocs, status))


if __name__ == "__main__":
    main()
