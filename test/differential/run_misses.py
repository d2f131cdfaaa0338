#!/usr/bin/env python3
"""Run the mutants memlint missed, to tell bugs from frees that never run.

Usage: run_misses.py --keep DIR --log FILE [--n 0,1,2,3,5] [-j N]

DIR is what `run.py --keep DIR` kept and FILE what that run printed. Each
mutant the run reports as missed (a deletion without a `leak`, a
duplication without a `double-free`) and its clean output are run with
test/runtime/run.py (lowered to LLVM, JIT-run under the counting allocator
memcount) from a `@main()` that calls the program's `@main` for every
loop count in --n and both values of its i1 argument, with fresh buffers
for its memref arguments (freed afterwards, as is a returned buffer).

A mutant whose run leaks, frees twice or frees what was never allocated
where its clean output does not is a bug memlint missed; one that never
does on those inputs is probably a free that never runs (an equivalent
mutant the SCCP and helper oracles of run.py cannot see): no run proves
that, so it is reported as "not observed". Programs calling a body-less
declaration cannot be run (nothing defines it) and are skipped.
"""
import argparse
import concurrent.futures
import importlib.util
import os
import re
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# test/runtime/run.py, under a name of its own (this directory has a run.py
# too).
_spec = importlib.util.spec_from_file_location(
    "runtime_run", os.path.join(HERE, "..", "runtime", "run.py"))
runtime = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runtime)

# Upstream's output keeps bufferization.clone (a fresh copy): lowered first.
runtime.PIPELINE = ["--convert-bufferization-to-memref"] + runtime.PIPELINE

MISS_RE = re.compile(
    r"^(?:FAIL|known-limitation) (\w+):(plain|dyn):(del|dup)-L(\d+) ")
SIG_RE = re.compile(r"func\.func @main\((.*?)\)(?: -> (.*?))? \{")
DECL_RE = re.compile(r"^\s*func\.func (?:private )?@[\w$.-]+\([^)]*\)[^{]*$",
                     re.M)


def split_top(text):
    """Splits at the commas outside <...> and (...)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<(":
            depth += 1
        elif ch in ">)":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def with_driver(text, n, c):
    """The program with its @main renamed and a @main() that calls it."""
    m = SIG_RE.search(text)
    if not m:
        return None
    args = [a.split(":", 1)[1].strip() for a in split_top(m.group(1))]
    results = split_top(m.group(2).strip("()")) if m.group(2) else []
    body = text.replace("@main(", "@program(", 1)
    lines = ["  func.func @main() {",
             "    %%n = arith.constant %d : index" % n,
             "    %%c = arith.constant %s" % ("true" if c else "false"),
             "    %v = arith.constant 1.0 : f32"]
    operands, frees = [], []
    for i, t in enumerate(args):
        if t == "index":
            operands.append("%n")
        elif t == "i1":
            operands.append("%c")
        elif t == "f32":
            operands.append("%v")
        elif t.startswith("memref<"):
            # Sized like the program's own dynamic buffers (copied into
            # one another): by the loop count.
            dyn = ", ".join(["%n"] * t.split(",")[0].count("?"))
            lines.append("    %%m%d = memref.alloc(%s) : %s" % (i, dyn, t))
            operands.append("%%m%d" % i)
            frees.append("    memref.dealloc %%m%d : %s" % (i, t))
        else:
            return None
    call = "func.call @program(%s) : (%s) -> (%s)" % (
        ", ".join(operands), ", ".join(args), ", ".join(results))
    if results:
        names = ["%%r%d" % i for i in range(len(results))]
        call = "%s = %s" % (", ".join(names), call)
        for name, t in zip(names, results):
            if t.startswith("memref<"):
                frees.append("    memref.dealloc %s : %s" % (name, t))
    lines += ["    " + call] + frees + ["    return", "  }"]
    cut = body.rstrip().rfind("}")
    return body[:cut] + "\n".join(lines) + "\n}\n"


def memory_bugs(path, inputs, lib):
    """Per input (n, c): the counts memcount reports, or an error."""
    text = open(path).read()
    # Memory spaces the CPU lowering has no allocator for: the same buffers
    # in the default space.
    text = re.sub(r", [0-9]+>", ">", text)
    # Buffers sized by the loop count are written at index 0: a count of 0
    # would write out of bounds.
    signature = SIG_RE.search(text)
    if re.search(r"memref\.alloc\(%", text) or (
            signature and "?x" in signature.group(1)):
        inputs = [(n, c) for n, c in inputs if n > 0]
    out = {}
    with tempfile.TemporaryDirectory(prefix="misses-") as tmp:
        for n, c in inputs:
            program = with_driver(text, n, c)
            if program is None:
                return "no driver for @main's signature"
            p = os.path.join(tmp, "p.mlir")
            with open(p, "w") as f:
                f.write(program)
            r = runtime.run_file(p, lib=lib)
            if r["error"]:
                return "%s: %s" % (r["error"], r["message"][-200:])
            out[(n, c)] = (r["leaks"], r["double_frees"], r["bad_frees"])
    return out


def judge(keep, prog, variant, kind, line, inputs, lib):
    d = os.path.join(keep, "plain" if variant == "plain" else
                     "dynamic-ownership")
    clean = os.path.join(d, prog + ".mlir")
    mutant = os.path.join(d, "%s.%s-L%s.mlir" % (prog, kind, line))
    ident = "%s:%s:%s-L%s" % (prog, variant, kind, line)
    if DECL_RE.search(open(clean).read()):
        return ident, "skipped", "calls a body-less declaration"
    base = memory_bugs(clean, inputs, lib)
    if isinstance(base, str):
        return ident, "error", "clean output: " + base
    got = memory_bugs(mutant, inputs, lib)
    if isinstance(got, str):
        return ident, "error", "mutant: " + got
    for key in base:
        if got[key] != base[key]:
            what = ["leaks", "double frees", "invalid frees"]
            diff = ", ".join("%s %d -> %d" % (w, a, b) for w, a, b in
                             zip(what, base[key], got[key]) if a != b)
            return ident, "observed", "n=%d c=%d: %s" % (key[0], key[1], diff)
    if any(any(v) for v in base.values()):
        return ident, "error", "the clean output misbehaves: %s" % base
    return ident, "not observed", "%d inputs" % len(base)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--keep", required=True, help="run.py's --keep DIR")
    ap.add_argument("--log", required=True, help="what that run printed")
    ap.add_argument("--n", default="0,1,2,3,5",
                    help="loop counts given as the index argument")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    inputs = [(int(n), c) for n in args.n.split(",") for c in (0, 1)]
    misses = []
    for line in open(args.log):
        m = MISS_RE.match(line)
        if m:
            misses.append(m.groups())
    lib = runtime.build_lib()
    counts = {}
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        jobs = [pool.submit(judge, args.keep, *m, inputs, lib) for m in misses]
        for job in jobs:
            ident, verdict, why = job.result()
            counts[verdict] = counts.get(verdict, 0) + 1
            print("%-28s %-13s %s" % (ident, verdict, why), flush=True)
    print("missed mutants: %d; %s" % (len(misses), ", ".join(
        "%s %d" % kv for kv in sorted(counts.items()))))


if __name__ == "__main__":
    main()
