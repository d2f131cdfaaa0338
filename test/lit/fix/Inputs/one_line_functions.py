#!/usr/bin/env python3
"""Prints N functions on one line (minified IR), each leaking its buffer
when %c is false, every third calling a helper that returns a fresh one.

    one_line_functions.py N
"""
import sys

n = int(sys.argv[1])
fs = ["func.func @fresh() -> memref<8xf32> { "
      "%b = memref.alloc() : memref<8xf32> return %b : memref<8xf32> }"]
for i in range(n):
    call = ("%h = func.call @fresh() : () -> memref<8xf32> "
            "memref.dealloc %h : memref<8xf32> " if i % 3 == 0 else "")
    fs.append("func.func @f%d(%%c: i1) { %%a = memref.alloc() : "
              "memref<4xf32> %sscf.if %%c { memref.dealloc %%a : "
              "memref<4xf32> } return }" % (i, call))
print(" ".join(fs))
