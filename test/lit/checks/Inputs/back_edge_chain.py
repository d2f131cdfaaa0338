"""N blocks, each allocating and freeing a buffer, that each branch back to
the block before them or on to the next: N CFG loops nested in one another.

Usage: back_edge_chain.py N > FILE.mlir
"""
import sys

n = int(sys.argv[1])
out = ["func.func @chain(%c: i1) {", "  cf.br ^b0"]
for i in range(n):
    back = max(i - 1, 0)
    out += [f"^b{i}:", f"  %a{i} = memref.alloc() : memref<4xf32>",
            f"  memref.dealloc %a{i} : memref<4xf32>",
            f"  cf.cond_br %c, ^b{back}, ^b{i + 1}"]
out += [f"^b{n}:", "  return", "}"]
print("\n".join(out))
