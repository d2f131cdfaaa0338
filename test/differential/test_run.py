#!/usr/bin/env python3
"""Unit tests for run.py's pure parts (mutator, classifier, judging).

    python3 test/differential/test_run.py
"""
import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run  # noqa: E402

CLEAN = """\
module {
  func.func @f(%arg0: i1) {
    %alloc = memref.alloc() : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    scf.if %arg0 {
      memref.dealloc %alloc : memref<4xf32>
    }
    memref.dealloc %alloc_0 : memref<4xf32>
    return
  }
}
"""


def diag(check, line):
    return {"check": check, "severity": "warning", "message": "m",
            "range": {"start": {"line": line, "column": 5},
                      "end": {"line": line, "column": 9}}}


def answer(*diags, rc=None):
    doc = {"version": 1, "files": [{"file": "x.mlir",
                                     "diagnostics": list(diags)}]}
    if rc is None:
        rc = 1 if diags else 0
    return rc, json.dumps(doc), ""


class Mutants(unittest.TestCase):
    def test_dealloc_lines(self):
        self.assertEqual(run.dealloc_lines(CLEAN.splitlines()), [5, 7])

    def test_deletions_and_duplications(self):
        ms = list(run.make_mutants(CLEAN))
        self.assertEqual([(k, l, e) for k, l, e, _ in ms],
                         [("del", 6, None), ("dup", 6, 7),
                          ("del", 8, None), ("dup", 8, 9)])
        orig = CLEAN.splitlines()
        for kind, line, expect, text in ms:
            lines = text.splitlines()
            if kind == "del":
                self.assertEqual(lines, orig[:line - 1] + orig[line:])
            else:
                self.assertEqual(len(lines), len(orig) + 1)
                self.assertEqual(lines[expect - 1], orig[line - 1])
                self.assertEqual(lines[line - 1], orig[line - 1])
                self.assertEqual(lines[:line] + lines[line + 1:], orig)

    def test_no_trailing_newline(self):
        ms = list(run.make_mutants(CLEAN.rstrip("\n")))
        self.assertTrue(all(t.endswith("\n") for _, _, _, t in ms))

    def test_guarded(self):
        lines = CLEAN.splitlines()
        self.assertTrue(run.guarded(lines, 5))
        self.assertFalse(run.guarded(lines, 7))


class Classify(unittest.TestCase):
    def test_plain(self):
        self.assertIsNone(run.classify_helper(CLEAN))

    def test_helper_fn(self):
        t = CLEAN + "  func.func private @dealloc_helper(%arg0: memref<?xindex>)"
        self.assertEqual(run.classify_helper(t), "helper-fn")

    def test_ptr_cmp(self):
        t = ("%p = memref.extract_aligned_pointer_as_index %a : memref<4xf32> -> index\n"
             "%c = arith.cmpi ne, %p, %q : index\n")
        self.assertEqual(run.classify_helper(t), "ptr-cmp")
        self.assertIsNone(run.classify_helper(t.splitlines()[0]))


class Judge(unittest.TestCase):
    def judged(self, kind, answer_, line=None, expect=None):
        c = run.Check(kind, line, expect, Path("x.mlir"))
        c.result = run.parse_lint(*answer_)
        c.judge()
        return c

    def test_clean(self):
        self.assertTrue(self.judged("clean", answer()).ok)
        c = self.judged("clean", answer(diag("leak", 3)))
        self.assertFalse(c.ok)
        self.assertIn("leak@3", c.why)

    def test_clean_ignores_non_lifetime_checks(self):
        self.assertTrue(self.judged("clean", answer(diag("missed-reuse", 4))).ok)

    def test_deletion(self):
        self.assertTrue(self.judged("del", answer(diag("leak", 3)), 6).ok)
        self.assertFalse(self.judged("del", answer(), 6).ok)
        self.assertFalse(self.judged("del", answer(diag("double-free", 3)), 6).ok)

    def test_duplication_anchor(self):
        self.assertTrue(self.judged("dup", answer(diag("double-free", 7)), 6, 7).ok)
        c = self.judged("dup", answer(diag("double-free", 6)), 6, 7)
        self.assertFalse(c.ok)
        self.assertIn("expected line 7", c.why)
        self.assertFalse(self.judged("dup", answer(diag("leak", 7)), 6, 7).ok)

    def test_equivalent_mutant_must_lint_clean(self):
        for kind, expect in (("del", None), ("dup", 7)):
            c = run.Check(kind, 6, expect, Path("x.mlir"))
            c.equivalent = True
            c.result = run.parse_lint(*answer())
            c.judge()
            self.assertTrue(c.ok, kind)
            c.result = run.parse_lint(*answer(diag("leak", 3)))
            c.judge()
            self.assertFalse(c.ok, kind)
            self.assertIn("never runs", c.why)

    def test_tool_errors(self):
        for a in [(2, "", "x.mlir:1:1: error: bad"), (1, "{oops", ""),
                  (None, "", "timed out"), (139, "", "segv"),
                  answer(diag("leak", 1), rc=0), answer(rc=1)]:
            c = self.judged("clean", a)
            self.assertFalse(c.ok, a)
            self.assertTrue(c.result.error, a)


