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

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
from irgen import lines, ops  # noqa: E402

INJECTIONS = {
    "leak-drop": "leak", "leak-path": "leak",
    "double-extra": "double-free", "double-path": "double-free",
    "uaf-early": "use-after-free", "uaf-path": "use-after-free",
    "uaf-write": "use-after-free",
    "invalid-alloca": "invalid-free", "invalid-arg": "invalid-free",
    "invalid-global": "invalid-free",
}

MAX_DEPTH = 3
NO_ARGS = ops.func_type([], [])  # () -> ()


class Buf:
    """A buffer and the accessors (base and views) it can be used through."""

    def __init__(self, name, kind, free_type, accessors, defs):
        self.name = name
        self.kind = kind            # heap, dyn, heap2d, arena, alloca, arg, global
        self.free_type = free_type  # type used by memref.dealloc
        self.accessors = accessors  # [(value, type, dims)]
        self.lines = defs           # defining ops


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
        self.names = lines.Names()
        self.frees = []    # (stmt, block list, ctx) for heap frees
        self.blocks = []   # (block list, ctx)
        self.has_arg = False
        self.arg_kind = None
        self.values = itertools.count(1)

    def fresh(self, prefix="v"):
        return self.names.fresh(prefix)

    def free_inputs(self, ctx):
        return [i for i in range(self.ninputs) if i not in ctx.constrained]

    # ---- buffers -------------------------------------------------------
    def new_buffer(self):
        r = self.rng
        kind = r.choice(["heap", "heap", "heap", "dyn", "heap2d", "arena"])
        b = self.fresh("b")
        defs, acc = [], []
        if kind == "heap":
            s = r.choice([4, 6, 8])
            h = s // 2
            t = ops.memref_type([s])
            defs.append(ops.alloc(b, t))
            acc.append((b, t, [s]))
            for view in r.sample(["subview", "cast", "expand", "reinterpret"],
                                 r.randint(0, 2)):
                v = f"{b}_{view}"
                if view == "subview":
                    vt = ops.memref_type([h], layout="strided<[1], "
                                         f"offset: {h}>")
                    defs.append(ops.subview(v, b, [str(h)], [str(h)], "1",
                                            t, vt))
                    acc.append((v, vt, [h]))
                elif view == "cast":
                    vt = "memref<?xf32>"
                    defs.append(ops.cast(v, b, t, vt))
                    acc.append((v, vt, [s]))
                elif view == "expand":
                    vt = ops.memref_type([2, h])
                    defs.append(ops.expand_shape(v, b, "[[0, 1]]",
                                                 ["2", str(h)], t, vt))
                    acc.append((v, vt, [2, h]))
                else:
                    vt = ops.memref_type([h, 2])
                    defs.append(ops.reinterpret_cast(v, b, "0", [str(h), "2"],
                                                     "2, 1", t, vt))
                    acc.append((v, vt, [h, 2]))
            return Buf(b, kind, t, acc, defs)
        if kind == "dyn":
            t = "memref<?xf32>"
            k = r.randrange(self.ninputs)
            defs.append(ops.select(f"{b}_n", f"%in{k}", "%cidx3", "%cidx5",
                                   "index"))
            defs.append(ops.alloc(b, t, f"{b}_n"))
            acc.append((b, t, [3]))
            return Buf(b, kind, t, acc, defs)
        if kind == "heap2d":
            h = r.choice([2, 3, 4])
            t = ops.memref_type([2, h])
            defs.append(ops.alloc(b, t))
            acc.append((b, t, [2, h]))
            if r.random() < 0.7:
                ft = ops.memref_type([2 * h])
                defs.append(ops.collapse_shape(f"{b}_flat", b, "[[0, 1]]", t,
                                               ft))
                acc.append((f"{b}_flat", ft, [2 * h]))
            return Buf(b, kind, t, acc, defs)
        # arena: 32 bytes carved into two f32 views
        t = "memref<32xi8>"
        defs.append(ops.alloc(b, t))
        defs.append(ops.view(f"{b}_lo", b, "%cidx0", t, "memref<4xf32>"))
        defs.append(ops.view(f"{b}_hi", b, "%cidx16", t, "memref<4xf32>"))
        acc += [(f"{b}_lo", "memref<4xf32>", [4]),
                (f"{b}_hi", "memref<4xf32>", [4])]
        return Buf(b, kind, t, acc, defs)

    def alloca_buffer(self):
        b = self.fresh("s")
        t = "memref<4xf32>"
        # Stack memory is not zero-filled: initialize every element so that
        # the output is deterministic.
        return Buf(b, "alloca", t, [(b, t, [4])],
                   [ops.alloca(b, t)] +
                   [ops.store("%fill", b, f"%cidx{i}", t) for i in range(4)])

    def global_buffer(self):
        b = self.fresh("g")
        t = "memref<4xf32>"
        return Buf(b, "global", t, [(b, t, [4])],
                   [ops.get_global(b, "gtable", t)])

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
                t = ops.memref_type([2 * s])
                new = Buf(nb, "heap", t, [(nb, t, [2 * s])],
                          [ops.realloc(nb, old.name, old.free_type, t)])
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
        self.lines = lines.Lines()
        self.label = itertools.count(1)

    @property
    def out(self):
        return self.lines.out

    @out.setter
    def out(self, value):
        self.lines.out = value

    def line(self, depth, text):
        self.lines.line(depth, text)

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
        self.line(d, ops.constant(v, f"{s.val:.1f}", "f32"))
        self.line(d, ops.store(v, a, self.idx(s.idx), t))

    def op_load(self, s, d):
        a, t = s.acc
        x, o, n = self.p.fresh(), self.p.fresh(), self.p.fresh()
        self.line(d, ops.load(x, a, self.idx(s.idx), t))
        self.line(d, ops.load(o, "%acc", "%cidx0", "memref<1xf32>"))
        self.line(d, ops.binary(n, "addf", o, x, "f32"))
        self.line(d, ops.store(n, "%acc", "%cidx0", "memref<1xf32>"))

    def op_free(self, s, d):
        text = ops.dealloc(s.buf.name, s.buf.free_type)
        if s.guard is None:
            self.line(d, text)
            return
        k, neg = s.guard
        self.line(d, ops.if_(f"{'%nin' if neg else '%in'}{k}"))
        self.line(d + 1, text)
        self.line(d, ops.END)

    def op_if(self, s, d):
        self.line(d, ops.if_(f"%in{s.cond}"))
        self.stmts(s.then, d + 1)
        if s.els:
            self.line(d, ops.ELSE)
            self.stmts(s.els, d + 1)
        self.line(d, ops.END)

    def op_for(self, s, d):
        iv = self.p.fresh("i")
        self.line(d, ops.for_(iv, "%cidx0", f"%cidx{s.trip}", "%cidx1"))
        self.stmts(s.body, d + 1)
        self.line(d, ops.END)

    def op_while(self, s, d):
        w, i, c, j, nx = (self.p.fresh("w"), self.p.fresh("i"),
                          self.p.fresh(), self.p.fresh("j"), self.p.fresh())
        self.line(d, ops.while_(w, [(i, "%cidx0")], "index"))
        self.line(d + 1, ops.cmpi(c, "slt", i, f"%cidx{s.trip}"))
        self.line(d + 1, ops.condition(c, i, "index"))
        self.line(d, ops.DO)
        self.lines.label(d + 1, "bb0", f"({j}: index)")
        self.stmts(s.body, d + 1)
        self.line(d + 1, ops.binary(nx, "addi", j, "%cidx1", "index"))
        self.line(d + 1, ops.yield_(nx, "index"))
        self.line(d, ops.END)

    def op_diamond(self, s, d):
        n = next(self.label)
        t, e, j = f"then{n}", f"else{n}", f"join{n}"
        self.line(d, ops.cond_br(f"%in{s.cond}", t, e))
        self.line(0, lines.label(t))
        self.stmts(s.then, d)
        self.line(d, ops.br(j))
        self.line(0, lines.label(e))
        self.stmts(s.els, d)
        self.line(d, ops.br(j))
        self.line(0, lines.label(j))


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
            ops.declare("printF32", "f32"),
            ops.declare("printNewline", []),
            ops.declare("memcount_begin", []),
            ops.declare("memcount_end", []),
            "",
            'memref.global "private" @gtable : memref<4xf32> = '
            "dense<[1.0, 2.0, 3.0, 4.0]>",
            ""]
    params = [f"%in{i}: i1" for i in range(p.ninputs)]
    if p.has_arg:
        params.append("%arg: memref<4xf32>")
    e.stmts(body, 1)
    e.line(1, ops.load("%res", "%acc", "%cidx0", "memref<1xf32>"))
    e.line(1, ops.return_("%res", "f32"))
    e.line(0, ops.END)
    text = "\n".join(e.out)
    used = sorted({int(m) for m in re.findall(r"%cidx(\d+)\b", text)} | {0})
    pre = [ops.func("f", params, "f32")]
    body = [ops.constant("%true", "true")]
    body += [ops.constant(f"%cidx{c}", c, "index") for c in used]
    body += [ops.constant("%zero", "0.0", "f32")]
    if "%fill" in text:
        body += [ops.constant("%fill", "0.5", "f32")]
    body += [ops.alloca("%acc", "memref<1xf32>"),
             ops.store("%zero", "%acc", "%cidx0", "memref<1xf32>")]
    body += [ops.binary(f"%nin{i}", "xori", f"%in{i}", "%true", "i1")
             for i in range(p.ninputs)]
    pre += [lines.indent(1, op) for op in body]
    e.out = pre + e.out
    e.line(0, "")
    # main: every input combination
    e.line(0, ops.func("main", []))
    e.line(1, ops.constant("%false", "false"))
    e.line(1, ops.constant("%true", "true"))
    for j in range(4):
        e.line(1, ops.constant(f"%c{j}", j, "index"))
    e.line(1, ops.constant("%one", "1.0", "f32"))
    tys = ["i1"] * p.ninputs + (["memref<4xf32>"] if p.has_arg else [])
    for k, combo in enumerate(itertools.product([False, True],
                                                repeat=p.ninputs)):
        args = ["%true" if c else "%false" for c in combo]
        e.line(1, "// input " + ", ".join(str(c).lower() for c in combo))
        e.line(1, ops.call(None, "memcount_begin", [], NO_ARGS))
        if p.has_arg:
            if p.arg_kind == "alloca":
                e.line(1, ops.alloca(f"%a{k}", "memref<4xf32>"))
                for j in range(4):
                    e.line(1, ops.store("%one", f"%a{k}", f"%c{j}",
                                        "memref<4xf32>"))
            else:
                e.line(1, ops.get_global(f"%a{k}", "gtable", "memref<4xf32>"))
            args.append(f"%a{k}")
        e.line(1, ops.call(f"%r{k}", "f", args, ops.func_type(tys, "f32")))
        e.line(1, ops.call(None, "printF32", f"%r{k}",
                           ops.func_type("f32", [])))
        e.line(1, ops.call(None, "printNewline", [], NO_ARGS))
        e.line(1, ops.call(None, "memcount_end", [], NO_ARGS))
    e.line(1, ops.return_())
    e.line(0, ops.END)
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
