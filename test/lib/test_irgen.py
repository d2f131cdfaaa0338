#!/usr/bin/env python3
"""Unit tests of test/lib/irgen, the generators' shared spelling library,
and of bench/lsp/gen.py's layout promises (bench.js and the LSP tests count
lines on them).  Run: python3 test/lib/test_irgen.py"""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench", "lsp"))

from irgen import lines, ops  # noqa: E402
import gen as lsp_gen  # noqa: E402  (bench/lsp/gen.py)


class LinesTest(unittest.TestCase):
    def test_indent_is_two_spaces_a_level(self):
        self.assertEqual(lines.indent(0, "x"), "x")
        self.assertEqual(lines.indent(3, "x"), "      x")

    def test_text_ends_in_one_newline(self):
        self.assertEqual(lines.text(["a", "b"]), "a\nb\n")

    def test_names_share_one_counter(self):
        n = lines.Names()
        self.assertEqual([n.fresh("buf"), n.fresh(), n.fresh("buf")],
                         ["%buf1", "%v2", "%buf3"])
        blocks = lines.Names("")
        self.assertEqual(blocks.fresh("b"), "b1")

    def test_label_and_lines(self):
        self.assertEqual(lines.label("bb0", "(%i: index)"), "^bb0(%i: index):")
        out = lines.Lines()
        out.line(2, "cf.br ^b1")
        out.label(2, "b1")
        out.label(0, "entry")
        self.assertEqual(out.out, ["    cf.br ^b1", "  ^b1:", "^entry:"])
        self.assertEqual(len(out), 3)


