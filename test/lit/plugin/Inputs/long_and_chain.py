"""A function whose one free is guarded by a chain of N `arith.andi`s of
its i1 arguments, and a buffer left unfreed beside it (one leak to find).

Usage: long_and_chain.py N > FILE.mlir
"""
import sys

n = int(sys.argv[1])
print("func.func @chain(%c0: i1, %c1: i1) {")
print("  %a = memref.alloc() : memref<4xf32>")
print("  %b = memref.alloc() : memref<4xf32>")
print("  %x0 = arith.andi %c0, %c1 : i1")
for i in range(1, n):
    print(f"  %x{i} = arith.andi %x{i - 1}, %c{i % 2} : i1")
print(f"  scf.if %x{n - 1} {{")
print("    memref.dealloc %a : memref<4xf32>")
print("  } else {")
print("    memref.dealloc %a : memref<4xf32>")
print("  }")
print("  return")
print("}")
