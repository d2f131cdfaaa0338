"""A chain of N arith.selects, each between the previous one and a new
buffer, whose last select is freed: buffer k has N - k aliases, N^2 / 2 in
all.

Usage: select_chain.py N > FILE.mlir
"""
import sys

n = int(sys.argv[1])
out = ["func.func @chain(%c: i1, %d: i1) {",
       "  %a = memref.alloc() : memref<4xf32>"]
prev = "%a"
for i in range(n):
    out.append(f"  %b{i} = memref.alloc() : memref<4xf32>")
    cond = "%d" if i % 2 == 0 else "%c"
    out.append(f"  %s{i} = arith.select {cond}, {prev}, %b{i} : memref<4xf32>")
    prev = f"%s{i}"
out += [f"  memref.dealloc {prev} : memref<4xf32>", "  return", "}"]
print("\n".join(out))