class Corpus(unittest.TestCase):
    def test_corpus_has_no_deallocs(self):
        files = sorted(run.CORPUS_DIR.glob("*.mlir"))
        # Exactly the corpus of the tree: a new program updates this count.
        self.assertEqual(len(files), 35)
        for f in files:
            text = f.read_text()
            self.assertIn("memref.alloc", text, f.name)
            code = "\n".join(l for l in text.splitlines()
                             if not l.lstrip().startswith("//"))
            self.assertNotIn("memref.dealloc", code, f.name)
            self.assertNotIn("bufferization.dealloc", code, f.name)

    def test_rejected_have_reason(self):
        files = sorted(run.REJECTED_DIR.glob("*.mlir"))
        self.assertEqual(len(files), 6)
        for f in files:
            self.assertIn("REJECTED", run.file_headers(f), f.name)



class Generator(unittest.TestCase):
    def test_deterministic_and_dealloc_free(self):
        import gen
        for k in range(20):
            text = gen.generate(3, k)
            self.assertEqual(text, gen.generate(3, k))
            self.assertTrue(text.startswith("// GEN-FEATURES: "))
            self.assertIn("memref.alloc", text)
            self.assertNotIn("dealloc", text)
        self.assertNotEqual(gen.generate(3, 0), gen.generate(4, 0))

    def test_features_parsed(self):
        import gen
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            [path] = gen.write(5, 1, d)
            prog = run.Program(path, "plain")
            self.assertEqual(prog.name, "g5_0000")
            self.assertTrue(prog.features)


DEAD = """\
module {
  func.func @f(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %false = arith.constant false
    %alloc = memref.alloc() : memref<4xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%own = %false) -> (i1) {
      scf.if %own {
        memref.dealloc %alloc : memref<4xf32>
      }
      scf.yield %own : i1
    }
    %0:2 = call @g(%alloc) : (memref<4xf32>) -> (memref<4xf32>, i1)
    scf.if %0#1 {
      memref.dealloc %0#0 : memref<4xf32>
    } else {
      memref.dealloc %alloc : memref<4xf32>
    }
    return
  }
  func.func private @g(%m: memref<4xf32>) -> (memref<4xf32>, i1) {
    %false = arith.constant false
    return %m, %false : memref<4xf32>, i1
  }
}
"""


class DeadDeallocs(unittest.TestCase):
    """Needs upstream's mlir-opt (test/lib/llvm_tools.py finds it)."""

    def test_sccp_proves_dead_frees(self):
        mlir_opt = run.find_mlir_opt(None)
        if not mlir_opt:
            self.skipTest("mlir-opt not found")
        # Line 9: under a loop-carried flag that stays false; line 15: under
        # a flag the callee returns as false; line 17: in the else branch,
        # so it runs.
        self.assertEqual(run.dead_deallocs(DEAD, [9, 15, 17], mlir_opt),
                         {9, 15})


