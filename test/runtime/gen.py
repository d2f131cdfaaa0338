#!/usr/bin/env python3
"""Seeded generator of runnable memref programs, with injected lifetime bugs.

Usage: gen.py --seed N --count K --out DIR [--bugs LIST] [--none-ratio R]

Each program has the corpus form (see README.md): a function @f over 1-3 i1
inputs (and sometimes a borrowed memref argument), and a @main that calls it
for every input combination between memcount_begin()/memcount_end() and
prints its result. @f's body is a random structure of scf.if, scf.for,
scf.while and (at function level) cf.cond_br diamonds; it allocates buffers
(static, dynamic, 2-D, i8 arenas carved with memref.view, realloc'd ones)
and uses them through views (subview, cast, expand_shape, collapse_shape,
reinterpret_cast). Every load is added into an accumulator that @f returns,
so reading freed (poisoned) memory changes the printed output.

Clean programs free every buffer exactly once, in the region that allocated
it, right after its last use (always a load). Conditions of nested ifs and
diamonds use inputs that no enclosing condition has fixed, and loops run at
least once, so every region runs for some input. One bug is then injected:

  leak-drop       a free removed                               BUG: leak
  leak-path       a free guarded by an input (missing on the   BUG: leak
                  other path)
  double-extra    a second free right after the first          BUG: double-free
  double-path     an extra free under an input                 BUG: double-free
  uaf-early       the free moved before the last use           BUG: use-after-free
  uaf-path        the free before the last use under an input, BUG: use-after-free
                  after it otherwise
  uaf-write       a store into the buffer after its free       BUG: use-after-free
  invalid-alloca  a memref.alloca freed                        BUG: invalid-free
  invalid-arg     the function argument freed (main passes an  BUG: invalid-free
                  alloca or a memref.get_global)
  invalid-global  a memref.get_global freed                    BUG: invalid-free
  none            nothing                                      BUG: none

The header records it:  // BUG: leak
                        // INJECTED: leak-path: free of %b3 only when %in1 is true
                        // gen.py --seed 7, program 3
The same seed always gives the same files.
"""

import argparse
import itertools
import os
import random
import re
import sys

INJECTIONS = {
    "leak-drop": "leak", "leak-path": "leak",
    "double-extra": "double-free", "double-path": "double-free",
    "uaf-early": "use-after-free", "uaf-path": "use-after-free",
    "uaf-write": "use-after-free",
    "invalid-alloca": "invalid-free", "invalid-arg": "invalid-free",
    "invalid-global": "invalid-free",
}

MAX_DEPTH = 3


class Buf:
    """A buffer and the accessors (base and views) it can be used through."""

    def __init__(self, name, kind, free_type, accessors, lines):
        self.name = name
        self.kind = kind            # heap, dyn, heap2d, arena, alloca, arg, global
        self.free_type = free_type  # type used by memref.dealloc
        self.accessors = accessors  # [(value, type, dims)]
        self.lines = lines          # defining ops


class Stmt:
    def __init__(self, op, **kw):
        self.op = op
        self.__dict__.update(kw)


class Ctx:
    def __init__(self, depth, constrained, visible, cfg):
        self.depth = depth
        self.constrained = constrained  # inputs fixed by enclosing conditions
        self.visible = visible          # buffers alive in this whole block
        self.cfg = cfg                  # cf ops allowed (function-level block)


