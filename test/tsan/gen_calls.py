#!/usr/bin/env python3
"""Prints a module of N functions that call each other, for linting with
several threads: chains written callers first (so callee-first scheduling
has work to order), helpers that return fresh buffers, call cycles (entered
at their first function), loops and conditional frees, and some leaks.

    gen_calls.py N > FILE
"""
import sys

n = int(sys.argv[1])
out = []
emit = out.append
emit("func.func @fresh(%n: index) -> memref<?xf32> {")
emit("  %a = memref.alloc(%n) : memref<?xf32>")
emit("  return %a : memref<?xf32>")
emit("}")
for i in range(n, 0, -1):
    emit(f"func.func @f{i}(%c: i1, %n: index) {{")
    emit("  %b = func.call @fresh(%n) : (index) -> memref<?xf32>")
    emit("  %s = memref.alloc() : memref<16xf32>")
    if i > 1:
        emit(f"  func.call @f{i - 1}(%c, %n) : (i1, index) -> ()")
    if i > 7 and i % 7 == 0:
        emit(f"  func.call @f{i - 7}(%c, %n) : (i1, index) -> ()")
    if i % 50 == 0 and i + 1 <= n:
        # f{i} -> f{i+1} -> ... -> f{i}: a call cycle.
        emit("  scf.if %c {")
        emit(f"    func.call @f{i + 1}(%c, %n) : (i1, index) -> ()")
        emit("  }")
    emit("  %lo = arith.constant 0 : index")
    emit("  %one = arith.constant 1 : index")
    emit("  scf.for %k = %lo to %n step %one {")
    emit("    %t = memref.alloc() : memref<4xf32>")
    if i % 11 != 0:
        emit("    memref.dealloc %t : memref<4xf32>")
    emit("  }")
    if i % 4 == 0:
        emit("  scf.if %c {")
        emit("    memref.dealloc %b : memref<?xf32>")
        emit("  }")
    elif i % 13 != 0:
        emit("  memref.dealloc %b : memref<?xf32>")
    emit("  memref.dealloc %s : memref<16xf32>")
    emit("  return")
    emit("}")
print("\n".join(out))
