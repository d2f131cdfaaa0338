"""Prints N functions, each leaking one buffer: output far larger than a
pipe's buffer."""
import sys

n = int(sys.argv[1])
for i in range(n):
    print(f"func.func @f{i}() {{\n  %a = memref.alloc() : memref<4xf32>\n  return\n}}")
