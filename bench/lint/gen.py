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
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "lib"))
from irgen import lines, ops  # noqa: E402

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



def _subview(offsets, sizes, strides, src, res):
    return lambda v, b: ops.subview(v, b, offsets, sizes, strides, src, res)


def _cast(src, res):
    return lambda v, b: ops.cast(v, b, src, res)


# (op text of (result, buffer), result type, rank, element type): the views
# of each buffer type
VIEWS = {
    "d1": [(_subview("2", "4", "1", "memref<?xf32>",
                     "memref<4xf32, strided<[1], offset: 2>>"),
            "memref<4xf32, strided<[1], offset: 2>>", 1, "f32")],
    "d2": [(_subview("0, 0", "2, 64", "1, 1", "memref<?x64xf32>",
                     "memref<2x64xf32, strided<[64, 1]>>"),
            "memref<2x64xf32, strided<[64, 1]>>", 2, "f32"),
           (_cast("memref<?x64xf32>", "memref<?x?xf32>"),
            "memref<?x?xf32>", 2, "f32")],
    "s2": [(_subview("2, 0", "4, 16", "1, 1", "memref<16x16xf32>",
                     "memref<4x16xf32, strided<[16, 1], offset: 32>>"),
            "memref<4x16xf32, strided<[16, 1], offset: 32>>", 2, "f32"),
           (_cast("memref<16x16xf32>", "memref<?x16xf32>"),
            "memref<?x16xf32>", 2, "f32"),
           (lambda v, b: ops.collapse_shape(v, b, "[[0, 1]]",
                                            "memref<16x16xf32>",
                                            "memref<256xf32>"),
            "memref<256xf32>", 1, "f32")],
    "sp": [(_subview("64", "64", "1", "memref<256xf32, 1>",
                     "memref<64xf32, strided<[1], offset: 64>, 1>"),
            "memref<64xf32, strided<[1], offset: 64>, 1>", 1, "f32"),
           (_cast("memref<256xf32, 1>", "memref<?xf32, 1>"),
            "memref<?xf32, 1>", 1, "f32")],
    "bf": [(_subview("0, 0", "4, 128", "1, 1", "memref<8x128xbf16>",
                     "memref<4x128xbf16, strided<[128, 1]>>"),
            "memref<4x128xbf16, strided<[128, 1]>>", 2, "bf16"),
           (_cast("memref<8x128xbf16>", "memref<?x128xbf16>"),
            "memref<?x128xbf16>", 2, "bf16")],
    "di": [(_subview("0, 0", "2, 2", "1, 1", "memref<?x?xi32>",
                     "memref<2x2xi32, strided<[?, 1]>>"),
            "memref<2x2xi32, strided<[?, 1]>>", 2, "i32")],
}

SCALAR = {"f32": "%x", "bf16": "%cbf", "i32": "%ci"}
NPU_OPS = ["npu.compute", "npu.relu", "npu.softmax", "npu.norm", "npu.prefetch"]

WORKER_ARGS = ("%n: index, %m: index, %p: i1, %q: i1, %r: i1, %x: f32, "
               "%in: memref<?xf32>")
