#!/usr/bin/env python3
"""Seeded generator of dealloc-free memref programs for the differential run.

Every program is a module of `func.func`s that allocate with `memref.alloc`
and never free: `mlir-opt --buffer-deallocation-pipeline` places the frees
(run.py feeds the programs to it; the generator itself checks nothing, so a
program the pipeline rejects is a bug here). The shapes are the ones whose
upstream output is hard to lint: loops of every kind nested 1-4 deep that
carry one or several buffers and replace them on every iteration, on some
(through an scf.if) or never, buffers swapped between iter_args, scf.if and
scf.index_switch with memref results, views (subview, cast, expand/collapse
shape, reinterpret_cast) used after the statements that follow them, calls
to private and public callees returning a fresh buffer, their argument or
either, dynamic shapes and memory spaces.

Only ops with known memory effects are emitted: the pipeline refuses any
other. async.execute is left out: the pipeline refuses memrefs carried in
`!async.value` and `async.await` (see rejected/async_*.mlir).

Each file starts with `// GEN-FEATURES: ...`, the shapes it contains, which
run.py uses to tally failures by shape. The same (seed, index) always gives
the same text.

    gen.py --seed N --count K --out DIR     # DIR/g<N>_<index>.mlir
"""

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
from irgen import lines, ops  # noqa: E402

# callee kinds; every callee has the signature (index, i1, f32, T) -> T
CALLEE_BODIES = ("fresh", "ident", "choose")


class Ty:
    """The buffer type a program carries around: 1-D f32, static (8) or
    dynamic, in the default memory space or space 1."""

    def __init__(self, dyn, space):
        self.dyn = dyn
        self.space = space

    def t(self, shape, layout=None):
        return ops.memref_type(shape, "f32", layout, self.space)

    @property
    def main(self):
        return self.t(["?" if self.dyn else "8"])


class Scope:
    """What a block can see: buffers of the main type, views (name, type,
    index list), i1 conditions and index values."""

    def __init__(self, bufs, views, conds, idxs, indent):
        self.bufs = list(bufs)
        self.views = list(views)
        self.conds = list(conds)
        self.idxs = list(idxs)
        self.indent = indent

    def child(self):
        return Scope(self.bufs, self.views, self.conds, self.idxs,
                     self.indent + 1)


