"""Building blocks of memlint's MLIR text generators.

The seeded generators (bench/lint/gen.py, bench/lsp/gen.py,
test/runtime/gen.py, test/differential/gen.py) decide *what* to emit, each
with its own random choices; this package only says *how* it is spelled:

  lines.py  indentation, line lists, fresh SSA value and block names
  ops.py    the op spellings (memref, arith, scf, cf, func) they share

Nothing here draws random numbers, so a generator's output depends only on
its own seed and choices.  A front end puts test/lib on sys.path:

    sys.path.insert(0, os.path.join(HERE, "..", "..", "test", "lib"))
    from irgen import lines, ops
"""