class Program:
    def __init__(self, rng, ninputs):
        self.rng = rng
        self.ninputs = ninputs
        self.n = 0
        self.frees = []    # (stmt, block list, ctx) for heap frees
        self.blocks = []   # (block list, ctx)
        self.has_arg = False
        self.arg_kind = None
        self.values = itertools.count(1)

    def fresh(self, prefix="v"):
        self.n += 1
        return f"%{prefix}{self.n}"

    def free_inputs(self, ctx):
        return [i for i in range(self.ninputs) if i not in ctx.constrained]

    # ---- buffers -------------------------------------------------------
    def new_buffer(self):
        r = self.rng
        kind = r.choice(["heap", "heap", "heap", "dyn", "heap2d", "arena"])
        b = self.fresh("b")
        lines, acc = [], []
        if kind == "heap":
            s = r.choice([4, 6, 8])
            h = s // 2
            t = f"memref<{s}xf32>"
            lines.append(f"{b} = memref.alloc() : {t}")
            acc.append((b, t, [s]))
            for view in r.sample(["subview", "cast", "expand", "reinterpret"],
                                 r.randint(0, 2)):
                v = f"{b}_{view}"
                if view == "subview":
                    vt = f"memref<{h}xf32, strided<[1], offset: {h}>>"
                    lines.append(f"{v} = memref.subview {b}[{h}] [{h}] [1] "
                                 f": {t} to {vt}")
                    acc.append((v, vt, [h]))
                elif view == "cast":
                    vt = "memref<?xf32>"
                    lines.append(f"{v} = memref.cast {b} : {t} to {vt}")
                    acc.append((v, vt, [s]))
                elif view == "expand":
                    vt = f"memref<2x{h}xf32>"
                    lines.append(f"{v} = memref.expand_shape {b} [[0, 1]] "
                                 f"output_shape [2, {h}] : {t} into {vt}")
                    acc.append((v, vt, [2, h]))
                else:
                    vt = f"memref<{h}x2xf32>"
                    lines.append(f"{v} = memref.reinterpret_cast {b} to "
                                 f"offset: [0], sizes: [{h}, 2], strides: "
                                 f"[2, 1] : {t} to {vt}")
                    acc.append((v, vt, [h, 2]))
            return Buf(b, kind, t, acc, lines)
        if kind == "dyn":
            t = "memref<?xf32>"
            k = r.randrange(self.ninputs)
            lines.append(f"{b}_n = arith.select %in{k}, %cidx3, %cidx5 "
                         f": index")
            lines.append(f"{b} = memref.alloc({b}_n) : {t}")
            acc.append((b, t, [3]))
            return Buf(b, kind, t, acc, lines)
        if kind == "heap2d":
            h = r.choice([2, 3, 4])
            t = f"memref<2x{h}xf32>"
            lines.append(f"{b} = memref.alloc() : {t}")
            acc.append((b, t, [2, h]))
            if r.random() < 0.7:
                ft = f"memref<{2 * h}xf32>"
                lines.append(f"{b}_flat = memref.collapse_shape {b} [[0, 1]] "
                             f": {t} into {ft}")
                acc.append((f"{b}_flat", ft, [2 * h]))
            return Buf(b, kind, t, acc, lines)
        # arena: 32 bytes carved into two f32 views
        t = "memref<32xi8>"
        lines.append(f"{b} = memref.alloc() : {t}")
        lines.append(f"{b}_lo = memref.view {b}[%cidx0][] : {t} to "
                     f"memref<4xf32>")
        lines.append(f"{b}_hi = memref.view {b}[%cidx16][] : {t} to "
                     f"memref<4xf32>")
        acc += [(f"{b}_lo", "memref<4xf32>", [4]),
                (f"{b}_hi", "memref<4xf32>", [4])]
        return Buf(b, kind, t, acc, lines)

    def alloca_buffer(self):
        b = self.fresh("s")
        t = "memref<4xf32>"
        # Stack memory is not zero-filled: initialize every element so that
        # the output is deterministic.
        return Buf(b, "alloca", t, [(b, t, [4])],
                   [f"{b} = memref.alloca() : {t}"] +
                   [f"memref.store %fill, {b}[%cidx{i}] : {t}"
                    for i in range(4)])

    def global_buffer(self):
        b = self.fresh("g")
        t = "memref<4xf32>"
        return Buf(b, "global", t, [(b, t, [4])],
                   [f"{b} = memref.get_global @gtable : {t}"])

    # ---- uses ----------------------------------------------------------
    def use(self, buf, load=None, store=None):
        r = self.rng
        out = []
        readonly = buf.kind in ("arg", "global")
        if store is None:
            store = not readonly and r.random() < 0.6
        if load is None:
            load = (not store) or r.random() < 0.7
        if store:
            a, t, dims = r.choice(buf.accessors)
            out.append(Stmt("store", acc=(a, t), idx=[r.randrange(d)
                                                      for d in dims],
                            val=float(next(self.values))))
        if load:
            a, t, dims = r.choice(buf.accessors)
            out.append(Stmt("load", acc=(a, t), buf=buf,
                            idx=[r.randrange(d) for d in dims]))
        return out

    # ---- structure -----------------------------------------------------
    def block(self, ctx, force_alloc=False):
        r = self.rng
        stmts, local = [], []
        self.blocks.append((stmts, ctx))
        steps = r.randint(1, 3)
        for step in range(steps):
            visible = ctx.visible + local
            free = self.free_inputs(ctx)
            choices = [("alloc", 4)]
            if visible:
                choices.append(("use", 2))
            if ctx.depth < MAX_DEPTH:
                if free:
                    choices.append(("if", 2))
                choices += [("for", 2), ("while", 1)]
                if ctx.cfg and free:
                    choices.append(("diamond", 2))
            if local and any(b.kind == "heap" for b in local):
                choices.append(("realloc", 1))
            what = "alloc" if force_alloc and step == 0 else \
                r.choices([c for c, _ in choices],
                          [w for _, w in choices])[0]
            if what == "alloc":
                buf = self.new_buffer()
                stmts.append(Stmt("alloc", buf=buf))
                stmts += self.use(buf, store=True)
                local.append(buf)
            elif what == "use":
                stmts += self.use(r.choice(visible))
            elif what == "realloc":
                old = r.choice([b for b in local if b.kind == "heap"])
                s = int(old.free_type[len("memref<"):].split("x")[0])
                nb = self.fresh("b")
                t = f"memref<{2 * s}xf32>"
                new = Buf(nb, "heap", t, [(nb, t, [2 * s])],
                          [f"{nb} = memref.realloc {old.name} : "
                           f"{old.free_type} to {t}"])
                stmts.append(Stmt("alloc", buf=new))
                stmts += self.use(new, load=True)
                local[local.index(old)] = new
            elif what == "if":
                k = r.choice(free)
                inner = Ctx(ctx.depth + 1, ctx.constrained | {k}, visible,
                            False)
                then = self.block(inner)
                els = self.block(Ctx(ctx.depth + 1, ctx.constrained | {k},
                                     visible, False)) \
                    if r.random() < 0.5 else []
                stmts.append(Stmt("if", cond=k, then=then, els=els))
            elif what in ("for", "while"):
                inner = Ctx(ctx.depth + 1, ctx.constrained, visible, False)
                stmts.append(Stmt(what, trip=r.randint(1, 3),
                                  body=self.block(inner)))
            else:  # diamond
                k = r.choice(free)
                t = self.block(Ctx(ctx.depth + 1, ctx.constrained | {k},
                                   visible, True))
                f = self.block(Ctx(ctx.depth + 1, ctx.constrained | {k},
                                   visible, True))
                stmts.append(Stmt("diamond", cond=k, then=t, els=f))
        r.shuffle(local)
        for buf in local:
            a, t, dims = r.choice(buf.accessors)
            stmts.append(Stmt("load", acc=(a, t), buf=buf,
                              idx=[r.randrange(d) for d in dims], last=True))
            fr = Stmt("free", buf=buf, guard=None)
            stmts.append(fr)
            self.frees.append((fr, stmts, ctx))
        return stmts

    # ---- injection -----------------------------------------------------
    def inject(self, kind):
        """Mutates the program; returns a description, or None if impossible."""
        r = self.rng
        if kind in ("leak-drop", "leak-path", "double-extra", "double-path",
                    "uaf-early", "uaf-path", "uaf-write"):
            if not self.frees:
                return None
            fr, stmts, ctx = r.choice(self.frees)
            i = stmts.index(fr)
            name = fr.buf.name
            free = self.free_inputs(ctx)
            if kind in ("leak-path", "double-path", "uaf-path") and not free:
                return None
            if kind == "leak-drop":
                del stmts[i]
                return f"the free of {name} removed"
            if kind == "leak-path":
                k, neg = r.choice(free), r.random() < 0.5
                fr.guard = (k, neg)
                return (f"the free of {name} runs only when %in{k} is "
                        f"{'false' if neg else 'true'}")
            if kind == "double-extra":
                stmts.insert(i + 1, Stmt("free", buf=fr.buf, guard=None))
                return f"{name} freed twice"
            if kind == "double-path":
                k, neg = r.choice(free), r.random() < 0.5
                stmts.insert(i, Stmt("free", buf=fr.buf, guard=(k, neg)))
                return (f"an extra free of {name} when %in{k} is "
                        f"{'false' if neg else 'true'}")
            last = stmts[i - 1]
            assert last.op == "load" and getattr(last, "last", False)
            if kind == "uaf-early":
                stmts[i - 1], stmts[i] = stmts[i], stmts[i - 1]
                return f"the free of {name} moved before its last use"
            if kind == "uaf-path":
                k, neg = r.choice(free), r.random() < 0.5
                fr.guard = (k, not neg)
                stmts.insert(i - 1, Stmt("free", buf=fr.buf, guard=(k, neg)))
                return (f"{name} freed before its last use when %in{k} is "
                        f"{'false' if neg else 'true'}")
            # uaf-write
            a, t, dims = r.choice(fr.buf.accessors)
            stmts.insert(i + 1, Stmt("store", acc=(a, t),
                                     idx=[r.randrange(d) for d in dims],
                                     val=float(next(self.values))))
            return f"a store into {name} after its free"
        stmts, ctx = r.choice(self.blocks)
        free = self.free_inputs(ctx)
        guard = (r.choice(free), r.random() < 0.5) \
            if free and r.random() < 0.5 else None
        when = "" if guard is None else \
            f" when %in{guard[0]} is {'false' if guard[1] else 'true'}"
        if kind == "invalid-alloca":
            buf = self.alloca_buffer()
            seq = [Stmt("alloc", buf=buf)] + self.use(buf, store=True,
                                                      load=True)
            what = f"the memref.alloca {buf.name} freed{when}"
        elif kind == "invalid-global":
            buf = self.global_buffer()
            seq = [Stmt("alloc", buf=buf)] + self.use(buf, store=False,
                                                      load=True)
            what = f"the memref.get_global {buf.name} freed{when}"
        elif kind == "invalid-arg":
            if not self.has_arg:
                return None
            buf = self.arg
            seq = []
            what = (f"the argument %arg ({self.arg_kind} in main) "
                    f"freed{when}")
        else:
            raise ValueError(kind)
        seq.append(Stmt("free", buf=buf, guard=guard))
        pos = r.randint(0, len(stmts))
        stmts[pos:pos] = seq
        return what


