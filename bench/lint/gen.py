#!/usr/bin/env python3
"""Seeded generator of large, valid, realistic memref IR for memlint benches.

    gen.py --ops N --seed S --out FILE [--single] [--huge-ops K] [--huge-every M]

The module holds many "worker" functions (plus small helpers that return a
fresh buffer, and external kernels) whose bodies mix:
  * memref.alloc/dealloc of static and dynamic shapes and memory spaces,
    mostly correct; about 2% of allocations leak (always or on one branch),
    and a few are freed twice or used after the free;
  * views (subview, cast, collapse_shape), arith.select of buffers,
    memref.alloca, memref.copy, loads/stores, custom ops such as
    "npu.compute"(%buf) and "npu.launch" with a region;
  * scf.if (with and without results), scf.for (also with iter_args and
    loop-carried double buffers), scf.while, scf.execute_region holding a
    CFG, nested several levels deep;
  * unstructured CFGs at function level: cf.cond_br diamonds (also passing
    buffers as block arguments), chains of blocks, CFG loops with back
    edges, cf.switch, early-exit cleanup paths;
  * calls between functions and to buffer-returning helpers;
  * i1 conditions from function arguments combined with arith.xori/andi/ori,
    and data-dependent conditions (cmpf on loaded values, cmpi on ivs).

Every N/huge-every ops a "huge" function of --huge-ops ops (thousands of
allocations, deep CFG) is emitted.  --single emits one function of N ops.
The output parses and verifies with `mlir-opt --allow-unregistered-dialect`.
A summary line (ops, allocs, funcs, max ops in one function) goes to stderr,
and, as JSON, to FILE.stats.json.
"""

import argparse
import json
import random
import sys

# key: (type, alloc dynamic-size operands, rank, element type)
TYPES = {
    "d1": ("memref<?xf32>", ["%n"], 1, "f32"),
    "d2": ("memref<?x64xf32>", ["%m"], 2, "f32"),
    "s2": ("memref<16x16xf32>", [], 2, "f32"),
    "sp": ("memref<256xf32, 1>", [], 1, "f32"),
    "bf": ("memref<8x128xbf16>", [], 2, "bf16"),
    "di": ("memref<?x?xi32>", ["%n", "%m"], 2, "i32"),
}
TYPE_KEYS = list(TYPES)
TYPE_WEIGHTS = [30, 15, 25, 10, 10, 10]

# (op text template with {b}, result type) views of each buffer type
VIEWS = {
    "d1": [("memref.subview {b}[2] [4] [1] : memref<?xf32> to "
            "memref<4xf32, strided<[1], offset: 2>>",
            "memref<4xf32, strided<[1], offset: 2>>", 1, "f32")],
    "d2": [("memref.subview {b}[0, 0] [2, 64] [1, 1] : memref<?x64xf32> to "
            "memref<2x64xf32, strided<[64, 1]>>",
            "memref<2x64xf32, strided<[64, 1]>>", 2, "f32"),
           ("memref.cast {b} : memref<?x64xf32> to memref<?x?xf32>",
            "memref<?x?xf32>", 2, "f32")],
    "s2": [("memref.subview {b}[2, 0] [4, 16] [1, 1] : memref<16x16xf32> to "
            "memref<4x16xf32, strided<[16, 1], offset: 32>>",
            "memref<4x16xf32, strided<[16, 1], offset: 32>>", 2, "f32"),
           ("memref.cast {b} : memref<16x16xf32> to memref<?x16xf32>",
            "memref<?x16xf32>", 2, "f32"),
           ("memref.collapse_shape {b} [[0, 1]] : memref<16x16xf32> into "
            "memref<256xf32>", "memref<256xf32>", 1, "f32")],
    "sp": [("memref.subview {b}[64] [64] [1] : memref<256xf32, 1> to "
            "memref<64xf32, strided<[1], offset: 64>, 1>",
            "memref<64xf32, strided<[1], offset: 64>, 1>", 1, "f32"),
           ("memref.cast {b} : memref<256xf32, 1> to memref<?xf32, 1>",
            "memref<?xf32, 1>", 1, "f32")],
    "bf": [("memref.subview {b}[0, 0] [4, 128] [1, 1] : memref<8x128xbf16> "
            "to memref<4x128xbf16, strided<[128, 1]>>",
            "memref<4x128xbf16, strided<[128, 1]>>", 2, "bf16"),
           ("memref.cast {b} : memref<8x128xbf16> to memref<?x128xbf16>",
            "memref<?x128xbf16>", 2, "bf16")],
    "di": [("memref.subview {b}[0, 0] [2, 2] [1, 1] : memref<?x?xi32> to "
            "memref<2x2xi32, strided<[?, 1]>>",
            "memref<2x2xi32, strided<[?, 1]>>", 2, "i32")],
}

