#!/usr/bin/env python3
"""Scaling bench: how memlint's steps grow with their input, next to mlir-opt.

    run.py [--memlint BIN] [--mlir-opt BIN] [--steps a,b] [--sizes N]
           [--base K] [--work DIR]

For each step the input doubles --sizes times from --base units. Each row
gives the input size, memlint's CPU seconds (user + system), the exponent between this
size and the previous one (log2 of the time ratio: 1 is linear, 2
quadratic), and the same for `mlir-opt FILE -o /dev/null` on the same
file. Steps:

  json    lint --format=json, many small functions (bench/lint/gen.py)
  sarif   lint --format=sarif, the same files
  line    lint, one function whose ops are all on one line
  fix     fix, one function of alloc/use/free triples (missed-reuse merges)
  leaks   fix, many small functions, one in five leaking a buffer on one
          branch (issue 14's shape: 800 leaks in 120k lines)
  leaks-json  lint --format=json (a proven fix per finding), the same files
  every-leak  lint --format=json, small functions that each leak on one
          branch (an edge free per finding: its block label was looked for
          among every block of the file, 469 s at 40,000 functions)
  emit    emit --target=cuda --emit=arena, one function of allocations
  emit-ifs  emit --target=cuda --emit=mlir (the whole GPU lowering), one
          function of scf.ifs each replacing the buffer before it (upstream's
          -convert-scf-to-cf kept every block split: quadratic memory)

Times are CPU seconds of the child process and depend on the machine; only the exponents are
meant to be compared. No test reads them.
"""

import argparse
import math
import os
import resource
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "lib"))
import llvm_tools  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "..", "lint", "gen.py")


def gen_functions(units, path):
    # units: thousands of ops across many small functions.
    subprocess.run([sys.executable, GEN, "--ops", str(units * 1000),
                    "--seed", "1", "--huge-ops", "0", "--out", path],
                   check=True, stderr=subprocess.DEVNULL)


def gen_line(units, path):
    # units: hundreds of leaking allocations, all on the function's line.
    ops = ["%c0 = arith.constant 0 : index", "%x = arith.constant 1.0 : f32"]
    for i in range(units * 100):
        ops.append("%%a%d = memref.alloc() : memref<8xf32>" % i)
        ops.append("memref.store %%x, %%a%d[%%c0] : memref<8xf32>" % i)
    ops.append("return")
    with open(path, "w") as f:
        f.write("func.func @line() { " + " ".join(ops) + " }\n")