# ---- emission ----------------------------------------------------------

class Emitter:
    def __init__(self, prog):
        self.p = prog
        self.out = []
        self.label = itertools.count(1)

    def line(self, depth, text):
        self.out.append("  " * depth + text)

    def idx(self, idx):
        return ", ".join(f"%cidx{i}" for i in idx)

    def stmts(self, stmts, d):
        for s in stmts:
            getattr(self, "op_" + s.op)(s, d)

    def op_alloc(self, s, d):
        for ln in s.buf.lines:
            self.line(d, ln)

    def op_store(self, s, d):
        v = self.p.fresh()
        a, t = s.acc
        self.line(d, f"{v} = arith.constant {s.val:.1f} : f32")
        self.line(d, f"memref.store {v}, {a}[{self.idx(s.idx)}] : {t}")

    def op_load(self, s, d):
        a, t = s.acc
        x, o, n = self.p.fresh(), self.p.fresh(), self.p.fresh()
        self.line(d, f"{x} = memref.load {a}[{self.idx(s.idx)}] : {t}")
        self.line(d, f"{o} = memref.load %acc[%cidx0] : memref<1xf32>")
        self.line(d, f"{n} = arith.addf {o}, {x} : f32")
        self.line(d, f"memref.store {n}, %acc[%cidx0] : memref<1xf32>")

    def op_free(self, s, d):
        text = f"memref.dealloc {s.buf.name} : {s.buf.free_type}"
        if s.guard is None:
            self.line(d, text)
            return
        k, neg = s.guard
        self.line(d, f"scf.if {'%nin' if neg else '%in'}{k} {{")
        self.line(d + 1, text)
        self.line(d, "}")

    def op_if(self, s, d):
        self.line(d, f"scf.if %in{s.cond} {{")
        self.stmts(s.then, d + 1)
        if s.els:
            self.line(d, "} else {")
            self.stmts(s.els, d + 1)
        self.line(d, "}")

    def op_for(self, s, d):
        iv = self.p.fresh("i")
        self.line(d, f"scf.for {iv} = %cidx0 to %cidx{s.trip} step %cidx1 {{")
        self.stmts(s.body, d + 1)
        self.line(d, "}")

    def op_while(self, s, d):
        w, i, c, j, nx = (self.p.fresh("w"), self.p.fresh("i"),
                          self.p.fresh(), self.p.fresh("j"), self.p.fresh())
        self.line(d, f"{w} = scf.while ({i} = %cidx0) : (index) -> index {{")
        self.line(d + 1, f"{c} = arith.cmpi slt, {i}, %cidx{s.trip} : index")
        self.line(d + 1, f"scf.condition({c}) {i} : index")
        self.line(d, "} do {")
        self.line(d, f"^bb0({j}: index):")
        self.stmts(s.body, d + 1)
        self.line(d + 1, f"{nx} = arith.addi {j}, %cidx1 : index")
        self.line(d + 1, f"scf.yield {nx} : index")
        self.line(d, "}")

    def op_diamond(self, s, d):
        n = next(self.label)
        t, e, j = f"^then{n}", f"^else{n}", f"^join{n}"
        self.line(d, f"cf.cond_br %in{s.cond}, {t}, {e}")
        self.line(0, f"{t}:")
        self.stmts(s.then, d)
        self.line(d, f"cf.br {j}")
        self.line(0, f"{e}:")
        self.stmts(s.els, d)
        self.line(d, f"cf.br {j}")
        self.line(0, f"{j}:")