class Gen:
    def __init__(self, seed, index):
        self.rng = random.Random("memlint-gen:%d:%d" % (seed, index))
        r = self.rng
        self.ty = Ty(dyn=r.random() < 0.25, space=1 if r.random() < 0.15 else 0)
        self.max_depth = r.choice((1, 1, 2, 2, 3, 4))
        self.features = set()
        self.names = lines.Names()
        self.lines = []
        self.callees = {}   # (body, private) -> name
        self.deepest = 0    # loop nesting reached

    # -- helpers ------------------------------------------------------------
    def fresh(self, prefix):
        return self.names.fresh(prefix)

    def emit(self, sc, text):
        self.lines.append(lines.indent(sc.indent, text))

    def feat(self, name):
        self.features.add(name)

    def pick(self, seq):
        return self.rng.choice(seq)

    def alloc(self, sc, store=True):
        T = self.ty.main
        m = self.fresh("m")
        size = "%n" if self.ty.dyn else ""
        attr = " {alignment = 64 : i64}" if self.rng.random() < 0.05 else ""
        self.emit(sc, ops.alloc(m, T, size, attr))
        if store:
            self.emit(sc, ops.store("%v", m, "%c0", T))
        return m

    def cond(self, sc):
        """An i1 in scope, sometimes a new one derived from an index."""
        if sc.idxs and self.rng.random() < 0.6:
            c = self.fresh("p")
            self.emit(sc, ops.cmpi(c, self.pick(("slt", "eq", "ugt")),
                                   self.pick(sc.idxs), "%c2"))
            sc.conds.append(c)
            return c
        return self.pick(sc.conds)

    # -- statements ---------------------------------------------------------
    def block(self, sc, depth, n):
        for _ in range(n):
            self.stmt(sc, depth)

    def stmt(self, sc, depth):
        r = self.rng.random()
        # nesting beyond the spine (see nest()) is rarer once the program
        # is long, which keeps programs small enough to reduce by hand
        nested = (depth < self.max_depth and len(self.lines) < 30
                  and self.rng.random() < 0.25)
        if nested:
            self.pick((self.for_iter, self.for_iter, self.for_plain,
                       self.while_loop, self.if_result, self.if_result,
                       self.switch, self.if_plain))(sc, depth + 1)
        elif r < 0.2:
            sc.bufs.append(self.alloc(sc))
        elif r < 0.45:
            self.use(sc)
        elif r < 0.55:
            a, b = self.pick(sc.bufs), self.pick(sc.bufs)
            T = self.ty.main
            self.emit(sc, ops.copy(a, b, T))
        elif r < 0.75:
            self.view(sc)
        else:
            self.call(sc)

    def use(self, sc):
        """A load or a store through a buffer or a view made earlier."""
        if sc.views and self.rng.random() < 0.5:
            name, typ, idx = self.pick(sc.views)
            self.feat("view-use-later")
        else:
            name, typ, idx = self.pick(sc.bufs), self.ty.main, "%c0"
        if self.rng.random() < 0.5:
            self.emit(sc, ops.store("%v", name, idx, typ))
        else:
            self.emit(sc, ops.load(self.fresh("f"), name, idx, typ))

    def view(self, sc):
        ty, T, src = self.ty, self.ty.main, self.pick(sc.bufs)
        kinds = ["subview", "expand", "collapse", "reinterpret"]
        kinds.append("cast")
        kind = self.pick(kinds)
        self.feat("view-" + kind)
        v = self.fresh("w")
        if kind == "subview":
            if ty.dyn:
                rt = ty.t(["?"], "strided<[1], offset: ?>")
                self.emit(sc, ops.subview(v, src, "%c1", "%c1", "1", T, rt))
            else:
                rt = ty.t(["4"], "strided<[1], offset: 2>")
                self.emit(sc, ops.subview(v, src, "2", "4", "1", T, rt))
            idx = "%c0"
        elif kind in ("expand", "collapse"):
            if ty.dyn:
                rt, shape = ty.t(["?", "1"]), "%n, 1"
            else:
                rt, shape = ty.t(["2", "4"]), "2, 4"
            self.emit(sc, ops.expand_shape(v, src, "[[0, 1]]", shape, T, rt))
            idx = "%c0, %c0"
            if kind == "collapse":
                c = self.fresh("w")
                self.emit(sc, ops.collapse_shape(c, v, "[[0, 1]]", rt, T))
                v, rt, idx = c, T, "%c0"
        elif kind == "reinterpret":
            rt = ty.t(["4"])
            self.emit(sc, ops.reinterpret_cast(v, src, "0", "4", "1", T, rt))
            idx = "%c0"
        else:
            rt = ty.t(["8" if ty.dyn else "?"])
            self.emit(sc, ops.cast(v, src, T, rt))
            idx = "%c0"
        self.emit(sc, ops.store("%v", v, idx, rt))
        sc.views.append((v, rt, idx))

    def call(self, sc):
        body = self.pick(CALLEE_BODIES * 3 + ("consume", "consume", "ext"))
        private = body == "ext" or self.rng.random() < 0.6
        self.feat("call-%s-%s" % ("private" if private else "public", body))
        name = self.callees.setdefault(
            (body, private), "%s_%s" % (body, "priv" if private else "pub"))
        T = self.ty.main
        args = ["%n", self.cond(sc), "%v", self.pick(sc.bufs)]
        ins = ["index", "i1", "f32", T]
        if body == "consume":
            self.emit(sc, ops.call(None, name, args, ops.func_type(ins, [])))
            return
        r = self.fresh("r")
        self.emit(sc, ops.call(r, name, args, ops.func_type(ins, T)))
        sc.bufs.append(r)

    def yield_value(self, sc, own, others, allow_keep=True):
        """What a region yields for a carried buffer `own` (None outside
        loops): the buffer itself, a fresh copy, a fresh copy on some
        iterations only, another carried buffer (a swap) or any buffer in
        scope."""
        choices = ["fresh", "fresh", "cond", "any"]
        if own is not None and allow_keep:
            choices += ["keep", "keep"]
        if others:
            choices.append("swap")
        how = self.pick(choices)
        T = self.ty.main
        if how == "keep":
            self.feat("yield-keep")
            return own
        if how == "swap":
            self.feat("yield-swap")
            return self.pick(others)
        if how == "any":
            self.feat("yield-outer")
            return self.pick(sc.bufs)
        if how == "fresh":
            self.feat("yield-fresh")
            m = self.alloc(sc, store=False)
            if own is not None:
                self.emit(sc, ops.copy(own, m, T))
            return m
        # a fresh buffer on some iterations, the old one on the others
        self.feat("yield-cond-replace")
        c = self.cond(sc)
        r = self.fresh("y")
        keep = own if own is not None else self.pick(sc.bufs)
        self.emit(sc, ops.if_(c, r, T))
        inner = sc.child()
        m = self.alloc(inner, store=False)
        self.emit(inner, ops.copy(keep, m, T))
        self.emit(inner, ops.yield_(m, T))
        self.emit(sc, ops.ELSE)
        self.emit(inner, ops.yield_(keep, T))
        self.emit(sc, ops.END)
        return r

    def carried_inits(self, sc):
        k = self.pick((1, 1, 1, 1, 2, 2, 3))
        if k > 1:
            self.feat("carry-%d" % k)
        inits = []
        for _ in range(k):
            if self.rng.random() < 0.3:
                inits.append(self.alloc(sc))
            else:
                inits.append(self.pick(sc.bufs))
        if any(i.startswith("%a") for i in inits):
            self.feat("carry-func-arg")
        return inits

    def body_stmts(self, sc, depth):
        self.block(sc, depth, self.rng.randint(1, 2))

    def for_plain(self, sc, depth):
        self.feat("for")
        self.deepest = max(self.deepest, depth)
        i = self.fresh("i")
        self.emit(sc, ops.for_(i, "%c0", "%n", "%c1"))
        inner = sc.child()
        inner.idxs.append(i)
        self.body_stmts(inner, depth)
        self.emit(sc, ops.END)

    def for_iter(self, sc, depth):
        self.feat("for-iter")
        self.deepest = max(self.deepest, depth)
        T = self.ty.main
        inits = self.carried_inits(sc)
        i, res = self.fresh("i"), self.fresh("res")
        args = [self.fresh("b") for _ in inits]
        self.emit(sc, ops.for_(i, "%c0", "%n", "%c1",
                               ops.multi(res, len(args)),
                               list(zip(args, inits)), [T] * len(args)))
        inner = sc.child()
        inner.idxs.append(i)
        inner.bufs += args
        self.body_stmts(inner, depth)
        ys = [self.yield_value(inner, a, [b for b in args if b != a])
              for a in args]
        self.emit(inner, ops.yield_(ys, [T] * len(ys)))
        self.emit(sc, ops.END)
        sc.bufs += ["%s#%d" % (res, k) for k in range(len(args))]

    def while_loop(self, sc, depth):
        self.feat("while")
        self.deepest = max(self.deepest, depth)
        T = self.ty.main
        inits = self.carried_inits(sc)
        res, i = self.fresh("res"), self.fresh("i")
        bs = [self.fresh("b") for _ in inits]
        types = ["index"] + [T] * len(inits)
        self.emit(sc, ops.while_(ops.multi(res, len(inits) + 1),
                                 list(zip([i] + bs, ["%c0"] + inits)), types))
        before = sc.child()
        before.idxs.append(i)
        before.bufs += bs
        c = self.fresh("p")
        self.emit(before, ops.cmpi(c, "slt", i, "%n"))
        passed = list(bs)
        if self.rng.random() < 0.3:
            # the before region replaces a buffer too
            self.feat("while-before-replace")
            k = self.rng.randrange(len(bs))
            passed[k] = self.yield_value(before, bs[k], [], allow_keep=False)
        self.emit(before, ops.condition(c, [i] + passed, types))
        self.emit(sc, ops.DO)
        j = self.fresh("j")
        cs = [self.fresh("b") for _ in inits]
        self.emit(sc, lines.label("bb0", "(%s)" % ", ".join(
            ["%s: index" % j] + ["%s: %s" % (b, T) for b in cs])))
        after = sc.child()
        after.idxs.append(j)
        after.bufs += cs
        self.body_stmts(after, depth)
        ys = [self.yield_value(after, b, [x for x in cs if x != b]) for b in cs]
        k = self.fresh("k")
        self.emit(after, ops.binary(k, "addi", j, "%c1", "index"))
        self.emit(after, ops.yield_([k] + ys, types))
        self.emit(sc, ops.END)
        sc.bufs += ["%s#%d" % (res, n) for n in range(1, len(inits) + 1)]

    def if_plain(self, sc, depth):
        self.feat("if")
        self.emit(sc, ops.if_(self.cond(sc)))
        self.body_stmts(sc.child(), depth)
        if self.rng.random() < 0.5:
            self.emit(sc, ops.ELSE)
            self.body_stmts(sc.child(), depth)
        self.emit(sc, ops.END)

    def if_result(self, sc, depth):
        self.feat("if-result")
        T = self.ty.main
        k = self.pick((1, 1, 2))
        r = self.fresh("r")
        self.emit(sc, ops.if_(self.cond(sc), ops.multi(r, k), [T] * k))
        for n, arm in enumerate(("then", "else")):
            if n:
                self.emit(sc, ops.ELSE)
            inner = sc.child()
            self.body_stmts(inner, depth)
            ys = [self.yield_value(inner, None, []) for _ in range(k)]
            self.emit(inner, ops.yield_(ys, [T] * k))
        self.emit(sc, ops.END)
        sc.bufs += ["%s#%d" % (r, n) for n in range(k)]

    def switch(self, sc, depth):
        self.feat("index-switch")
        T = self.ty.main
        r = self.fresh("r")
        self.emit(sc, ops.index_switch(r, self.pick(sc.idxs + ["%n"]), T))
        for case in ("case 0", "case 1", "default"):
            self.emit(sc, case + " {")
            inner = sc.child()
            if self.rng.random() < 0.5:
                self.body_stmts(inner, depth)
            self.emit(inner, ops.yield_(self.yield_value(inner, None, []), T))
            self.emit(sc, ops.END)
        sc.bufs.append(r)

    # -- functions ------------------------------------------------------------
    def prelude(self, sc):
        for k in range(3):
            self.emit(sc, ops.constant("%%c%d" % k, k, "index"))

    def main_func(self, name):
        T = self.ty.main
        nargs = self.pick((0, 1, 1, 2))
        if nargs:
            self.feat("func-arg")
        params = ["%n: index", "%c: i1", "%v: f32"] + \
            ["%%a%d: %s" % (k, T) for k in range(nargs)]
        ret_buf = self.rng.random() < 0.25
        if ret_buf:
            self.feat("return-buffer")
        self.lines.append(ops.func(name, params, T if ret_buf else "f32"))
        sc = Scope(["%%a%d" % k for k in range(nargs)], [], ["%c"], [], 1)
        self.prelude(sc)
        if self.ty.dyn:
            self.feat("dynamic-shape")
        if self.ty.space:
            self.feat("memory-space")
        sc.bufs.append(self.alloc(sc))
        if self.rng.random() < 0.1:
            self.feat("alloca")
            a = self.fresh("s")
            size = "%n" if self.ty.dyn else ""
            self.emit(sc, ops.alloca(a, T, size))
            sc.bufs.append(a)
        self.block(sc, 0, self.rng.randint(0, 1))
        # the spine: one loop nest as deep as max_depth, whatever the dice
        self.nest(sc, 1)
        self.block(sc, 0, self.rng.randint(0, 1))
        if ret_buf:
            self.emit(sc, ops.return_(self.pick(sc.bufs), T))
        else:
            f = self.fresh("f")
            self.emit(sc, ops.load(f, self.pick(sc.bufs), "%c0", T))
            self.emit(sc, ops.return_(f, "f32"))
        self.lines.append(ops.END)

    def nest(self, sc, depth):
        loop = self.pick((self.for_iter, self.for_iter, self.for_plain,
                          self.while_loop))
        if depth >= self.max_depth:
            loop(sc, depth)
            return
        # generate the loop with a hook that places the next level inside
        saved = self.body_stmts

        def body(inner, d):
            self.body_stmts = saved
            saved(inner, d)
            self.nest(inner, d + 1)
        self.body_stmts = body
        try:
            loop(sc, depth)
        finally:
            self.body_stmts = saved

    def callee(self, body, private, name):
        T = self.ty.main
        params = ["%n: index", "%c: i1", "%v: f32", "%x: " + T]
        if body == "ext":
            self.lines.append(ops.declare(name, ["index", "i1", "f32", T], T))
            return
        sc = Scope(["%x"], [], ["%c"], [], 1)
        if body == "consume":
            self.lines.append(ops.func(name, params, None, private))
            self.emit(sc, ops.constant("%c0", 0, "index"))
            self.emit(sc, ops.store("%v", "%x", "%c0", T))
            self.emit(sc, ops.return_())
            self.lines.append(ops.END)
            return
        self.lines.append(ops.func(name, params, T, private))
        self.emit(sc, ops.constant("%c0", 0, "index"))
        if body == "ident":
            self.emit(sc, ops.return_("%x", T))
        elif body == "fresh":
            self.emit(sc, ops.return_(self.alloc(sc), T))
        else:
            r = self.fresh("r")
            self.emit(sc, ops.if_("%c", r, T))
            inner = sc.child()
            self.emit(inner, ops.yield_(self.alloc(inner), T))
            self.emit(sc, ops.ELSE)
            self.emit(inner, ops.yield_("%x", T))
            self.emit(sc, ops.END)
            self.emit(sc, ops.return_(r, T))
        self.lines.append(ops.END)

    def program(self):
        self.main_func("main")
        if self.rng.random() < 0.2:
            self.feat("two-functions")
            self.main_func("other")
        for (body, private), name in sorted(self.callees.items()):
            self.callee(body, private, name)
        if self.deepest:
            self.feat("nest-depth-%d" % self.deepest)
        head = "// GEN-FEATURES: %s\n" % " ".join(sorted(self.features))
        return head + lines.text(self.lines)


def generate(seed, index):
    """The text of program `index` of `seed`."""
    return Gen(seed, index).program()


def program_name(seed, index):
    return "g%d_%04d" % (seed, index)


def write(seed, count, out, start=0):
    """Write programs start..start+count-1 of `seed` into `out`; return the
    paths."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for k in range(start, start + count):
        p = out / (program_name(seed, k) + ".mlir")
        p.write_text(generate(seed, k))
        paths.append(p)
    return paths


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--start", type=int, default=0,
                    help="index of the first program (default 0)")
    ap.add_argument("--out", required=True, help="output directory")
    args = ap.parse_args(argv)
    for p in write(args.seed, args.count, args.out, args.start):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
