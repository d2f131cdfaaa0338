#!/usr/bin/env python3
"""Functions with N findings of one kind, and what `lint`, `lint
--format=json` (a proven fix per finding) and `fix` spend on them as N
doubles: wall seconds (best of --reps) and the exponent against the row
before (1 linear, 2 quadratic). Issue 14: fix at most 3x the lint, JSON
2x, no quadratic step.

    python3 bench/lint/fix_shapes.py --memlint build/cli/memlint
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cost_shapes  # noqa: E402


def straight(n, kind):
    # N buffers in one function: freed before their last use ("uaf"),
    # freed twice ("df"), or freed on one branch of an scf.if ("branch").
    ty = "memref<4xf32>"
    out = ["func.func @f(%c: i1) -> f32 {", "  %c0 = arith.constant 0 : index",
           "  %z = arith.constant 0.0 : f32"]
    acc = "%z"
    for i in range(n):
        a = f"%a{i}"
        out += [f"  {a} = memref.alloc() : {ty}",
                f"  memref.store %z, {a}[%c0] : {ty}"]
        if kind == "uaf":
            out += [f"  memref.dealloc {a} : {ty}",
                    f"  %v{i} = memref.load {a}[%c0] : {ty}"]
        else:
            out += [f"  %v{i} = memref.load {a}[%c0] : {ty}"]
        if kind == "df":
            out += [f"  memref.dealloc {a} : {ty}"] * 2
        elif kind == "branch":
            out += ["  scf.if %c {", f"    memref.dealloc {a} : {ty}", "  }"]
        out += [f"  %s{i} = arith.addf {acc}, %v{i} : f32"]
        acc = f"%s{i}"
    out += [f"  return {acc} : f32", "}"]
    return "\n".join(out) + "\n"


def freed_on_edges(n):
    # Blocks ^b0 .. ^b{n-1}: each allocates a buffer and frees it on one
    # edge of a cf.cond_br only (in a block ^f of its own), both edges
    # going on to the next; ^b{n} is left to the caller.
    ty = "memref<4xf32>"
    out = []
    for i in range(n):
        a = f"%a{i}"
        out += [f"^b{i}:", f"  {a} = memref.alloc() : {ty}",
                f"  memref.store %z, {a}[%c0] : {ty}",
                f"  cf.cond_br %c, ^f{i}, ^b{i + 1}", f"^f{i}:",
                f"  memref.dealloc {a} : {ty}", f"  cf.br ^b{i + 1}"]
    return out


def one_edge(n):
    # N buffers, each freed on one edge of a cf.cond_br (code lowered to
    # branches): each leak's free goes in a block of its own on the other.
    out = ["func.func @f(%c: i1) {", "  %c0 = arith.constant 0 : index",
           "  %z = arith.constant 0.0 : f32", "  cf.br ^b0"]
    out += freed_on_edges(n)
    out += [f"^b{n}:", "  return", "}"]
    return "\n".join(out) + "\n"


def edge_in_cfg_loop(n):
    # The same inside one CFG loop (an scf.for lowered to branches): every
    # block is in one cycle, so the ranks that bound one_edge's walks
    # bound nothing here.
    out = ["func.func @f(%c: i1, %n: index) {",
           "  %c0 = arith.constant 0 : index",
           "  %c1 = arith.constant 1 : index",
           "  %z = arith.constant 0.0 : f32", "  cf.br ^h(%c0 : index)",
           "^h(%i: index):", "  %t = arith.cmpi slt, %i, %n : index",
           "  cf.cond_br %t, ^b0, ^exit"]
    out += freed_on_edges(n)
    out += [f"^b{n}:", "  %next = arith.addi %i, %c1 : index",
            "  cf.br ^h(%next : index)", "^exit:", "  return", "}"]
    return "\n".join(out) + "\n"


def used_in_loop(n):
    # N buffers allocated before an scf.for, each stored to in its body,
    # none freed: each leak's free goes after the loop, but the places in
    # the body (a use follows in the next iteration) come first in text
    # order and fill the search's places "right only on paths that cannot
    # be taken" before it gets there.
    ty = "memref<4xf32>"
    out = ["func.func @f(%n: index) {", "  %c0 = arith.constant 0 : index",
           "  %c1 = arith.constant 1 : index",
           "  %z = arith.constant 0.0 : f32"]
    out += [f"  %a{i} = memref.alloc() : {ty}" for i in range(n)]
    out += ["  scf.for %i = %c0 to %n step %c1 {"]
    out += [f"    memref.store %z, %a{i}[%c0] : {ty}" for i in range(n)]
    out += ["  }", "  return", "}"]
    return "\n".join(out) + "\n"


def in_loop(n):
    # The leaks on one branch inside one scf.for body.
    ty = "memref<4xf32>"
    out = ["func.func @f(%c: i1, %n: index) {",
           "  %c0 = arith.constant 0 : index",
           "  %c1 = arith.constant 1 : index",
           "  %z = arith.constant 0.0 : f32",
           "  scf.for %i = %c0 to %n step %c1 {"]
    for i in range(n):
        a = f"%a{i}"
        out += [f"    {a} = memref.alloc() : {ty}",
                f"    memref.store %z, {a}[%c0] : {ty}",
                "    scf.if %c {", f"      memref.dealloc {a} : {ty}", "    }"]
    out += ["  }", "  return", "}"]
    return "\n".join(out) + "\n"


SHAPES = [
    ("uses after free", lambda n: straight(n, "uaf"), [200, 400, 800]),
    ("double frees", lambda n: straight(n, "df"), [200, 400, 800]),
    ("leaks on one branch", lambda n: straight(n, "branch"), [200, 400, 800]),
    ("leaks on one branch in a loop", in_loop, [100, 200, 400]),
    ("leaks on one edge of a cf.cond_br", one_edge, [200, 400, 800]),
    ("the same in a CFG loop", edge_in_cfg_loop, [100, 200, 400]),
    ("buffers used in a loop, never freed", used_in_loop, [20, 40, 80]),
    ("bufferization.dealloc of N conditions", cost_shapes.wide_dealloc,
     [100, 200, 400]),
]


def timed(cmd, reps):
    best = None
    for _ in range(reps):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=600)
        t = time.perf_counter() - start
        best = t if best is None else min(best, t)
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--memlint", default="build/cli/memlint")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    print("| shape | N | lint s | json s | exp | fix s | exp | fix/lint |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, make, sizes in SHAPES:
            before = None
            for n in sizes:
                path = os.path.join(tmp, f"shape_{n}.mlir")
                with open(path, "w") as f:
                    f.write(make(n))
                lint = timed([args.memlint, "lint", path], args.reps)
                json = timed([args.memlint, "lint", "--format=json", path],
                             args.reps)
                fix = timed([args.memlint, "fix", path], args.reps)

                def exp(now, i):
                    if not before:
                        return ""
                    return f"{math.log(now / before[i]) / math.log(n / before[0]):.2f}"
                print(f"| {name} | {n} | {lint:.2f} | {json:.2f} | "
                      f"{exp(json, 1)} | {fix:.2f} | {exp(fix, 2)} | "
                      f"{fix / lint:.1f} |", flush=True)
                before = (n, json, fix)


if __name__ == "__main__":
    main()