def make_program(seed, index, kind):
    rng = random.Random(f"memlint-gen:{seed}:{index}:{kind}")
    for attempt in range(100):
        p = Program(rng, rng.randint(1, 3))
        p.has_arg = kind == "invalid-arg" or rng.random() < 0.25
        if p.has_arg:
            p.arg_kind = rng.choice(["alloca", "global"])
            p.arg = Buf("%arg", "arg", "memref<4xf32>",
                        [("%arg", "memref<4xf32>", [4])], [])
        body = p.block(Ctx(0, frozenset(), [p.arg] if p.has_arg else [],
                           True), force_alloc=True)
        if p.has_arg and rng.random() < 0.7:
            body[1:1] = p.use(p.arg, load=True, store=False)
        what = "nothing" if kind == "none" else p.inject(kind)
        if what is not None:
            return p, body, what
    raise RuntimeError(f"cannot inject {kind} (seed {seed}, #{index})")


def render(seed, index, kind, p, body, what):
    e = Emitter(p)
    bug = INJECTIONS.get(kind, "none")
    head = [f"// BUG: {bug}",
            f"// INJECTED: {kind}" + ("" if kind == "none" else f": {what}"),
            f"// gen.py --seed {seed}, program {index}",
            "",
            "func.func private @printF32(f32)",
            "func.func private @printNewline()",
            "func.func private @memcount_begin()",
            "func.func private @memcount_end()",
            "",
            'memref.global "private" @gtable : memref<4xf32> = '
            "dense<[1.0, 2.0, 3.0, 4.0]>",
            ""]
    params = [f"%in{i}: i1" for i in range(p.ninputs)]
    if p.has_arg:
        params.append("%arg: memref<4xf32>")
    e.stmts(body, 1)
    e.line(1, "%res = memref.load %acc[%cidx0] : memref<1xf32>")
    e.line(1, "return %res : f32")
    e.line(0, "}")
    text = "\n".join(e.out)
    used = sorted({int(m) for m in re.findall(r"%cidx(\d+)\b", text)} | {0})
    pre = [f"func.func @f({', '.join(params)}) -> f32 {{",
           "  %true = arith.constant true"]
    pre += [f"  %cidx{c} = arith.constant {c} : index" for c in used]
    pre += ["  %zero = arith.constant 0.0 : f32"]
    if "%fill" in text:
        pre += ["  %fill = arith.constant 0.5 : f32"]
    pre += ["  %acc = memref.alloca() : memref<1xf32>",
            "  memref.store %zero, %acc[%cidx0] : memref<1xf32>"]
    pre += [f"  %nin{i} = arith.xori %in{i}, %true : i1"
            for i in range(p.ninputs)]
    e.out = pre + e.out
    e.line(0, "")
    # main: every input combination
    e.line(0, "func.func @main() {")
    e.line(1, "%false = arith.constant false")
    e.line(1, "%true = arith.constant true")
    for j in range(4):
        e.line(1, f"%c{j} = arith.constant {j} : index")
    e.line(1, "%one = arith.constant 1.0 : f32")
    tys = ["i1"] * p.ninputs + (["memref<4xf32>"] if p.has_arg else [])
    for k, combo in enumerate(itertools.product([False, True],
                                                repeat=p.ninputs)):
        args = ["%true" if c else "%false" for c in combo]
        e.line(1, "// input " + ", ".join(str(c).lower() for c in combo))
        e.line(1, "func.call @memcount_begin() : () -> ()")
        if p.has_arg:
            if p.arg_kind == "alloca":
                e.line(1, f"%a{k} = memref.alloca() : memref<4xf32>")
                for j in range(4):
                    e.line(1, f"memref.store %one, %a{k}[%c{j}] : "
                              "memref<4xf32>")
            else:
                e.line(1, f"%a{k} = memref.get_global @gtable : "
                          "memref<4xf32>")
            args.append(f"%a{k}")
        e.line(1, f"%r{k} = func.call @f({', '.join(args)}) : "
                  f"({', '.join(tys)}) -> f32")
        e.line(1, f"func.call @printF32(%r{k}) : (f32) -> ()")
        e.line(1, "func.call @printNewline() : () -> ()")
        e.line(1, "func.call @memcount_end() : () -> ()")
    e.line(1, "return")
    e.line(0, "}")
    return "\n".join(head + e.out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Generate runnable memref programs with injected bugs.")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--out", required=True, help="output directory")
    ap.add_argument("--bugs", default="all",
                    help="comma list of injections (see --list), or all")
    ap.add_argument("--none-ratio", type=float, default=0.2,
                    help="share of clean programs (default 0.2)")
    ap.add_argument("--list", action="store_true",
                    help="print the injection kinds and exit")
    args = ap.parse_args(argv)
    if args.list:
        for k, v in INJECTIONS.items():
            print(f"{k:16s} BUG: {v}")
        return 0
    kinds = list(INJECTIONS) if args.bugs == "all" else \
        [k.strip() for k in args.bugs.split(",") if k.strip()]
    bad = [k for k in kinds if k not in INJECTIONS and k != "none"]
    if bad:
        ap.error("unknown injection(s): " + ", ".join(bad))
    os.makedirs(args.out, exist_ok=True)
    pick = random.Random(f"memlint-gen-kinds:{args.seed}")
    for i in range(args.count):
        kind = "none" if pick.random() < args.none_ratio else \
            kinds[i % len(kinds)] if args.none_ratio < 1 else "none"
        p, body, what = make_program(args.seed, i, kind)
        text = render(args.seed, i, kind, p, body, what)
        path = os.path.join(args.out, f"gen_{args.seed}_{i:04d}_{kind}.mlir")
        with open(path, "w") as f:
            f.write(text)
    print(f"wrote {args.count} programs to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
