#!/usr/bin/env python3
"""Prints a function whose body nests `scf.if` N deep, with a buffer that
the innermost region allocates and never frees (one leak to find)."""
import sys

depth = int(sys.argv[1])
print("func.func @deep(%c: i1) {")
print("scf.if %c {\n" * depth, end="")
print("%a = memref.alloc() : memref<4xf32>")
print("}\n" * depth, end="")
print("return\n}")