WORKER_TYPES = ops.func_type(
    ["index", "index", "i1", "i1", "i1", "f32", "memref<?xf32>"], "f32")

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
        self.vals = lines.Names("%")
        self.blocks = lines.Names("")
        # Inside an unregistered op's region symbol uses do not resolve
        # (the op might be a symbol table): no calls there.
        self.in_launch = 0

    # ---- emission -----------------------------------------------------------
    def emit(self, text, ops=1):
        self.lines.append(lines.indent(self.ind, text))
        self.ops += ops

    def label(self, name, args=""):
        self.lines.append(lines.indent(self.ind - 1, lines.label(name, args)))

    def val(self, hint="v"):
        return self.vals.fresh(hint)

    def blk(self):
        return self.blocks.fresh("b")

    def idx(self, rank):
        return ", ".join(self.rng.choice(["%c0", "%c1"]) for _ in range(rank))

    # ---- leaf ops ------------------------------------------------------------
    def alloc(self, key=None):
        key = key or self.rng.choices(TYPE_KEYS, TYPE_WEIGHTS)[0]
        t, dyn, _, _ = TYPES[key]
        v = self.val("buf")
        self.emit(ops.alloc(v, t, dyn))
        self.allocs += 1
        return Buf(v, key)

    def dealloc(self, b):
        self.emit(ops.dealloc(b.name, b.type))

    def use(self, b):
        """One or two accesses of `b` (or of a view of it)."""
        rng = self.rng
        t, _, rank, elt = TYPES[b.key]
        k = rng.random()
        if k < 0.3:
            self.emit(ops.store(SCALAR[elt], b.name, self.idx(rank), t))
        elif k < 0.5:
            v = self.val("ld")
            self.emit(ops.load(v, b.name, self.idx(rank), t))
        elif k < 0.75:
            self.emit(ops.generic(rng.choice(NPU_OPS), b.name, t))
        else:
            op, vt, vrank, velt = rng.choice(VIEWS[b.key])
            v = self.val("view")
            self.emit(op(v, b.name))
            if rng.random() < 0.5:
                self.emit(ops.generic("npu.compute", v, vt))
            else:
                self.emit(ops.store(SCALAR[velt], v, self.idx(vrank), vt))

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
        self.emit(ops.binary(v, op, a, b, "i1"))
        return v

    def free_maybe_buggy(self, b, avail_after=None):
        """Frees `b`, now and then wrongly. Returns nothing."""
        rng = self.rng
        k = rng.random()
        if k < LEAK:
            return  # leak
        if k < LEAK + COND_LEAK:
            self.emit(ops.if_(self.cond(["%p", "%q", "%r"])))
            self.ind += 1
            self.dealloc(b)
            self.ind -= 1
            self.emit(ops.END)
            return
        self.dealloc(b)
        k -= LEAK + COND_LEAK
        if k < DOUBLE_FREE:
            self.dealloc(b)
        elif k < DOUBLE_FREE + USE_AFTER_FREE:
            self.emit(ops.generic("npu.compute", b.name, b.type))

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
        self.emit(ops.alloca(v, "memref<16xf32>"))
        self.emit(ops.store("%x", v, "%c1", "memref<16xf32>"))
        self.emit(ops.generic("npu.compute", v, "memref<16xf32>"))

    def s_select(self, sub, depth, avail, conds):
        key = self.rng.choice(["d1", "s2", "sp"])
        a, b = self.alloc(key), self.alloc(key)
        s = self.val("sel")
        self.emit(ops.select(s, self.cond(conds), a.name, b.name, a.type))
        self.use(Buf(s, key, False))
        self.dealloc(a)
        self.free_maybe_buggy(b)

    def s_if_free_both(self, sub, depth, avail, conds):
        b = self.alloc()
        self.use(b)
        self.emit(ops.if_(self.cond(conds)))
        self.ind += 1
        self.use(b)
        self.dealloc(b)
        self.ind -= 1
        self.emit(ops.ELSE)
        self.ind += 1
        self.dealloc(b)
        self.ind -= 1
        self.emit(ops.END)

    def region_body(self, sub, depth, avail, conds):
        self.ind += 1
        self.stmts(sub, depth + 1, avail, conds)
        self.ind -= 1

    def s_if(self, sub, depth, avail, conds):
        self.emit(ops.if_(self.cond(conds)))
        if self.rng.random() < 0.5:
            self.region_body(sub // 2, depth, avail, conds)
            self.emit(ops.ELSE)
            self.region_body(sub // 2, depth, avail, conds)
        else:
            self.region_body(sub, depth, avail, conds)
        self.emit(ops.END)

    def s_if_yield(self, sub, depth, avail, conds):
        key = self.rng.choice(["d1", "d2", "s2"])
        t = TYPES[key][0]
        r = self.val("res")
        self.emit(ops.if_(self.cond(conds), r, t))
        for arm in range(2):
            self.ind += 1
            a = self.alloc(key)
            self.use(a)
            if sub > 20:
                self.stmts(sub // 3, depth + 1, avail + [a], conds)
            self.emit(ops.yield_(a.name, t))
            self.ind -= 1
            self.emit(ops.ELSE if arm == 0 else ops.END, ops=0)
        self.use(Buf(r, key))
        self.free_maybe_buggy(Buf(r, key))

    def s_for(self, sub, depth, avail, conds):
        iv = self.val("i")
        ub = self.rng.choice(["%n", "%m"])
        self.emit(ops.for_(iv, "%c0", ub, "%c1"))
        self.region_body(sub, depth, avail, conds)
        self.emit(ops.END)

    def s_for_const(self, sub, depth, avail, conds):
        iv = self.val("i")
        self.emit(ops.for_(iv, "%c0", "%c4", "%c1"))
        self.region_body(sub, depth, avail, conds)
        self.emit(ops.END)

    def s_for_iter(self, sub, depth, avail, conds):
        iv, acc, r = self.val("i"), self.val("acc"), self.val("sum")
        self.emit(ops.for_(iv, "%c0", "%n", "%c1", r, [(acc, "%x")], "f32"))
        self.region_body(sub, depth, avail, conds)
        self.ind += 1
        nxt = self.val("acc")
        self.emit(ops.binary(nxt, "addf", acc, "%x", "f32"))
        self.emit(ops.yield_(nxt, "f32"))
        self.ind -= 1
        self.emit(ops.END, ops=0)

    def s_while(self, sub, depth, avail, conds):
        i0, w, c, j = self.val("w"), self.val("wres"), self.val("wc"), self.val("j")
        self.emit(ops.while_(w, [(i0, "%c0")], "index"))
        self.ind += 1
        self.emit(ops.cmpi(c, "slt", i0, "%n"))
        self.emit(ops.condition(c, i0, "index"))
        self.ind -= 1
        self.emit(ops.DO, ops=0)
        self.label(self.blk(), "(%s: index)" % j)
        self.region_body(sub, depth, avail, conds)
        self.ind += 1
        nxt = self.val("jn")
        self.emit(ops.binary(nxt, "addi", j, "%c1", "index"))
        self.emit(ops.yield_(nxt, "index"))
        self.ind -= 1
        self.emit(ops.END, ops=0)

    def s_data_if(self, sub, depth, avail, conds):
        b = self.alloc("d1")
        self.emit(ops.generic("npu.compute", b.name, "memref<?xf32>"))
        ld, c = self.val("ld"), self.val("dc")
        self.emit(ops.load(ld, b.name, "%c0", "memref<?xf32>"))
        self.emit(ops.cmpf(c, "ogt", ld, "%x"))
        self.emit(ops.if_(c))
        self.region_body(sub, depth, avail + [b], conds)
        self.emit(ops.END)
        self.free_maybe_buggy(b)

    def s_double_buffer(self, sub, depth, avail, conds):
        a, b = self.alloc("s2"), self.alloc("s2")
        iv, x, y, r = self.val("i"), self.val("cur"), self.val("nxt"), self.val("db")
        t = "memref<16x16xf32>"
        self.emit(ops.for_(iv, "%c0", "%n", "%c1", ops.multi(r, 2),
                           [(x, a.name), (y, b.name)], [t, t]))
        self.ind += 1
        self.emit(ops.generic("npu.dma", [x, y], [t, t]))
        self.ind -= 1
        self.region_body(min(sub, 30), depth, avail, conds)
        self.ind += 1
        self.emit(ops.yield_([y, x], [t, t]))
        self.ind -= 1
        self.emit(ops.END, ops=0)
        self.emit(ops.dealloc(r + "#0", t))
        self.emit(ops.dealloc(r + "#1", t))

    def s_exec_region(self, sub, depth, avail, conds):
        r = self.val("er")
        self.emit(ops.execute_region(r, "f32"))
        self.ind += 1
        self.cfg_seq(sub, MAX_CFG_DEPTH - 1, depth + 1, avail, conds,
                     in_func=False)
        self.emit(ops.yield_("%x", "f32"))
        self.ind -= 1
        self.emit(ops.END, ops=0)

    def s_npu_launch(self, sub, depth, avail, conds):
        self.emit(ops.generic_region("npu.launch", "%n"))
        tid = self.val("tid")
        self.label(self.blk(), "(%s: index)" % tid)
        self.in_launch += 1
        self.region_body(sub, depth, avail, conds)
        self.in_launch -= 1
        self.ind += 1
        self.emit(ops.generic("npu.terminator", [], []))
        self.ind -= 1
        self.emit(ops.generic_region_end("index"), ops=0)

    def s_call(self, sub, depth, avail, conds):
        callee = self.g.pick_callee()
        if callee is None or self.in_launch:
            self.s_uses(sub, depth, avail, conds)
            return
        ins = [b.name for b in avail if b.key == "d1"] + ["%in"]
        c3 = [self.cond(conds) for _ in range(3)]
        v = self.val("call")
        self.emit(ops.call(v, callee, ["%n", "%m"] + c3 +
                           ["%x", self.rng.choice(ins)], WORKER_TYPES))

    def s_mk(self, sub, depth, avail, conds):
        rng = self.rng
        if self.in_launch:
            self.s_uses(sub, depth, avail, conds)
            return
        if rng.random() < 0.3:
            kern = "kernel%d" % rng.randrange(self.g.num_kernels)
            bufs = [b for b in avail if b.key == "d1"]
            if bufs:
                self.emit(ops.call(None, kern, rng.choice(bufs).name,
                                   ops.func_type("memref<?xf32>", [])))
                return
        v = self.val("mk")
        self.emit(ops.call(v, self.g.pick_helper(), "%n",
                           ops.func_type("index", "memref<?xf32>")))
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
        self.emit(ops.cond_br(self.cond(conds), t, f))
        free_in_arms = self.rng.random() < 0.5
        for name in (t, f):
            self.label(name)
            self.arm(sub // 2, cfg_depth, depth, avail + [b], conds, in_func)
            if free_in_arms:
                if name == t:
                    self.free_maybe_buggy(b)
                else:
                    self.dealloc(b)
            self.emit(ops.br(j))
        self.label(j)
        if not free_in_arms:
            self.use(b)
            self.free_maybe_buggy(b)

    def g_diamond_arg(self, sub, cfg_depth, depth, avail, conds, in_func):
        key = self.rng.choice(["d1", "d2", "s2", "bf"])
        t_ = TYPES[key][0]
        t, f, j = self.blk(), self.blk(), self.blk()
        self.emit(ops.cond_br(self.cond(conds), t, f))
        for name in (t, f):
            self.label(name)
            a = self.alloc(key)
            self.use(a)
            self.arm(sub // 2, cfg_depth, depth, avail + [a], conds, in_func)
            self.emit(ops.br(j, a.name, t_))
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
                self.emit(ops.br(nb))
                self.label(nb)
            else:
                arg = self.val("ch")
                self.emit(ops.br(nb, cur.name, cur.type))
                self.label(nb, "(%s: %s)" % (arg, cur.type))
                cur = Buf(arg, b.key)
            self.use(cur)
            self.stmts(max(4, sub // n - 3), depth, avail + [cur], conds)
        self.free_maybe_buggy(cur)

    def g_loop(self, sub, cfg_depth, depth, avail, conds, in_func):
        h, body, x = self.blk(), self.blk(), self.blk()
        i, c, nx = self.val("li"), self.val("lc"), self.val("ln")
        self.emit(ops.br(h, "%c0", "index"))
        self.label(h, "(%s: index)" % i)
        self.emit(ops.cmpi(c, "slt", i, self.rng.choice(["%n", "%m"])))
        self.emit(ops.cond_br(c, body, x))
        self.label(body)
        b = self.alloc()
        self.use(b)
        self.arm(sub, cfg_depth, depth, avail + [b], conds, in_func)
        self.free_maybe_buggy(b)
        self.emit(ops.binary(nx, "addi", i, "%c1", "index"))
        self.emit(ops.br(h, nx, "index"))
        self.label(x)

    def g_switch(self, sub, cfg_depth, depth, avail, conds, in_func):
        flag = self.val("flag")
        self.emit(ops.index_cast(flag, "%n", "index", "i32"))
        arms = [self.blk() for _ in range(3)]
        j = self.blk()
        self.emit(ops.switch(flag, "i32", arms[0],
                             [(0, arms[1]), (1, arms[2])]))
        for a in arms:
            self.label(a)
            self.arm(sub // 3, cfg_depth, depth, avail, conds, in_func)
            self.emit(ops.br(j))
        self.label(j)

    def g_early_exit(self, sub, cfg_depth, depth, avail, conds, in_func):
        ret, cont = self.blk(), self.blk()
        self.emit(ops.cond_br(self.cond(conds), ret, cont))
        self.label(ret)
        for b in avail:
            if b.owned:
                self.dealloc(b)
        self.emit(ops.func_return("%x", "f32"))
        self.label(cont)

    # ---- function ------------------------------------------------------------
    def worker(self):
        self.lines.append(ops.func(self.name, WORKER_ARGS, "f32"))
        self.ops += 1
        self.emit(ops.constant("%c0", 0, "index"))
        self.emit(ops.constant("%c1", 1, "index"))
        self.emit(ops.constant("%c4", 4, "index"))
        self.emit(ops.constant("%true", "true"))
        self.emit(ops.constant("%ci", 7, "i32"))
        self.emit(ops.constant("%cbf", "1.0", "bf16"))
        conds = ["%p", "%q", "%r"]
        self.emit(ops.binary("%np", "xori", "%p", "%true", "i1"))
        self.emit(ops.binary("%pq", "xori", "%p", "%q", "i1"))
        self.emit(ops.binary("%pqr", "andi", "%pq", "%r", "i1"))
        conds += ["%np", "%pq", "%pqr"]
        avail = [Buf("%in", "d1", owned=False)]
        left = max(10, self.budget - self.ops - 1)
        if self.rng.random() < 0.6 or self.budget > 1000:
            self.cfg_seq(left, 0, 0, avail, conds, in_func=True)
        else:
            self.stmts(left, 0, avail, conds)
        self.emit(ops.func_return("%x", "f32"))
        self.lines.append(ops.END)
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
        t = "memref<?xf32>"
        out.append(ops.func(name, "%n: index", t))
        out.append(lines.indent(1, ops.alloc("%b", t, "%n")))
        out.append(lines.indent(1, ops.generic("npu.fill", "%b", t)))
        out.append(lines.indent(1, ops.func_return("%b", t)))
        out.append(ops.END)
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
            out.append(ops.declare("kernel%d" % k, "memref<?xf32>"))
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
        return lines.text(out), stats


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
