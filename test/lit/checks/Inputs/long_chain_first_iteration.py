"""Prints a loop that asks `%i == 0` through N alternating `xori`/`addi`
ops with constants (each a bijection), after an `%i < 5`."""
import sys

from first_iteration_free import print_free_under_first

n = int(sys.argv[1])
first = 0  # the value the chain computes from i == 0
for j in range(n):
    first = first ^ 6 if j % 2 == 0 else first + 1
print("func.func @f() {")
print("  %c0 = arith.constant 0 : index")
print("  %c1 = arith.constant 1 : index")
print("  %c5 = arith.constant 5 : index")
print("  %c10 = arith.constant 10 : index")
print("  %k = arith.constant 6 : index")
print("  %a = memref.alloc() : memref<4xf32>")
print("  scf.for %i = %c0 to %c10 step %c1 {")
print("    %lt = arith.cmpi slt, %i, %c5 : index")
print("    scf.if %lt {")
print("      %t = memref.alloc() : memref<4xf32>")
print("      memref.dealloc %t : memref<4xf32>")
print("    }")
prev = "%i"
for j in range(n):
    op, k = ("xori", "%k") if j % 2 == 0 else ("addi", "%c1")
    print(f"    %x{j} = arith.{op} {prev}, {k} : index")
    prev = f"%x{j}"
print(f"    %cv = arith.constant {first} : index")
print(f"    %first = arith.cmpi eq, {prev}, %cv : index")
print_free_under_first()
