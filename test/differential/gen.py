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
import random
import sys
from pathlib import Path

# callee kinds; every callee has the signature (index, i1, f32, T) -> T
CALLEE_BODIES = ("fresh", "ident", "choose")


class Ty:
    """The buffer type a program carries around: 1-D f32, static (8) or
    dynamic, in the default memory space or space 1."""

    def __init__(self, dyn, space):
        self.dyn = dyn
        self.space = space

    def t(self, shape, layout=None):
        parts = ["x".join(shape) + "xf32"]
        if layout:
            parts.append(layout)
        if self.space:
            parts.append(str(self.space))
        return "memref<%s>" % ", ".join(parts)

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
        self.counter = 0
        self.lines = []
        self.callees = {}   # (body, private) -> name
        self.deepest = 0    # loop nesting reached

    # -- helpers ------------------------------------------------------------
    def fresh(self, prefix):
        self.counter += 1
        return "%%%s%d" % (prefix, self.counter)

    def emit(self, sc, text):
        self.lines.append("  " * sc.indent + text)

    def feat(self, name):
        self.features.add(name)

    def pick(self, seq):
        return self.rng.choice(seq)

    def alloc(self, sc, store=True):
        T = self.ty.main
        m = self.fresh("m")
        size = "%n" if self.ty.dyn else ""
        attr = " {alignment = 64 : i64}" if self.rng.random() < 0.05 else ""
        self.emit(sc, "%s = memref.alloc(%s)%s : %s" % (m, size, attr, T))
        if store:
            self.emit(sc, "memref.store %%v, %s[%%c0] : %s" % (m, T))
        return m

    def cond(self, sc):
        """An i1 in scope, sometimes a new one derived from an index."""
        if sc.idxs and self.rng.random() < 0.6:
            c = self.fresh("p")
            self.emit(sc, "%s = arith.cmpi %s, %s, %%c2 : index"
                      % (c, self.pick(("slt", "eq", "ugt")), self.pick(sc.idxs)))
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
            self.emit(sc, "memref.copy %s, %s : %s to %s" % (a, b, T, T))
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
            self.emit(sc, "memref.store %%v, %s[%s] : %s" % (name, idx, typ))
        else:
            self.emit(sc, "%s = memref.load %s[%s] : %s"
                      % (self.fresh("f"), name, idx, typ))

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
                self.emit(sc, "%s = memref.subview %s[%%c1] [%%c1] [1] : %s to %s"
                          % (v, src, T, rt))
            else:
                rt = ty.t(["4"], "strided<[1], offset: 2>")
                self.emit(sc, "%s = memref.subview %s[2] [4] [1] : %s to %s"
                          % (v, src, T, rt))
            idx = "%c0"
        elif kind in ("expand", "collapse"):
            if ty.dyn:
                rt, shape = ty.t(["?", "1"]), "[%n, 1]"
            else:
                rt, shape = ty.t(["2", "4"]), "[2, 4]"
            self.emit(sc, "%s = memref.expand_shape %s [[0, 1]] output_shape %s"
                      " : %s into %s" % (v, src, shape, T, rt))
            idx = "%c0, %c0"
            if kind == "collapse":
                c = self.fresh("w")
                self.emit(sc, "%s = memref.collapse_shape %s [[0, 1]] : %s into %s"
                          % (c, v, rt, T))
                v, rt, idx = c, T, "%c0"
        elif kind == "reinterpret":
            rt = ty.t(["4"])
            self.emit(sc, "%s = memref.reinterpret_cast %s to offset: [0], "
                      "sizes: [4], strides: [1] : %s to %s" % (v, src, T, rt))
            idx = "%c0"
        else:
            rt = ty.t(["8" if ty.dyn else "?"])
            self.emit(sc, "%s = memref.cast %s : %s to %s" % (v, src, T, rt))
            idx = "%c0"
        self.emit(sc, "memref.store %%v, %s[%s] : %s" % (v, idx, rt))
        sc.views.append((v, rt, idx))

    def call(self, sc):
        body = self.pick(CALLEE_BODIES * 3 + ("consume", "consume", "ext"))
        private = body == "ext" or self.rng.random() < 0.6
        self.feat("call-%s-%s" % ("private" if private else "public", body))
        name = self.callees.setdefault(
            (body, private), "@%s_%s" % (body, "priv" if private else "pub"))
        T = self.ty.main
        args = "%%n, %s, %%v, %s" % (self.cond(sc), self.pick(sc.bufs))
        if body == "consume":
            self.emit(sc, "func.call %s(%s) : (index, i1, f32, %s) -> ()"
                      % (name, args, T))
            return
        r = self.fresh("r")
        self.emit(sc, "%s = func.call %s(%s) : (index, i1, f32, %s) -> %s"
                  % (r, name, args, T, T))
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
                self.emit(sc, "memref.copy %s, %s : %s to %s" % (own, m, T, T))
            return m
        # a fresh buffer on some iterations, the old one on the others
        self.feat("yield-cond-replace")
        c = self.cond(sc)
        r = self.fresh("y")
        keep = own if own is not None else self.pick(sc.bufs)
        self.emit(sc, "%s = scf.if %s -> (%s) {" % (r, c, T))
        inner = sc.child()
        m = self.alloc(inner, store=False)
        self.emit(inner, "memref.copy %s, %s : %s to %s" % (keep, m, T, T))
        self.emit(inner, "scf.yield %s : %s" % (m, T))
        self.emit(sc, "} else {")
        self.emit(inner, "scf.yield %s : %s" % (keep, T))
        self.emit(sc, "}")
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
        self.emit(sc, "scf.for %s = %%c0 to %%n step %%c1 {" % i)
        inner = sc.child()
        inner.idxs.append(i)
        self.body_stmts(inner, depth)
        self.emit(sc, "}")

    def for_iter(self, sc, depth):
        self.feat("for-iter")
        self.deepest = max(self.deepest, depth)
        T = self.ty.main
        inits = self.carried_inits(sc)
        i, res = self.fresh("i"), self.fresh("res")
        args = [self.fresh("b") for _ in inits]
        self.emit(sc, "%s:%d = scf.for %s = %%c0 to %%n step %%c1 iter_args(%s)"
                  " -> (%s) {" % (res, len(args), i,
                                  ", ".join("%s = %s" % p for p in zip(args, inits)),
                                  ", ".join([T] * len(args))))
        inner = sc.child()
        inner.idxs.append(i)
        inner.bufs += args
        self.body_stmts(inner, depth)
        ys = [self.yield_value(inner, a, [b for b in args if b != a])
              for a in args]
        self.emit(inner, "scf.yield %s : %s" % (", ".join(ys),
                                                 ", ".join([T] * len(ys))))
        self.emit(sc, "}")
        sc.bufs += ["%s#%d" % (res, k) for k in range(len(args))]

    def while_loop(self, sc, depth):
        self.feat("while")
        self.deepest = max(self.deepest, depth)
        T = self.ty.main
        inits = self.carried_inits(sc)
        res, i = self.fresh("res"), self.fresh("i")
        bs = [self.fresh("b") for _ in inits]
        types = ", ".join(["index"] + [T] * len(inits))
        self.emit(sc, "%s:%d = scf.while (%s) : (%s) -> (%s) {"
                  % (res, len(inits) + 1,
                     ", ".join("%s = %s" % p for p in
                               zip([i] + bs, ["%c0"] + inits)), types, types))
        before = sc.child()
        before.idxs.append(i)
        before.bufs += bs
        c = self.fresh("p")
        self.emit(before, "%s = arith.cmpi slt, %s, %%n : index" % (c, i))
        passed = list(bs)
        if self.rng.random() < 0.3:
            # the before region replaces a buffer too
            self.feat("while-before-replace")
            k = self.rng.randrange(len(bs))
            passed[k] = self.yield_value(before, bs[k], [], allow_keep=False)
        self.emit(before, "scf.condition(%s) %s : %s"
                  % (c, ", ".join([i] + passed), types))
        self.emit(sc, "} do {")
        j = self.fresh("j")
        cs = [self.fresh("b") for _ in inits]
        self.emit(sc, "^bb0(%s):" % ", ".join(
            ["%s: index" % j] + ["%s: %s" % (b, T) for b in cs]))
        after = sc.child()
        after.idxs.append(j)
        after.bufs += cs
        self.body_stmts(after, depth)
        ys = [self.yield_value(after, b, [x for x in cs if x != b]) for b in cs]
        k = self.fresh("k")
        self.emit(after, "%s = arith.addi %s, %%c1 : index" % (k, j))
        self.emit(after, "scf.yield %s : %s" % (", ".join([k] + ys), types))
        self.emit(sc, "}")
        sc.bufs += ["%s#%d" % (res, n) for n in range(1, len(inits) + 1)]

    def if_plain(self, sc, depth):
        self.feat("if")
        self.emit(sc, "scf.if %s {" % self.cond(sc))
        self.body_stmts(sc.child(), depth)
        if self.rng.random() < 0.5:
            self.emit(sc, "} else {")
            self.body_stmts(sc.child(), depth)
        self.emit(sc, "}")

    def if_result(self, sc, depth):
        self.feat("if-result")
        T = self.ty.main
        k = self.pick((1, 1, 2))
        r = self.fresh("r")
        self.emit(sc, "%s:%d = scf.if %s -> (%s) {"
                  % (r, k, self.cond(sc), ", ".join([T] * k)))
        for n, arm in enumerate(("then", "else")):
            if n:
                self.emit(sc, "} else {")
            inner = sc.child()
            self.body_stmts(inner, depth)
            ys = [self.yield_value(inner, None, []) for _ in range(k)]
            self.emit(inner, "scf.yield %s : %s" % (", ".join(ys),
                                                     ", ".join([T] * k)))
        self.emit(sc, "}")
        sc.bufs += ["%s#%d" % (r, n) for n in range(k)]

    def switch(self, sc, depth):
        self.feat("index-switch")
        T = self.ty.main
        r = self.fresh("r")
        self.emit(sc, "%s = scf.index_switch %s -> %s"
                  % (r, self.pick(sc.idxs + ["%n"]), T))
        for case in ("case 0", "case 1", "default"):
            self.emit(sc, case + " {")
            inner = sc.child()
            if self.rng.random() < 0.5:
                self.body_stmts(inner, depth)
            self.emit(inner, "scf.yield %s : %s"
                      % (self.yield_value(inner, None, []), T))
            self.emit(sc, "}")
        sc.bufs.append(r)

    # -- functions ------------------------------------------------------------
    def prelude(self, sc):
        self.emit(sc, "%c0 = arith.constant 0 : index")
        self.emit(sc, "%c1 = arith.constant 1 : index")
        self.emit(sc, "%c2 = arith.constant 2 : index")

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
        self.lines.append("func.func @%s(%s) -> %s {"
                          % (name, ", ".join(params), T if ret_buf else "f32"))
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
            self.emit(sc, "%s = memref.alloca(%s) : %s" % (a, size, T))
            sc.bufs.append(a)
        self.block(sc, 0, self.rng.randint(0, 1))
        # the spine: one loop nest as deep as max_depth, whatever the dice
        self.nest(sc, 1)
        self.block(sc, 0, self.rng.randint(0, 1))
        if ret_buf:
            self.emit(sc, "return %s : %s" % (self.pick(sc.bufs), T))
        else:
            f = self.fresh("f")
            self.emit(sc, "%s = memref.load %s[%%c0] : %s"
                      % (f, self.pick(sc.bufs), T))
            self.emit(sc, "return %s : f32" % f)
        self.lines.append("}")

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
        vis = "private " if private else ""
        sig = "(%%n: index, %%c: i1, %%v: f32, %%x: %s)" % T
        if body == "ext":
            self.lines.append("func.func private %s(index, i1, f32, %s) -> %s"
                              % (name, T, T))
            return
        if body == "consume":
            self.lines.append("func.func %s%s%s {" % (vis, name, sig))
            self.lines.append("  %c0 = arith.constant 0 : index")
            self.lines.append("  memref.store %%v, %%x[%%c0] : %s" % T)
            self.lines.append("  return")
            self.lines.append("}")
            return
        self.lines.append("func.func %s%s%s -> %s {" % (vis, name, sig, T))
        sc = Scope(["%x"], [], ["%c"], [], 1)
        self.emit(sc, "%c0 = arith.constant 0 : index")
        if body == "ident":
            self.emit(sc, "return %%x : %s" % T)
        elif body == "fresh":
            self.emit(sc, "return %s : %s" % (self.alloc(sc), T))
        else:
            r = self.fresh("r")
            self.emit(sc, "%s = scf.if %%c -> (%s) {" % (r, T))
            inner = sc.child()
            self.emit(inner, "scf.yield %s : %s" % (self.alloc(inner), T))
            self.emit(sc, "} else {")
            self.emit(inner, "scf.yield %%x : %s" % T)
            self.emit(sc, "}")
            self.emit(sc, "return %s : %s" % (r, T))
        self.lines.append("}")

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
        return head + "\n".join(self.lines) + "\n"


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
