#!/usr/bin/env python3
"""What upstream's deallocation output of nested loops costs memlint, in
the forms pipelines leave it: structured (scf.for), lowered to branches
(`--convert-scf-to-cf`), and lifted back (`--lift-cf-to-scf`: scf.while).

Each program is d nested scf.for loops carrying a tensor that the
innermost body updates elementwise (a linalg.generic into a new tensor),
bufferized by one-shot-bufferize, its frees placed by
`--buffer-deallocation-pipeline`, the linalg op lowered to a loop. Prints
wall seconds, BDD operations and whether the function was checked, per d
and form (issue 11, item 6: loop nests as deep as generated code has).

    python3 bench/lint/loop_nests.py --memlint build/cli/memlint
"""
import argparse
import os
import re
import subprocess
import tempfile
import time

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
BUFFERIZE = ("--one-shot-bufferize=bufferize-function-boundaries=1 "
             "allow-return-allocs-from-loops=1")
FORMS = {
    "scf.for": [],
    "cf": ["--convert-scf-to-cf"],
    "scf.while (lifted)": ["--convert-scf-to-cf", "--lift-cf-to-scf"],
}


def nest(d):
    out = ["#map = affine_map<(d0) -> (d0)>",
           "func.func @f(%n: index, %init: tensor<?xf32>) -> tensor<?xf32> {",
           "  %c0 = arith.constant 0 : index",
           "  %c1 = arith.constant 1 : index",
           "  %sz = tensor.dim %init, %c0 : tensor<?xf32>"]
    cur = "%init"
    for k in range(d):
        out.append("  " * (k + 1) + f"%r{k} = scf.for %i{k} = %c0 to %n step "
                   f"%c1 iter_args(%a{k} = {cur}) -> (tensor<?xf32>) {{")
        cur = f"%a{k}"
    ind = "  " * (d + 1)
    out += [ind + "%e = tensor.empty(%sz) : tensor<?xf32>",
            ind + "%g = linalg.generic {indexing_maps = [#map, #map], "
            "iterator_types = [\"parallel\"]} "
            f"ins({cur} : tensor<?xf32>) outs(%e : tensor<?xf32>) {{",
            ind + "^bb0(%x: f32, %y: f32):",
            ind + "  %z = arith.addf %x, %x : f32",
            ind + "  linalg.yield %z : f32",
            ind + "} -> tensor<?xf32>",
            ind + "scf.yield %g : tensor<?xf32>"]
    for k in reversed(range(d)):
        if k + 1 < d:
            out.append("  " * (k + 2) + f"scf.yield %r{k + 1} : tensor<?xf32>")
        out.append("  " * (k + 1) + "}")
    out += ["  return %r0 : tensor<?xf32>", "}"]
    return "\n".join(out) + "\n"


def lower(src, path, extra):
    cmd = [MLIR_OPT, BUFFERIZE, "--buffer-deallocation-pipeline",
           "--convert-linalg-to-loops"] + extra + ["-o", path]
    subprocess.run(cmd, input=src, text=True, check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--memlint", default="build/cli/memlint")
    ap.add_argument("--depths", default="4,8,11,14,16")
    args = ap.parse_args()
    print("| form | d | wall s | BDD operations | checked |")
    print("|---|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for form, extra in FORMS.items():
            for d in (int(x) for x in args.depths.split(",")):
                path = os.path.join(tmp, f"nest{d}.mlir")
                lower(nest(d), path, extra)
                start = time.perf_counter()
                r = subprocess.run([args.memlint, "lint", "--time-report",
                                    path], capture_output=True, text=True,
                                   timeout=600)
                wall = time.perf_counter() - start
                m = re.search(r"work\s+(\d+) BDD operations", r.stderr)
                checked = "no" if "[not-checked]" in r.stdout else "yes"
                print(f"| {form} | {d} | {wall:.2f} | "
                      f"{m.group(1) if m else '?'} | {checked} |")


if __name__ == "__main__":
    main()