class OpsTest(unittest.TestCase):
    def test_types(self):
        self.assertEqual(ops.memref_type([4, "?"]), "memref<4x?xf32>")
        self.assertEqual(ops.memref_type(["?"], "f32", "strided<[1], offset: ?>",
                                         1),
                         "memref<?xf32, strided<[1], offset: ?>, 1>")
        self.assertEqual(ops.memref_type([8], "i8", space=0), "memref<8xi8>")
        self.assertEqual(ops.func_type(["index", "i1"], "f32"),
                         "(index, i1) -> f32")
        self.assertEqual(ops.func_type([], []), "() -> ()")
        self.assertEqual(ops.func_type("f32", ["f32", "i1"]),
                         "(f32) -> (f32, i1)")

    def test_memref(self):
        T = "memref<?xf32>"
        self.assertEqual(ops.alloc("%a", T, ["%n"]),
                         "%a = memref.alloc(%n) : memref<?xf32>")
        self.assertEqual(ops.alloc("%a", "memref<8xf32>", "",
                                   " {alignment = 64 : i64}"),
                         "%a = memref.alloc() {alignment = 64 : i64} : "
                         "memref<8xf32>")
        self.assertEqual(ops.alloca("%s", "memref<4xf32>"),
                         "%s = memref.alloca() : memref<4xf32>")
        self.assertEqual(ops.dealloc("%a", T), "memref.dealloc %a : memref<?xf32>")
        self.assertEqual(ops.load("%x", "%a", ["%c0", "%c1"], "memref<2x2xf32>"),
                         "%x = memref.load %a[%c0, %c1] : memref<2x2xf32>")
        self.assertEqual(ops.store("%x", "%a", "%c0", T),
                         "memref.store %x, %a[%c0] : memref<?xf32>")
        self.assertEqual(ops.copy("%a", "%b", T),
                         "memref.copy %a, %b : memref<?xf32> to memref<?xf32>")
        self.assertEqual(
            ops.subview("%v", "%a", "2", "4", "1", "memref<8xf32>",
                        "memref<4xf32, strided<[1], offset: 2>>"),
            "%v = memref.subview %a[2] [4] [1] : memref<8xf32> to "
            "memref<4xf32, strided<[1], offset: 2>>")
        self.assertEqual(ops.cast("%v", "%a", "memref<8xf32>", T),
                         "%v = memref.cast %a : memref<8xf32> to memref<?xf32>")
        self.assertEqual(
            ops.expand_shape("%v", "%a", "[[0, 1]]", ["2", "4"],
                             "memref<8xf32>", "memref<2x4xf32>"),
            "%v = memref.expand_shape %a [[0, 1]] output_shape [2, 4] : "
            "memref<8xf32> into memref<2x4xf32>")
        self.assertEqual(
            ops.collapse_shape("%v", "%a", "[[0, 1]]", "memref<2x4xf32>",
                               "memref<8xf32>"),
            "%v = memref.collapse_shape %a [[0, 1]] : memref<2x4xf32> into "
            "memref<8xf32>")
        self.assertEqual(
            ops.reinterpret_cast("%v", "%a", "0", ["4", "2"], "2, 1",
                                 "memref<8xf32>", "memref<4x2xf32>"),
            "%v = memref.reinterpret_cast %a to offset: [0], sizes: [4, 2], "
            "strides: [2, 1] : memref<8xf32> to memref<4x2xf32>")
        self.assertEqual(
            ops.view("%v", "%a", "%c16", "memref<32xi8>", "memref<4xf32>"),
            "%v = memref.view %a[%c16][] : memref<32xi8> to memref<4xf32>")
        self.assertEqual(
            ops.realloc("%b", "%a", "memref<4xf32>", "memref<8xf32>"),
            "%b = memref.realloc %a : memref<4xf32> to memref<8xf32>")
        self.assertEqual(ops.get_global("%g", "tab", "memref<4xf32>"),
                         "%g = memref.get_global @tab : memref<4xf32>")

    def test_arith(self):
        self.assertEqual(ops.constant("%c0", 0, "index"),
                         "%c0 = arith.constant 0 : index")
        self.assertEqual(ops.constant("%t", "true"), "%t = arith.constant true")
        self.assertEqual(ops.binary("%s", "addf", "%a", "%b", "f32"),
                         "%s = arith.addf %a, %b : f32")
        self.assertEqual(ops.cmpi("%p", "slt", "%i", "%n"),
                         "%p = arith.cmpi slt, %i, %n : index")
        self.assertEqual(ops.cmpf("%p", "ogt", "%x", "%y"),
                         "%p = arith.cmpf ogt, %x, %y : f32")
        self.assertEqual(ops.select("%s", "%p", "%a", "%b", "index"),
                         "%s = arith.select %p, %a, %b : index")
        self.assertEqual(ops.index_cast("%f", "%n", "index", "i32"),
                         "%f = arith.index_cast %n : index to i32")

    def test_scf(self):
        T = "memref<8xf32>"
        self.assertEqual(ops.if_("%p"), "scf.if %p {")
        self.assertEqual(ops.if_("%p", ops.multi("%r", 2), [T, T]),
                         "%r:2 = scf.if %p -> (memref<8xf32>, memref<8xf32>) {")
        self.assertEqual(ops.for_("%i", "%c0", "%n", "%c1"),
                         "scf.for %i = %c0 to %n step %c1 {")
        self.assertEqual(
            ops.for_("%i", "%c0", "%n", "%c1", "%r", [("%acc", "%x")], "f32"),
            "%r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> "
            "(f32) {")
        self.assertEqual(ops.while_("%w", [("%i", "%c0")], "index"),
                         "%w = scf.while (%i = %c0) : (index) -> index {")
        self.assertEqual(
            ops.while_("%w:2", [("%i", "%c0"), ("%b", "%m")], ["index", T]),
            "%w:2 = scf.while (%i = %c0, %b = %m) : (index, memref<8xf32>) "
            "-> (index, memref<8xf32>) {")
        self.assertEqual(ops.condition("%p", ["%i"], ["index"]),
                         "scf.condition(%p) %i : index")
        self.assertEqual(ops.yield_(["%a", "%b"], [T, T]),
                         "scf.yield %a, %b : memref<8xf32>, memref<8xf32>")
        self.assertEqual(ops.execute_region("%e", "f32"),
                         "%e = scf.execute_region -> f32 {")
        self.assertEqual(ops.index_switch("%r", "%n", T),
                         "%r = scf.index_switch %n -> memref<8xf32>")
        self.assertEqual((ops.ELSE, ops.DO, ops.END), ("} else {", "} do {", "}"))

    def test_cf_and_func(self):
        self.assertEqual(ops.br("b1"), "cf.br ^b1")
        self.assertEqual(ops.br("b1", "%a", "index"), "cf.br ^b1(%a : index)")
        self.assertEqual(ops.cond_br("%p", "t", "f"), "cf.cond_br %p, ^t, ^f")
        self.assertEqual(ops.switch("%f", "i32", "d", [(0, "a"), (1, "b")]),
                         "cf.switch %f : i32, [default: ^d, 0: ^a, 1: ^b]")
        self.assertEqual(ops.func("f", ["%n: index"], "f32"),
                         "func.func @f(%n: index) -> f32 {")
        self.assertEqual(ops.func("g", [], private=True),
                         "func.func private @g() {")
        self.assertEqual(ops.declare("k", "memref<?xf32>"),
                         "func.func private @k(memref<?xf32>)")
        self.assertEqual(ops.declare("e", ["index"], "f32"),
                         "func.func private @e(index) -> f32")
        self.assertEqual(ops.call(None, "k", "%a", ops.func_type("f32", [])),
                         "func.call @k(%a) : (f32) -> ()")
        self.assertEqual(ops.call("%r", "f", ["%a", "%b"],
                                  ops.func_type(["i1", "i1"], "f32")),
                         "%r = func.call @f(%a, %b) : (i1, i1) -> f32")
        self.assertEqual(ops.func_return("%x", "f32"), "func.return %x : f32")
        self.assertEqual(ops.func_return(), "func.return")
        self.assertEqual(ops.return_(["%a", "%b"], ["f32", "f32"]),
                         "return %a, %b : f32, f32")
        self.assertEqual(ops.return_(), "return")

    def test_generic(self):
        self.assertEqual(ops.generic("npu.dma", ["%a", "%b"], ["T", "T"]),
                         '"npu.dma"(%a, %b) : (T, T) -> ()')
        self.assertEqual(ops.generic("npu.end", [], []), '"npu.end"() : () -> ()')
        self.assertEqual(ops.generic_region("npu.launch", "%n"),
                         '"npu.launch"(%n) ({')
        self.assertEqual(ops.generic_region_end("index"), "}) : (index) -> ()")


class LspGenTest(unittest.TestCase):
    def test_layout(self):
        text, functions, count = lsp_gen.generate(100)
        rows = text.split("\n")
        self.assertEqual(count, len(rows))
        self.assertEqual(count, 108)  # 6 functions of 18 lines
        self.assertEqual([f["firstLine"] for f in functions],
                         [18 * i for i in range(6)])
        for i, f in enumerate(functions):
            self.assertEqual(rows[f["firstLine"]],
                             "func.func @f%d(%%n: index, %%x: f32) -> f32 {" % i)
            self.assertEqual(rows[f["firstLine"] + 15], "  return %s : f32")
        # every fourth function leaks %c
        self.assertEqual(text.count("memref.dealloc %c : memref<128xf32>"), 4)

    def test_empty(self):
        self.assertEqual(lsp_gen.generate(0), ("", [], 0))


if __name__ == "__main__":
    unittest.main()
