#!/usr/bin/env python3
"""A synthetic .mlir file of about N lines for the LSP bench and tests.

    gen.py [N] [--json]

Many functions, each with allocations, loads/stores and frees; every fourth
leaks %c, so the server has real work and real findings.  Function i starts
at line 18 * i (0-based) and its `return` is 15 lines further down (see
bench.js).  With --json the output is {"text", "functions": [{"name",
"firstLine"}], "lines"}; gen.js reads that.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "lib"))
from irgen import lines, ops  # noqa: E402

A, B, C = "memref<64x64xf32>", "memref<?x16xf32, 1>", "memref<128xf32>"


def function(i):
    """The lines of function @f<i>, with a blank line after it."""
    body = [
        ops.constant("%c0", 0, "index"),
        ops.constant("%c1", 1, "index"),
        ops.alloc("%a", A),
        ops.alloc("%b", B, "%n"),
        ops.store("%x", "%a", "%c0, %c1", A),
        ops.load("%v0", "%a", "%c0, %c0", A),
        ops.store("%v0", "%b", "%c0, %c1", B),
        ops.alloc("%c", C),
        ops.store("%v0", "%c", "%c1", C),
        ops.load("%v1", "%c", "%c1", C),
        ops.binary("%s", "addf", "%v0", "%v1", "f32"),
        ops.dealloc("%a", A),
        ops.dealloc("%b", B),
        # Every fourth function leaks %c (the line count stays the same).
        ops.dealloc("%c", C) if i % 4 != 0
        else ops.constant("%%unused%d" % i, "1.0", "f32"),
        ops.return_("%s", "f32"),
    ]
    return ([ops.func("f%d" % i, ["%n: index", "%x: f32"], "f32")] +
            [lines.indent(1, op) for op in body] + [ops.END, ""])


def generate(target_lines):
    """(text, [{"name", "firstLine"}], line count) of about `target_lines`
    lines."""
    out, functions = [], []
    i = 0
    while len(out) < target_lines:
        functions.append({"name": "f%d" % i, "firstLine": len(out)})
        out.extend(function(i))
        i += 1
    return "\n".join(out), functions, len(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("lines", type=int, nargs="?", default=5000)
    ap.add_argument("--json", action="store_true",
                    help="text, functions and line count as JSON")
    args = ap.parse_args(argv)
    text, functions, count = generate(args.lines)
    if args.json:
        json.dump({"text": text, "functions": functions, "lines": count},
                  sys.stdout)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