HELPER = """\
  func.func @f(%arg0: memref<8xf32>, %arg1: i1) -> memref<8xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %true = arith.constant true
    %alloc = memref.alloc() : memref<8xf32>
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %arg0 : memref<8xf32> -> memref<f32>, index, index, index
    %cast_a = memref.cast %alloc : memref<8xf32> to memref<?xf32>
    %alloc_1 = memref.alloc() : memref<3xindex>
    %alloc_2 = memref.alloc() : memref<3xi1>
    %alloc_3 = memref.alloc() : memref<1xindex>
    %intptr = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
    memref.store %intptr, %alloc_1[%c0] : memref<3xindex>
    %intptr_4 = memref.extract_aligned_pointer_as_index %alloc : memref<8xf32> -> index
    memref.store %intptr_4, %alloc_1[%c1] : memref<3xindex>
    %intptr_5 = memref.extract_aligned_pointer_as_index %cast_a : memref<?xf32> -> index
    memref.store %intptr_5, %alloc_1[%c2] : memref<3xindex>
    memref.store %arg1, %alloc_2[%c0] : memref<3xi1>
    memref.store %true, %alloc_2[%c1] : memref<3xi1>
    memref.store %true, %alloc_2[%c2] : memref<3xi1>
    %intptr_6 = memref.extract_aligned_pointer_as_index %arg0 : memref<8xf32> -> index
    memref.store %intptr_6, %alloc_3[%c0] : memref<1xindex>
    %cast = memref.cast %alloc_1 : memref<3xindex> to memref<?xindex>
    %cast_7 = memref.cast %alloc_3 : memref<1xindex> to memref<?xindex>
    %cast_8 = memref.cast %alloc_2 : memref<3xi1> to memref<?xi1>
    %alloc_9 = memref.alloc() : memref<3xi1>
    %alloc_10 = memref.alloc() : memref<1xi1>
    %cast_11 = memref.cast %alloc_9 : memref<3xi1> to memref<?xi1>
    %cast_12 = memref.cast %alloc_10 : memref<1xi1> to memref<?xi1>
    call @dealloc_helper(%cast, %cast_7, %cast_8, %cast_11, %cast_12) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
    %0 = memref.load %alloc_9[%c0] : memref<3xi1>
    scf.if %0 {
      memref.dealloc %base_buffer : memref<f32>
    }
    %1 = memref.load %alloc_9[%c1] : memref<3xi1>
    scf.if %1 {
      memref.dealloc %alloc : memref<8xf32>
    }
    %2 = memref.load %alloc_9[%c2] : memref<3xi1>
    scf.if %2 {
      memref.dealloc %cast_a : memref<?xf32>
    }
    return %arg0 : memref<8xf32>
  }
"""


class HelperDead(unittest.TestCase):
    def test_frees_the_helper_never_lets_run(self):
        import helper_dead
        lines = HELPER.splitlines()
        frees = [i for i, l in enumerate(lines) if "memref.dealloc" in l]
        # The base of the retained %arg0: dead. %alloc: freed. Its cast,
        # listed after it: dead (the helper frees a buffer once).
        self.assertEqual([helper_dead.is_dead(lines, i) for i in frees],
                         [True, False, True])
        # Not guarded by a helper flag at all.
        self.assertFalse(helper_dead.is_dead(CLEAN.splitlines(), 7))


class RunMisses(unittest.TestCase):
    def test_driver_calls_main_with_fresh_buffers(self):
        import run_misses
        text = (
            "module {\n"
            "  func.func @main(%arg0: index, %arg1: i1, %arg2: f32, "
            "%arg3: memref<?xf32>, %arg4: memref<8xf32, strided<[1]>>) "
            "-> memref<8xf32> {\n"
            "    %a = memref.alloc() : memref<8xf32>\n"
            "    return %a : memref<8xf32>\n"
            "  }\n"
            "}\n")
        out = run_misses.with_driver(text, 3, 1)
        self.assertIn("func.func @program(%arg0", out)
        self.assertIn("%n = arith.constant 3 : index", out)
        self.assertIn("%c = arith.constant true", out)
        self.assertIn("%m3 = memref.alloc(%n) : memref<?xf32>", out)
        self.assertIn("%m4 = memref.alloc() : memref<8xf32, strided<[1]>>", out)
        self.assertIn("%r0 = func.call @program(%n, %c, %v, %m3, %m4)", out)
        self.assertIn("memref.dealloc %r0 : memref<8xf32>", out)
        mlir_opt = run.find_mlir_opt(None)
        if mlir_opt:
            import subprocess
            p = subprocess.run([mlir_opt, "-o", "/dev/null", "-"], input=out,
                               capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stderr)


class Expectations(unittest.TestCase):
    def test_ident_and_round_trip(self):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            src = Path(d) / "g1_0007.mlir"
            src.write_text(CLEAN)
            prog = run.Program(src, "dynamic-ownership")
            c = run.Check("del", 12, None, Path("x"))
            c.why = "no leak reported (exit 0, no findings)"
            self.assertEqual(c.ident(prog), "g1_0007:dyn:del-L12")
            self.assertEqual(
                run.Check("clean", None, None, Path("x")).ident(prog),
                "g1_0007:dyn:clean")
            f = Path(d) / "known.txt"
            run.write_expectations(str(f), [(prog, c)])
            self.assertEqual(run.read_expectations(str(f)),
                             {"g1_0007:dyn:del-L12": c.why})


if __name__ == "__main__":
    unittest.main()
