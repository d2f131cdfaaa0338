"""Prints a loop whose body switches on its induction variable over N cases
(more than a value's cell limit) before it asks `%i == 0`."""
import sys

from first_iteration_free import print_free_under_first

n = int(sys.argv[1])
print("func.func @f() {")
print("  %c0 = arith.constant 0 : index")
print("  %c1 = arith.constant 1 : index")
print(f"  %cn = arith.constant {n + 10} : index")
print("  %a = memref.alloc() : memref<4xf32>")
print("  scf.for %i = %c0 to %cn step %c1 {")
print("    scf.index_switch %i")
for c in range(5, 5 + n):
    print(f"    case {c} {{")
    print(f"      %t{c} = memref.alloc() : memref<4xf32>")
    print(f"      memref.dealloc %t{c} : memref<4xf32>")
    print("      scf.yield")
    print("    }")
print("    default {")
print("    }")
print("    %first = arith.cmpi eq, %i, %c0 : index")
print_free_under_first()