SCALAR = {"f32": "%x", "bf16": "%cbf", "i32": "%ci"}
NPU_OPS = ["npu.compute", "npu.relu", "npu.softmax", "npu.norm", "npu.prefetch"]

WORKER_ARGS = ("%n: index, %m: index, %p: i1, %q: i1, %r: i1, %x: f32, "
               "%in: memref<?xf32>")
WORKER_TYPES = "(index, index, i1, i1, i1, f32, memref<?xf32>) -> f32"

MAX_DEPTH = 6       # structured nesting below a function / CFG block
MAX_CFG_DEPTH = 4   # nested CFG segments (arms of diamonds, loop bodies)

# Bug rates per allocation.
LEAK = 0.015
COND_LEAK = 0.006
DOUBLE_FREE = 0.0015
USE_AFTER_FREE = 0.0015


class Buf:
    __slots__ = ("name", "key", "owned")

    def __init__(self, name, key, owned=True):
        self.name, self.key, self.owned = name, key, owned

    @property
    def type(self):
        return TYPES[self.key][0]


class FuncGen:
    def __init__(self, g, name, budget):
        self.g = g
        self.rng = g.rng
        self.name = name
        self.budget = budget
        self.lines = []
        self.ind = 1
        self.ops = 0
        self.allocs = 0
        self.vals = 0
        self.blocks = 0
        # Inside an unregistered op's region symbol uses do not resolve
        # (the op might be a symbol table): no calls there.
        self.in_launch = 0

    # ---- emission -----------------------------------------------------------
    def emit(self, text, ops=1):
        self.lines.append("  " * self.ind + text)
        self.ops += ops

    def label(self, name, args=""):
        self.lines.append("  " * (self.ind - 1) + "^%s%s:" % (name, args))

    def val(self, hint="v"):
        self.vals += 1
        return "%%%s%d" % (hint, self.vals)

    def blk(self):
        self.blocks += 1
        return "b%d" % self.blocks

    def idx(self, rank):
        return ", ".join(self.rng.choice(["%c0", "%c1"]) for _ in range(rank))

    # ---- leaf ops ------------------------------------------------------------
    def alloc(self, key=None):
        key = key or self.rng.choices(TYPE_KEYS, TYPE_WEIGHTS)[0]
        t, dyn, _, _ = TYPES[key]
        v = self.val("buf")
        self.emit("%s = memref.alloc(%s) : %s" % (v, ", ".join(dyn), t))
        self.allocs += 1
        return Buf(v, key)

    def dealloc(self, b):
        self.emit("memref.dealloc %s : %s" % (b.name, b.type))

    def use(self, b):
        """One or two accesses of `b` (or of a view of it)."""
        rng = self.rng
        t, _, rank, elt = TYPES[b.key]
        k = rng.random()
        if k < 0.3:
            self.emit("memref.store %s, %s[%s] : %s"
                      % (SCALAR[elt], b.name, self.idx(rank), t))
        elif k < 0.5:
            v = self.val("ld")
            self.emit("%s = memref.load %s[%s] : %s"
                      % (v, b.name, self.idx(rank), t))
        elif k < 0.75:
            self.emit('"%s"(%s) : (%s) -> ()' % (rng.choice(NPU_OPS), b.name, t))
        else:
            text, vt, vrank, velt = rng.choice(VIEWS[b.key])
            v = self.val("view")
            self.emit("%s = %s" % (v, text.format(b=b.name)))
            if rng.random() < 0.5:
                self.emit('"npu.compute"(%s) : (%s) -> ()' % (v, vt))
            else:
                self.emit("memref.store %s, %s[%s] : %s"
                          % (SCALAR[velt], v, self.idx(vrank), vt))

    def uses(self, avail, n):
        for _ in range(n):
            if avail:
                self.use(self.rng.choice(avail))

    def cond(self, conds):
        return self.rng.choice(conds)

    def derive_cond(self, conds):
        a, b = self.rng.sample(conds, 2) if len(conds) > 1 else (conds[0],) * 2
        op = self.rng.choice(["xori", "andi", "ori", "xori"])
        v = self.val("cd")
        self.emit("%s = arith.%s %s, %s : i1" % (v, op, a, b))
        return v

    def free_maybe_buggy(self, b, avail_after=None):
        """Frees `b`, now and then wrongly. Returns nothing."""
        rng = self.rng
        k = rng.random()
        if k < LEAK:
            return  # leak
        if k < LEAK + COND_LEAK:
            self.emit("scf.if %s {" % self.cond(["%p", "%q", "%r"]))
            self.ind += 1
            self.dealloc(b)
            self.ind -= 1
            self.emit("}")
            return
        self.dealloc(b)
        k -= LEAK + COND_LEAK
        if k < DOUBLE_FREE:
            self.dealloc(b)
        elif k < DOUBLE_FREE + USE_AFTER_FREE:
            self.emit('"npu.compute"(%s) : (%s) -> ()' % (b.name, b.type))

    # ---- structured statements -------------------------------------------------
    def stmts(self, budget, depth, avail, conds):
        """Statements in the current block until `budget` ops are emitted."""
        end = self.ops + budget
        avail = list(avail)
        conds = list(conds)
        rng = self.rng
        while self.ops < end:
            left = end - self.ops
            deep = depth < MAX_DEPTH and left > 12
            kinds = ["life", "uses", "cond", "call", "mk", "alloca", "select",
                     "if_free_both"]
            weights = [30, 6, 4, 4, 3, 2, 3, 4]
            if deep:
                kinds += ["if", "if_yield", "for", "for_const", "while",
                          "data_if", "double_buffer", "exec_region",
                          "npu_launch", "for_iter"]
                weights += [10, 3, 7, 3, 3, 3, 1, 1, 2, 2]
            kind = rng.choices(kinds, weights)[0]
            sub = max(4, min(int(left * rng.uniform(0.2, 0.6)), 300))
            getattr(self, "s_" + kind)(sub, depth, avail, conds)

    def s_uses(self, sub, depth, avail, conds):
        self.uses(avail, 2)

    def s_cond(self, sub, depth, avail, conds):
        conds.append(self.derive_cond(conds))

    def s_life(self, sub, depth, avail, conds):
        b = self.alloc()
        self.use(b)
        if depth < MAX_DEPTH and sub > 10 and self.rng.random() < 0.35:
            self.stmts(sub - 4, depth + 1, avail + [b], conds)
        else:
            self.uses(avail + [b], self.rng.randint(1, 3))
        self.use(b)
        self.free_maybe_buggy(b)

    def s_alloca(self, sub, depth, avail, conds):
        v = self.val("stk")
        self.emit("%s = memref.alloca() : memref<16xf32>" % v)
        self.emit("memref.store %%x, %s[%%c1] : memref<16xf32>" % v)
        self.emit('"npu.compute"(%s) : (memref<16xf32>) -> ()' % v)

    def s_select(self, sub, depth, avail, conds):
        key = self.rng.choice(["d1", "s2", "sp"])
        a, b = self.alloc(key), self.alloc(key)
        s = self.val("sel")
        self.emit("%s = arith.select %s, %s, %s : %s"
                  % (s, self.cond(conds), a.name, b.name, a.type))
        self.use(Buf(s, key, False))
        self.dealloc(a)
        self.free_maybe_buggy(b)

    def s_if_free_both(self, sub, depth, avail, conds):
        b = self.alloc()
        self.use(b)
        self.emit("scf.if %s {" % self.cond(conds))
        self.ind += 1
        self.use(b)
        self.dealloc(b)
        self.ind -= 1
        self.emit("} else {")
        self.ind += 1
        self.dealloc(b)
        self.ind -= 1
        self.emit("}")

    def region_body(self, sub, depth, avail, conds):
        self.ind += 1
        self.stmts(sub, depth + 1, avail, conds)
        self.ind -= 1

    def s_if(self, sub, depth, avail, conds):
        self.emit("scf.if %s {" % self.cond(conds))
        if self.rng.random() < 0.5:
            self.region_body(sub // 2, depth, avail, conds)
            self.emit("} else {")
            self.region_body(sub // 2, depth, avail, conds)
        else:
            self.region_body(sub, depth, avail, conds)
        self.emit("}")

    def s_if_yield(self, sub, depth, avail, conds):
        key = self.rng.choice(["d1", "d2", "s2"])
        t = TYPES[key][0]
        r = self.val("res")
        self.emit("%s = scf.if %s -> (%s) {" % (r, self.cond(conds), t))
        for arm in range(2):
            self.ind += 1
            a = self.alloc(key)
            self.use(a)
            if sub > 20:
                self.stmts(sub // 3, depth + 1, avail + [a], conds)
            self.emit("scf.yield %s : %s" % (a.name, t))
            self.ind -= 1
            self.emit("} else {" if arm == 0 else "}", ops=0)
        self.use(Buf(r, key))
        self.free_maybe_buggy(Buf(r, key))

    def s_for(self, sub, depth, avail, conds):
        iv = self.val("i")
        ub = self.rng.choice(["%n", "%m"])
        self.emit("scf.for %s = %%c0 to %s step %%c1 {" % (iv, ub))
        self.region_body(sub, depth, avail, conds)
        self.emit("}")

    def s_for_const(self, sub, depth, avail, conds):
        iv = self.val("i")
        self.emit("scf.for %s = %%c0 to %%c4 step %%c1 {" % iv)
        self.region_body(sub, depth, avail, conds)
        self.emit("}")

    def s_for_iter(self, sub, depth, avail, conds):
        iv, acc, r = self.val("i"), self.val("acc"), self.val("sum")
        self.emit("%s = scf.for %s = %%c0 to %%n step %%c1 iter_args(%s = %%x) "
                  "-> (f32) {" % (r, iv, acc))
        self.region_body(sub, depth, avail, conds)
        self.ind += 1
        nxt = self.val("acc")
        self.emit("%s = arith.addf %s, %%x : f32" % (nxt, acc))
        self.emit("scf.yield %s : f32" % nxt)
        self.ind -= 1
        self.emit("}", ops=0)

    def s_while(self, sub, depth, avail, conds):
        i0, w, c, j = self.val("w"), self.val("wres"), self.val("wc"), self.val("j")
        self.emit("%s = scf.while (%s = %%c0) : (index) -> index {" % (w, i0))
        self.ind += 1
        self.emit("%s = arith.cmpi slt, %s, %%n : index" % (c, i0))
        self.emit("scf.condition(%s) %s : index" % (c, i0))
        self.ind -= 1
        self.emit("} do {", ops=0)
        self.label(self.blk(), "(%s: index)" % j)
        self.region_body(sub, depth, avail, conds)
        self.ind += 1
        nxt = self.val("jn")
        self.emit("%s = arith.addi %s, %%c1 : index" % (nxt, j))
        self.emit("scf.yield %s : index" % nxt)
        self.ind -= 1
        self.emit("}", ops=0)

    def s_data_if(self, sub, depth, avail, conds):
        b = self.alloc("d1")
        self.emit('"npu.compute"(%s) : (memref<?xf32>) -> ()' % b.name)
        ld, c = self.val("ld"), self.val("dc")
        self.emit("%s = memref.load %s[%%c0] : memref<?xf32>" % (ld, b.name))
        self.emit("%s = arith.cmpf ogt, %s, %%x : f32" % (c, ld))
        self.emit("scf.if %s {" % c)
        self.region_body(sub, depth, avail + [b], conds)
        self.emit("}")
        self.free_maybe_buggy(b)

    def s_double_buffer(self, sub, depth, avail, conds):
        a, b = self.alloc("s2"), self.alloc("s2")
        iv, x, y, r = self.val("i"), self.val("cur"), self.val("nxt"), self.val("db")
        t = "memref<16x16xf32>"
        self.emit("%s:2 = scf.for %s = %%c0 to %%n step %%c1 iter_args(%s = %s, "
                  "%s = %s) -> (%s, %s) {" % (r, iv, x, a.name, y, b.name, t, t))
        self.ind += 1
        self.emit('"npu.dma"(%s, %s) : (%s, %s) -> ()' % (x, y, t, t))
        self.ind -= 1
        self.region_body(min(sub, 30), depth, avail, conds)
        self.ind += 1
        self.emit("scf.yield %s, %s : %s, %s" % (y, x, t, t))
        self.ind -= 1
        self.emit("}", ops=0)
        self.emit("memref.dealloc %s#0 : %s" % (r, t))
        self.emit("memref.dealloc %s#1 : %s" % (r, t))

    def s_exec_region(self, sub, depth, avail, conds):
        r = self.val("er")
        self.emit("%s = scf.execute_region -> f32 {" % r)
        self.ind += 1
        self.cfg_seq(sub, MAX_CFG_DEPTH - 1, depth + 1, avail, conds,
                     in_func=False)
        self.emit("scf.yield %x : f32")
        self.ind -= 1
        self.emit("}", ops=0)

    def s_npu_launch(self, sub, depth, avail, conds):
        self.emit('"npu.launch"(%n) ({')
        tid = self.val("tid")
        self.label(self.blk(), "(%s: index)" % tid)
        self.in_launch += 1
        self.region_body(sub, depth, avail, conds)
        self.in_launch -= 1
        self.ind += 1
        self.emit('"npu.terminator"() : () -> ()')
        self.ind -= 1
        self.emit("}) : (index) -> ()", ops=0)

    def s_call(self, sub, depth, avail, conds):
        callee = self.g.pick_callee()
        if callee is None or self.in_launch:
            self.s_uses(sub, depth, avail, conds)
            return
        ins = [b.name for b in avail if b.key == "d1"] + ["%in"]
        c3 = [self.cond(conds) for _ in range(3)]
        v = self.val("call")
        self.emit("%s = func.call @%s(%%n, %%m, %s, %s, %s, %%x, %s) : %s"
                  % (v, callee, c3[0], c3[1], c3[2], self.rng.choice(ins),
                     WORKER_TYPES))

    def s_mk(self, sub, depth, avail, conds):
        rng = self.rng
        if self.in_launch:
            self.s_uses(sub, depth, avail, conds)
            return
        if rng.random() < 0.3:
            kern = "kernel%d" % rng.randrange(self.g.num_kernels)
            bufs = [b for b in avail if b.key == "d1"]
            if bufs:
                self.emit("func.call @%s(%s) : (memref<?xf32>) -> ()"
                          % (kern, rng.choice(bufs).name))
                return
        v = self.val("mk")
        self.emit("%s = func.call @%s(%%n) : (index) -> memref<?xf32>"
                  % (v, self.g.pick_helper()))
        self.allocs += 0  # counted as a call, not an alloc op
        b = Buf(v, "d1")
        self.use(b)
        self.free_maybe_buggy(b)

    # ---- unstructured control flow -------------------------------------------
    def cfg_seq(self, budget, cfg_depth, depth, avail, conds, in_func):
        """Segments of a CFG, starting and ending in an open block."""
        end = self.ops + budget
        rng = self.rng
        while self.ops < end:
            left = end - self.ops
            if cfg_depth >= MAX_CFG_DEPTH or left < 20:
                self.stmts(min(left, 60), depth, avail, conds)
                continue
            kinds = ["stmts", "diamond", "diamond_arg", "chain", "loop",
                     "switch"]
            weights = [25, 25, 10, 10, 15, 4]
            if in_func:
                kinds.append("early_exit")
                weights.append(4)
            kind = rng.choices(kinds, weights)[0]
            sub = max(10, int(left * rng.uniform(0.1, 0.4)))
            if kind == "stmts":
                self.stmts(min(sub, 120), depth, avail, conds)
            else:
                getattr(self, "g_" + kind)(sub, cfg_depth, depth, avail,
                                           conds, in_func)

    def arm(self, sub, cfg_depth, depth, avail, conds, in_func):
        self.cfg_seq(sub, cfg_depth + 1, depth, avail, conds, in_func)

    def g_diamond(self, sub, cfg_depth, depth, avail, conds, in_func):
        b = self.alloc()
        self.use(b)
        t, f, j = self.blk(), self.blk(), self.blk()
        self.emit("cf.cond_br %s, ^%s, ^%s" % (self.cond(conds), t, f))
        free_in_arms = self.rng.random() < 0.5
        for name in (t, f):
            self.label(name)
            self.arm(sub // 2, cfg_depth, depth, avail + [b], conds, in_func)
            if free_in_arms:
                if name == t:
                    self.free_maybe_buggy(b)
                else:
                    self.dealloc(b)
            self.emit("cf.br ^%s" % j)
        self.label(j)
        if not free_in_arms:
            self.use(b)
            self.free_maybe_buggy(b)

    def g_diamond_arg(self, sub, cfg_depth, depth, avail, conds, in_func):
        key = self.rng.choice(["d1", "d2", "s2", "bf"])
        t_ = TYPES[key][0]
        t, f, j = self.blk(), self.blk(), self.blk()
        self.emit("cf.cond_br %s, ^%s, ^%s" % (self.cond(conds), t, f))
        for name in (t, f):
            self.label(name)
            a = self.alloc(key)
            self.use(a)
            self.arm(sub // 2, cfg_depth, depth, avail + [a], conds, in_func)
            self.emit("cf.br ^%s(%s : %s)" % (j, a.name, t_))
        arg = self.val("phi")
        self.label(j, "(%s: %s)" % (arg, t_))
        b = Buf(arg, key)
        self.use(b)
        self.free_maybe_buggy(b)

    def g_chain(self, sub, cfg_depth, depth, avail, conds, in_func):
        b = self.alloc()
        n = self.rng.randint(2, 5)
        cur = b
        for i in range(n):
            nb = self.blk()
            if self.rng.random() < 0.5:
                self.emit("cf.br ^%s" % nb)
                self.label(nb)
            else:
                arg = self.val("ch")
                self.emit("cf.br ^%s(%s : %s)" % (nb, cur.name, cur.type))
                self.label(nb, "(%s: %s)" % (arg, cur.type))
                cur = Buf(arg, b.key)
            self.use(cur)
            self.stmts(max(4, sub // n - 3), depth, avail + [cur], conds)
        self.free_maybe_buggy(cur)

    def g_loop(self, sub, cfg_depth, depth, avail, conds, in_func):
        h, body, x = self.blk(), self.blk(), self.blk()
        i, c, nx = self.val("li"), self.val("lc"), self.val("ln")
        self.emit("cf.br ^%s(%%c0 : index)" % h)
        self.label(h, "(%s: index)" % i)
        self.emit("%s = arith.cmpi slt, %s, %s : index"
                  % (c, i, self.rng.choice(["%n", "%m"])))
        self.emit("cf.cond_br %s, ^%s, ^%s" % (c, body, x))
        self.label(body)
        b = self.alloc()
        self.use(b)
        self.arm(sub, cfg_depth, depth, avail + [b], conds, in_func)
        self.free_maybe_buggy(b)
        self.emit("%s = arith.addi %s, %%c1 : index" % (nx, i))
        self.emit("cf.br ^%s(%s : index)" % (h, nx))
        self.label(x)

    def g_switch(self, sub, cfg_depth, depth, avail, conds, in_func):
        flag = self.val("flag")
        self.emit("%s = arith.index_cast %%n : index to i32" % flag)
        arms = [self.blk() for _ in range(3)]
        j = self.blk()
        self.emit("cf.switch %s : i32, [default: ^%s, 0: ^%s, 1: ^%s]"
                  % (flag, arms[0], arms[1], arms[2]))
        for a in arms:
            self.label(a)
            self.arm(sub // 3, cfg_depth, depth, avail, conds, in_func)
            self.emit("cf.br ^%s" % j)
        self.label(j)

    def g_early_exit(self, sub, cfg_depth, depth, avail, conds, in_func):
        ret, cont = self.blk(), self.blk()
        self.emit("cf.cond_br %s, ^%s, ^%s" % (self.cond(conds), ret, cont))
        self.label(ret)
        for b in avail:
            if b.owned:
                self.dealloc(b)
        self.emit("func.return %x : f32")
        self.label(cont)

    # ---- function ------------------------------------------------------------
    def worker(self):
        self.lines.append("func.func @%s(%s) -> f32 {" % (self.name, WORKER_ARGS))
        self.ops += 1
        self.emit("%c0 = arith.constant 0 : index")
        self.emit("%c1 = arith.constant 1 : index")
        self.emit("%c4 = arith.constant 4 : index")
        self.emit("%true = arith.constant true")
        self.emit("%ci = arith.constant 7 : i32")
        self.emit("%cbf = arith.constant 1.0 : bf16")
        conds = ["%p", "%q", "%r"]
        self.emit("%np = arith.xori %p, %true : i1")
        self.emit("%pq = arith.xori %p, %q : i1")
        self.emit("%pqr = arith.andi %pq, %r : i1")
        conds += ["%np", "%pq", "%pqr"]
        avail = [Buf("%in", "d1", owned=False)]
        left = max(10, self.budget - self.ops - 1)
        if self.rng.random() < 0.6 or self.budget > 1000:
            self.cfg_seq(left, 0, 0, avail, conds, in_func=True)
        else:
            self.stmts(left, 0, avail, conds)
        self.emit("func.return %x : f32")
        self.lines.append("}")
        return self.lines


class ModuleGen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.workers = []
        self.helpers = []
        self.num_kernels = 8

    def pick_callee(self):
        if not self.workers:
            return None
        # Mostly recent functions (call chains stay short), sometimes any.
        if self.rng.random() < 0.7:
            return self.rng.choice(self.workers[-20:])
        return self.rng.choice(self.workers)

    def pick_helper(self):
        return self.rng.choice(self.helpers)

    def helper(self, i, out):
        name = "mk%d" % i
        out.append("func.func @%s(%%n: index) -> memref<?xf32> {" % name)
        out.append("  %b = memref.alloc(%n) : memref<?xf32>")
        out.append('  "npu.fill"(%b) : (memref<?xf32>) -> ()')
        out.append("  func.return %b : memref<?xf32>")
        out.append("}")
        self.helpers.append(name)
        return 4, 1

    def generate(self, target, single=False, huge_ops=12000, huge_every=50000):
        rng = self.rng
        out = []
        # "ops" counts builtin.module and implicit scf.yield terminators too,
        # as mlir-opt --print-op-stats does.
        stats = {"ops": 1, "allocs": 0, "funcs": 0, "max_func_ops": 0,
                 "max_func_allocs": 0, "huge_funcs": 0}

        def add(ops, allocs):
            stats["ops"] += ops
            stats["allocs"] += allocs
            stats["funcs"] += 1

        for k in range(self.num_kernels):
            out.append("func.func private @kernel%d(memref<?xf32>)" % k)
            add(1, 0)
        for i in range(8):
            add(*self.helper(i, out))

        def worker(budget):
            name = "w%d" % len(self.workers)
            fg = FuncGen(self, name, budget)
            out.extend(fg.worker())
            self.workers.append(name)
            add(fg.ops, fg.allocs)
            stats["max_func_ops"] = max(stats["max_func_ops"], fg.ops)
            stats["max_func_allocs"] = max(stats["max_func_allocs"], fg.allocs)

        if single:
            worker(target - stats["ops"])
        else:
            n_huge = max(1, target // huge_every) if huge_ops else 0
            regular = max(0, target - stats["ops"] - n_huge * huge_ops)
            start = stats["ops"]
            # Spread the huge functions over the module.
            huge_at = sorted(rng.uniform(0, 1) for _ in range(n_huge))
            while True:
                frac = (stats["ops"] - start) / max(1, regular + n_huge * huge_ops)
                if huge_at and (frac >= huge_at[0] or
                                stats["ops"] - start >= regular + (n_huge - len(huge_at)) * huge_ops):
                    huge_at.pop(0)
                    stats["huge_funcs"] += 1
                    worker(huge_ops)
                    continue
                if stats["ops"] >= target:
                    break
                r = rng.random()
                if r < 0.75:
                    budget = rng.randint(30, 200)
                elif r < 0.97:
                    budget = rng.randint(200, 1000)
                else:
                    budget = rng.randint(1000, 3000)
                worker(budget)
        return "\n".join(out) + "\n", stats


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ops", type=int, required=True, help="about this many ops")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="output .mlir file ('-' for stdout)")
    ap.add_argument("--single", action="store_true",
                    help="one function of --ops ops")
    ap.add_argument("--huge-ops", type=int, default=12000,
                    help="ops in each huge function (0: none)")
    ap.add_argument("--huge-every", type=int, default=50000,
                    help="one huge function per this many ops (at least one)")
    a = ap.parse_args()
    sys.setrecursionlimit(10000)
    text, stats = ModuleGen(a.seed).generate(a.ops, a.single, a.huge_ops,
                                             a.huge_every)
    if a.out == "-":
        sys.stdout.write(text)
    else:
        with open(a.out, "w") as f:
            f.write(text)
        with open(a.out + ".stats.json", "w") as f:
            json.dump(stats, f)
    print(json.dumps(stats), file=sys.stderr)


if __name__ == "__main__":
    main()