def gen_triples(units, path):
    # units: hundreds of alloc/use/free triples of one type in one
    # function: each buffer could reuse the one before (missed-reuse).
    lines = ["func.func @triples(%x: f32) {",
             "  %c0 = arith.constant 0 : index"]
    for i in range(units * 100):
        lines.append("  %%b%d = memref.alloc() : memref<16xf32>" % i)
        lines.append("  memref.store %%x, %%b%d[%%c0] : memref<16xf32>" % i)
        lines.append("  memref.dealloc %%b%d : memref<16xf32>" % i)
    lines += ["  return", "}"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def gen_leaks(units, path):
    # units: thousands of lines of 33-line functions; each allocates, uses
    # and frees six buffers, and one function in five frees its fourth
    # buffer on one branch only (a leak); the rest could reuse each other.
    lines = ["module {"]
    k = 0
    while len(lines) < units * 1000:
        leak = k % 5 == 0
        t = "memref<?xf32>"
        lines.append("  func.func @f%d(%%c: i1, %%n: index, %%x: %s) {" % (k, t))
        for j in range(6):
            lines.append("    %%a%d = memref.alloc(%%n) : %s" % (j, t))
            lines.append("    memref.copy %%x, %%a%d : %s to %s" % (j, t, t))
            lines.append('    "npu.compute"(%%a%d, %%x) : (%s, %s) -> ()'
                         % (j, t, t))
            if leak and j == 3:
                lines += ["    scf.if %c {",
                          "      memref.dealloc %%a%d : %s" % (j, t), "    }"]
            else:
                lines.append("    memref.dealloc %%a%d : %s" % (j, t))
        lines += ["    return", "  }"]
        k += 1
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def gen_every_leak(units, path):
    # units: thousands of lines of 7-line functions, each freeing its
    # buffer on one branch only: one leak, one fix, per function.
    lines = []
    k = 0
    while len(lines) < units * 1000:
        lines += ["func.func @f%d(%%c: i1) {" % k,
                  "  %%a = memref.alloc() : memref<%dxf32>" % (k + 1),
                  "  scf.if %c {",
                  "    memref.dealloc %%a : memref<%dxf32>" % (k + 1),
                  "  }", "  return", "}"]
        k += 1
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def gen_allocs(units, path):
    # units: thousands of allocations in one function, each live while the
    # next is allocated, freed at the end in reverse.
    n = units * 1000
    lines = ["func.func @allocs(%x: f32) {",
             "  %c0 = arith.constant 0 : index"]
    for i in range(n):
        lines.append("  %%b%d = memref.alloc() : memref<%dxf32>" % (i, 4 + i % 7))
        lines.append("  memref.store %%x, %%b%d[%%c0] : memref<%dxf32>"
                     % (i, 4 + i % 7))
        if i >= 2:
            j = i - 2
            lines.append("  memref.dealloc %%b%d : memref<%dxf32>" % (j, 4 + j % 7))
    for j in (n - 2, n - 1):
        lines.append("  memref.dealloc %%b%d : memref<%dxf32>" % (j, 4 + j % 7))
    lines += ["  return", "}"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def gen_cfg(units, path):
    # units: thousands of blocks in one function, each allocating, using
    # and freeing a buffer, then branching to the next (missed-reuse pairs
    # every neighbour; the walk forgets each buffer once it is freed).
    lines = ["func.func @cfg(%x: f32, %i: index) {"]
    for k in range(units * 1000):
        lines += ["  %%a%d = memref.alloc() : memref<4xf32>" % k,
                  "  memref.store %%x, %%a%d[%%i] : memref<4xf32>" % k,
                  "  memref.dealloc %%a%d : memref<4xf32>" % k,
                  "  cf.br ^b%d" % k, "^b%d:" % k]
    lines += ["  return", "}"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def gen_if_chain(units, path):
    # units: hundreds of scf.ifs in one function, each either freeing the
    # buffer before it and yielding a new one, or yielding it as it is.
    lines = ["func.func @ifs(%c: i1) -> memref<16xf32> {",
             "  %b0 = memref.alloc() : memref<16xf32>"]
    for i in range(units * 100):
        lines += ["  %%b%d = scf.if %%c -> (memref<16xf32>) {" % (i + 1),
                  "    %t = memref.alloc() : memref<16xf32>",
                  "    memref.dealloc %%b%d : memref<16xf32>" % i,
                  "    scf.yield %t : memref<16xf32>",
                  "  } else {",
                  "    scf.yield %%b%d : memref<16xf32>" % i,
                  "  }"]
    lines += ["  return %%b%d : memref<16xf32>" % (units * 100), "}"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


# step: (generator, base units, memlint arguments before the file)
STEPS = {
    "json": (gen_functions, 4, ["lint", "--format=json", "-j1"]),
    "sarif": (gen_functions, 4, ["lint", "--format=sarif", "-j1"]),
    "line": (gen_line, 20, ["lint", "-j1"]),
    "fix": (gen_triples, 2, ["fix"]),
    "leaks": (gen_leaks, 3, ["fix"]),
    "leaks-json": (gen_leaks, 3, ["lint", "--format=json", "-j1"]),
    "every-leak": (gen_every_leak, 35, ["lint", "--format=json", "-j1"]),
    "cfg": (gen_cfg, 5, ["lint", "-j1"]),
    "emit": (gen_allocs, 1, ["emit", "--target=cuda", "--emit=arena",
                             "-o", os.devnull]),
    "emit-ifs": (gen_if_chain, 12, ["emit", "--target=cuda", "--emit=mlir",
                                    "-o", os.devnull]),
}


def timed(cmd):
    # CPU seconds (user + system) of the child: on a shared machine the wall
    # clock mostly measures the other jobs.
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    took = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # memlint: 0 clean, 1 findings; anything else is a failure.
    if r.returncode not in (0, 1):
        sys.exit("failed (%d): %s\n%s" % (r.returncode, " ".join(cmd),
                                          r.stderr.decode()[-2000:]))
    return took


def exponent(prev, cur):
    if not prev or prev[1] <= 0 or cur[1] <= 0:
        return "-"
    return "%.2f" % (math.log(cur[1] / prev[1]) / math.log(cur[0] / prev[0]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--memlint", default="build/cli/memlint")
    ap.add_argument("--mlir-opt",
                    help="default: mlir-opt of the LLVM 22 that "
                    "test/lib/llvm_tools.py finds")
    ap.add_argument("--steps", default=",".join(STEPS))
    ap.add_argument("--sizes", type=int, default=4)
    ap.add_argument("--base", type=int, default=0,
                    help="units of the first size (0: the step's default)")
    ap.add_argument("--work", default="/tmp/memlint-scaling")
    args = ap.parse_args()
    args.mlir_opt = llvm_tools.tool("mlir-opt", args.mlir_opt)
    os.makedirs(args.work, exist_ok=True)
    for step in args.steps.split(","):
        gen, base, cmd = STEPS[step]
        base = args.base or base
        print("## %s: memlint %s FILE" % (step, " ".join(cmd)))
        print("| bytes | memlint cpu s | exponent | mlir-opt cpu s | exponent |")
        print("|------:|----------:|---------:|-----------:|---------:|")
        prev_m = prev_o = None
        for k in range(args.sizes):
            path = os.path.join(args.work, "%s-%d.mlir" % (step, k))
            gen(base << k, path)
            size = os.path.getsize(path)
            m = (size, timed([args.memlint] + cmd + [path]))
            o = (size, timed([args.mlir_opt, "--allow-unregistered-dialect",
                              path, "-o", os.devnull]))
            print("| %d | %.2f | %s | %.2f | %s |" % (
                size, m[1], exponent(prev_m, m), o[1], exponent(prev_o, o)),
                flush=True)
            prev_m, prev_o = m, o
        print()


if __name__ == "__main__":
    main()
