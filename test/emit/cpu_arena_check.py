#!/usr/bin/env python3
"""Run a gpu.launch program on the CPU as written and after the arena rewrite.

Usage: cpu_arena_check.py MEMLINT FILE.mlir

memlint's arena rewrite is the same for `gpu.alloc` and `memref.alloc`
buffers (only the op that allocates the arena differs), so its offsets can be
checked on a machine without a GPU: FILE's kernels become CPU loops
(`gpu.launch` -> `scf.parallel` over blocks x threads, `gpu.alloc`/
`gpu.dealloc` -> `memref.alloc`/`memref.dealloc`), then

  A = that program, lowered and run with mlir-runner,
  B = `memlint emit --target=cuda --emit=arena` of it (one host arena at the
      planned offsets), lowered and run the same way,

and A and B must print the same output, bit for bit: a plan that let two
live buffers overlap would change it. The first function of FILE is called
by a generated @main on seeded inputs (every argument a static f32 memref);
the last argument is printed.

This is a textual conversion for kernels written as in
examples/transformer_block_gpu.mlir (no barriers, no shared memory, each
thread writing its own elements); it is a test, not a lowering.
Prints "same output (N values), arena: K -> 1 allocations" and exits 0, or
exits 1 on a difference.
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import llvm_tools  # noqa: E402

LAUNCH_RE = re.compile(
    r"gpu\.launch blocks\((%\w+), (%\w+), (%\w+)\) in "
    r"\(%\w+ = (%\w+), %\w+ = (%\w+), %\w+ = (%\w+)\)\s*"
    r"threads\((%\w+), (%\w+), (%\w+)\) in "
    r"\(%\w+ = (%\w+), %\w+ = (%\w+), %\w+ = (%\w+)\) \{")


def to_cpu(text):
    def launch(m):
        ivs = ", ".join(m.group(i) for i in (1, 2, 3, 7, 8, 9))
        ubs = ", ".join(m.group(i) for i in (4, 5, 6, 10, 11, 12))
        return ("scf.parallel ({ivs}) = (%cpu_c0, %cpu_c0, %cpu_c0, %cpu_c0, "
                "%cpu_c0, %cpu_c0) to ({ubs}) step (%cpu_c1, %cpu_c1, %cpu_c1, "
                "%cpu_c1, %cpu_c1, %cpu_c1) {{").format(ivs=ivs, ubs=ubs)
    text, n = LAUNCH_RE.subn(launch, text)
    if n == 0:
        sys.exit("no gpu.launch found")
    text = text.replace("gpu.terminator", "scf.reduce")
    text = re.sub(r"gpu\.alloc \(\)", "memref.alloc()", text)
    text = text.replace("gpu.dealloc", "memref.dealloc")
    # The loop bounds' constants, first thing in the first function body.
    text = re.sub(r"(func\.func @\w+\((?:[^{}]|\n)*?\) \{\n)",
                  r"\1  %cpu_c0 = arith.constant 0 : index\n"
                  r"  %cpu_c1 = arith.constant 1 : index\n", text, count=1)
    return text


def main_for(text):
    m = re.search(r"func\.func @(\w+)\(((?:[^{}])*?)\) \{", text)
    name, params = m.group(1), m.group(2)
    types = re.findall(r"%\w+: (memref<[^>]*>)", params)
    lines = ["func.func private @printMemrefF32(memref<*xf32>)",
             "func.func @main() {",
             "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index"]
    args = []
    for k, t in enumerate(types):
        dims = [int(d) for d in re.findall(r"(\d+)x", t)]
        if len(dims) not in (1, 2) or not t.endswith("xf32>"):
            sys.exit("unsupported argument type " + t)
        lines.append(f"  %a{k} = memref.alloc() : {t}")
        ubs = [f"%n{k}_{d}" for d in range(len(dims))]
        for d, n in enumerate(dims):
            lines.append(f"  {ubs[d]} = arith.constant {n} : index")
        ivs = [f"%i{k}_{d}" for d in range(len(dims))]
        lines.append(f"  scf.parallel ({', '.join(ivs)}) = "
                     f"({', '.join(['%c0'] * len(dims))}) to ({', '.join(ubs)}) "
                     f"step ({', '.join(['%c1'] * len(dims))}) {{")
        # value = ((lin * 37 + 11 * k) mod 101 - 50) / (50 * fan), seeded by k
        lin = ivs[0]
        if len(dims) == 2:
            lines.append(f"    %r{k} = arith.muli {ivs[0]}, {ubs[1]} : index")
            lines.append(f"    %l{k} = arith.addi %r{k}, {ivs[1]} : index")
            lin = f"%l{k}"
        lines += [
            f"    %s{k} = arith.constant {37 + 2 * k} : index",
            f"    %o{k} = arith.constant {11 * k + 3} : index",
            f"    %m{k} = arith.constant 101 : index",
            f"    %p{k} = arith.muli {lin}, %s{k} : index",
            f"    %q{k} = arith.addi %p{k}, %o{k} : index",
            f"    %u{k} = arith.remui %q{k}, %m{k} : index",
            f"    %w{k} = arith.index_cast %u{k} : index to i32",
            f"    %f{k} = arith.sitofp %w{k} : i32 to f32",
            f"    %h{k} = arith.constant 50.0 : f32",
            f"    %g{k} = arith.subf %f{k}, %h{k} : f32",
            f"    %d{k} = arith.constant {50.0 * (dims[0] if len(dims) == 2 else 1):.1f} : f32",
            f"    %v{k} = arith.divf %g{k}, %d{k} : f32",
            f"    memref.store %v{k}, %a{k}[{', '.join(ivs)}] : {t}",
            "    scf.reduce",
            "  }"]
        args.append(f"%a{k}")
    sig = ", ".join(types)
    lines.append(f"  func.call @{name}({', '.join(args)}) : ({sig}) -> ()")
    last = len(types) - 1
    lines.append(f"  %out = memref.cast %a{last} : {types[last]} to memref<*xf32>")
    lines.append("  func.call @printMemrefF32(%out) : (memref<*xf32>) -> ()")
    for k, t in enumerate(types):
        lines.append(f"  memref.dealloc %a{k} : {t}")
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


PIPELINE = ("builtin.module(convert-scf-to-cf, expand-strided-metadata, "
            "finalize-memref-to-llvm, convert-math-to-llvm, "
            "convert-arith-to-llvm, convert-index-to-llvm, convert-cf-to-llvm, "
            "convert-func-to-llvm, reconcile-unrealized-casts)")


def run(path, tmp, tag):
    ll = os.path.join(tmp, tag + ".ll.mlir")
    subprocess.run([llvm_tools.tool("mlir-opt"), path,
                    "--pass-pipeline=" + PIPELINE, "-o", ll], check=True)
    libs = ",".join(os.path.join(llvm_tools.lib_dir(), l) for l in
                    ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so"))
    out = subprocess.run([llvm_tools.tool("mlir-runner"), ll, "-e",
                          "main", "-entry-point-result=void",
                          "-shared-libs=" + libs],
                         check=True, capture_output=True, text=True).stdout
    # Drop the descriptor line (it holds an address).
    return "\n".join(l for l in out.splitlines() if "base@" not in l)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    memlint, source = sys.argv[1], sys.argv[2]
    cpu = to_cpu(open(source).read())
    with tempfile.TemporaryDirectory() as tmp:
        plain = os.path.join(tmp, "plain.mlir")
        with open(plain, "w") as f:
            f.write(cpu)
        arena_text = subprocess.run(
            [memlint, "emit", "--target=cuda", "--emit=arena", plain],
            check=True, capture_output=True, text=True).stdout
        # The arena rewrite works on the function as written; main comes
        # after it (main's own buffers are arguments' storage, not planned).
        arena = os.path.join(tmp, "arena.mlir")
        with open(arena, "w") as f:
            f.write(arena_text.rstrip().rstrip("}") + main_for(cpu) + "}\n")
        with open(plain, "a") as f:
            f.write(main_for(cpu))
        before = len(re.findall(r"= memref\.alloc\(", cpu))
        after = len(re.findall(r"= memref\.alloc\(", arena_text))
        a = run(plain, tmp, "plain")
        b = run(arena, tmp, "arena")
    values = len(re.findall(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?", a))
    if a != b or not a:
        print("DIFFERENT output with the arena")
        return 1
    print(f"same output ({values} values), arena: {before} -> {after} "
          "allocations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
