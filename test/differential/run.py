#!/usr/bin/env python3
"""Differential test of memlint against upstream MLIR's buffer deallocation.

For every program in corpus/ (memref.alloc, no deallocs) this script

  1. runs `mlir-opt --buffer-deallocation-pipeline` (and, by default, the
     `private-function-dynamic-ownership=true` variant) to get IR whose
     deallocations upstream believes correct;
  2. lints that IR with `memlint lint --format=json`: no lifetime finding is
     expected;
  3. deletes each `memref.dealloc` line in turn: a `leak` is expected;
  4. duplicates each `memref.dealloc` line in turn (the copy right after the
     original): a `double-free` anchored on the copy's line is expected.

Programs whose deallocated IR contains upstream's runtime ownership machinery
(`func.func private @dealloc_helper`, or aligned-pointer comparisons via
`memref.extract_aligned_pointer_as_index` + `arith.cmpi`) are reported
separately: their failures are printed as "known-limitation" and do not make
the run fail unless --strict is given.

Everything is generated into a temporary directory at run time; nothing
derived from upstream is committed. See README.md.

Exit status: 0 all required checks passed; 1 a required check failed;
2 memlint or mlir-opt not found, or bad usage.

python3 standard library only.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import llvm_tools  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import helper_dead  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
CORPUS_DIR = HERE / "corpus"
REJECTED_DIR = HERE / "rejected"

DEFAULT_MEMLINT = REPO_ROOT / "build" / "cli" / "memlint"

# name -> the pass option string given to mlir-opt
VARIANTS = {
    "plain": ["--buffer-deallocation-pipeline"],
    "dynamic-ownership": [
        "--buffer-deallocation-pipeline=private-function-dynamic-ownership=true"
    ],
}
VARIANT_TAGS = {"plain": "", "dynamic-ownership": " [dyn]"}

LIFETIME_CHECKS = ("leak", "double-free", "use-after-free", "invalid-free")

DEALLOC_RE = re.compile(r"^\s*memref\.dealloc\s+%")
HELPER_FN_RE = re.compile(r"func\.func\s+private\s+@dealloc_helper\b")
PTR_EXTRACT_RE = re.compile(r"memref\.extract_aligned_pointer_as_index\b")
CMPI_RE = re.compile(r"\barith\.cmpi\b")
SCF_IF_OPEN_RE = re.compile(r"^\s*(?:%\S+\s*=\s*)?scf\.if\b.*\{\s*$")
HEADER_RE = re.compile(r"^//\s*(REJECTED|MLIR-OPT-FLAGS|GEN-FEATURES):\s*(.*?)\s*$")
VARIANT_IDS = {"plain": "plain", "dynamic-ownership": "dyn"}

TIMEOUT_S = 120
LINT_BATCH = 48   # files per memlint process (see lint_batch)
PIPELINE_BATCH = 25   # generated programs per mlir-opt (run_pipeline_batch)


# --------------------------------------------------------------------------
# small helpers

def run_cmd(argv, timeout=TIMEOUT_S, input_text=None):
    """Run argv (stdin: input_text), return (rc, stdout, stderr); rc is
    None on timeout."""
    try:
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, universal_newlines=True,
                           input=input_text)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %ds" % timeout
    except OSError as e:
        return None, "", str(e)


def rel(path):
    try:
        return str(Path(path).resolve().relative_to(REPO_ROOT))
    except ValueError:
        return str(path)


def file_headers(path):
    """The `// REJECTED:` and `// MLIR-OPT-FLAGS:` headers of a corpus file."""
    heads = {}
    for line in Path(path).read_text().splitlines():
        if not line.startswith("//"):
            break
        m = HEADER_RE.match(line)
        if m:
            heads[m.group(1)] = m.group(2)
    return heads


def find_mlir_opt(arg):
    """--mlir-opt, else $MLIR_OPT, else llvm_tools' LLVM 22 (which exits
    with what it tried when there is none)."""
    return llvm_tools.tool("mlir-opt", arg or os.environ.get("MLIR_OPT"))


def find_memlint(arg):
    """Return (path or None, list of places looked at)."""
    looked = []
    if arg:
        looked.append(arg)
        p = shutil.which(arg) if os.sep not in arg else arg
        if p and os.path.isfile(p) and os.access(p, os.X_OK):
            return p, looked
        return None, looked
    looked.append(str(DEFAULT_MEMLINT))
    if DEFAULT_MEMLINT.is_file() and os.access(str(DEFAULT_MEMLINT), os.X_OK):
        return str(DEFAULT_MEMLINT), looked
    looked.append("memlint on PATH")
    p = shutil.which("memlint")
    if p:
        return p, looked
    return None, looked


# --------------------------------------------------------------------------
# analysis of upstream's output

def classify_helper(text):
    """Why the output counts as using upstream's runtime ownership helper,
    or None when it does not."""
    reasons = []
    if HELPER_FN_RE.search(text):
        reasons.append("helper-fn")
    if PTR_EXTRACT_RE.search(text) and CMPI_RE.search(text):
        reasons.append("ptr-cmp")
    return "+".join(reasons) or None


def dealloc_lines(lines):
    """0-based indices of `memref.dealloc` lines."""
    return [i for i, l in enumerate(lines) if DEALLOC_RE.match(l)]


def guarded(lines, idx):
    """True when the dealloc at idx is the body of an `scf.if` (upstream's
    ownership-indicator guard)."""
    j = idx - 1
    while j >= 0 and lines[j].strip() == "":
        j -= 1
    return j >= 0 and bool(SCF_IF_OPEN_RE.match(lines[j]))


def sample(idxs, n):
    """n of idxs spread evenly (all of them when n is 0 or enough)."""
    if not n or len(idxs) <= n:
        return list(idxs)
    return [idxs[k * len(idxs) // n] for k in range(n)]


def make_mutants(text, max_deallocs=0):
    """Yield (kind, dealloc_line_1based, expected_line_1based, mutant_text).

    kind "del": the dealloc line removed; a leak is expected (no particular
    anchor is required). kind "dup": the line duplicated right after itself;
    a double-free anchored on the copy (dealloc line + 1) is expected.
    """
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    for i in sample(dealloc_lines(lines), max_deallocs):
        yield ("del", i + 1, None, "".join(lines[:i] + lines[i + 1:]))
        yield ("dup", i + 1, i + 2,
               "".join(lines[:i + 1] + [lines[i]] + lines[i + 1:]))


# --------------------------------------------------------------------------
# memlint

class LintResult:
    def __init__(self, rc, diags, ignored, error):
        self.rc = rc            # exit status (None: did not run / timed out)
        self.diags = diags      # [(check, line)] lifetime findings
        self.ignored = ignored  # [(check, line)] other checks (missed-reuse ...)
        self.error = error      # str when memlint failed to give an answer

    def describe(self):
        if self.error:
            return self.error
        found = ", ".join("%s@%d" % d for d in self.diags) or "no findings"
        return "exit %s, %s" % (self.rc, found)


# Options every memlint lint of the run gets (--memlint-config).
LINT_OPTIONS = []


def lint(memlint, path):
    argv = [memlint, "lint", "--format=json"] + LINT_OPTIONS + [str(path)]
    rc, out, err = run_cmd(argv)
    return parse_lint(rc, out, err)


def lint_batch(memlint, paths):
    """Lint several files with one memlint process (its start-up dominates
    on small files): [LintResult] in the order of paths. The JSON holds one
    entry per file, so each file is judged on its own entry, with the exit
    status it would have had alone (1 iff it has findings). The batch's
    own exit status must agree with the union; when the batch gives no
    usable answer (exit 2, crash, timeout, bad JSON) the batch is halved
    until the failure lands on the file causing it, linted alone.
    """
    if len(paths) == 1:
        return [lint(memlint, paths[0])]
    argv = ([memlint, "lint", "--format=json"] + LINT_OPTIONS +
            [str(p) for p in paths])
    rc, out, err = run_cmd(argv, timeout=TIMEOUT_S * 2)
    whole = parse_lint(rc, out, err)
    per_file = None
    if whole.error is None:
        try:
            per_file = {f["file"]: f for f in json.loads(out)["files"]}
        except (ValueError, KeyError, TypeError):
            per_file = None
    if per_file is None or any(str(p) not in per_file for p in paths):
        half = len(paths) // 2
        return (lint_batch(memlint, paths[:half])
                + lint_batch(memlint, paths[half:]))
    results = []
    for p in paths:
        entry = per_file[str(p)]
        one = json.dumps({"version": 1, "files": [entry]})
        results.append(parse_lint(1 if entry.get("diagnostics") else 0,
                                  one, ""))
    return results


def parse_lint(rc, out, err):
    """Judge one memlint answer (exit status, stdout, stderr)."""
    if rc is None:
        return LintResult(None, [], [], "memlint did not finish: " + err.strip())
    if rc == 2:
        first = (err.strip().splitlines() or ["(no message)"])[0]
        return LintResult(rc, [], [], "exit 2 (parse/usage error): " + first)
    if rc not in (0, 1):
        return LintResult(rc, [], [], "unexpected exit %d: %s"
                          % (rc, err.strip()[:200]))
    try:
        doc = json.loads(out) if out.strip() else None
        if doc is None:
            raise ValueError("empty stdout")
        diags, ignored = [], []
        for f in doc.get("files", []):
            for d in f.get("diagnostics", []):
                check = d.get("check", "?")
                line = d.get("range", {}).get("start", {}).get("line", 0)
                (diags if check in LIFETIME_CHECKS else ignored).append(
                    (check, int(line)))
    except (ValueError, AttributeError, TypeError) as e:
        return LintResult(rc, [], [], "exit %d, unreadable JSON (%s): %r"
                          % (rc, e, out[:120]))
    if rc == 0 and (diags or ignored):
        return LintResult(rc, diags, ignored,
                          "exit 0 but the JSON has findings: "
                          + ", ".join("%s@%d" % d for d in diags + ignored))
    if rc == 1 and not (diags or ignored):
        return LintResult(rc, diags, ignored, "exit 1 but the JSON has no findings")
    return LintResult(rc, diags, ignored, None)


# --------------------------------------------------------------------------
# one program x one variant

class Check:
    def __init__(self, kind, line, expect_line, path):
        self.kind = kind              # "clean" | "del" | "dup"
        self.line = line              # the dealloc line in the clean output
        self.expect_line = expect_line
        self.path = path              # the file memlint is run on
        self.valid = True             # the mutant parses and verifies
        self.valid_msg = ""
        self.result = None            # LintResult
        self.ok = None                # True / False / None (not run)
        self.why = ""
        # The mutated dealloc never runs (dead_deallocs): the mutant means
        # the same as the clean output, so it must lint clean too.
        self.equivalent = False

    def ident(self, prog):
        """The id of this check in an expectation file, e.g.
        `g7_0003:dyn:del-L12` (program, variant, check)."""
        what = "clean" if self.kind == "clean" else \
            "%s-L%d" % (self.kind, self.line)
        return "%s:%s:%s" % (prog.name, VARIANT_IDS[prog.variant], what)

    def label(self):
        if self.kind == "clean":
            return "clean"
        return "%s L%d" % ({"del": "delete", "dup": "duplicate"}[self.kind],
                           self.line)

    def judge(self):
        r = self.result
        if r is None:
            return
        if r.error:
            self.ok, self.why = False, r.describe()
            return
        checks = [c for c, _ in r.diags]
        if self.kind == "clean" or self.equivalent:
            self.ok = not r.diags
            if not self.ok:
                self.why = ("flagged, though the %s dealloc never runs: "
                            % ("deleted" if self.kind == "del" else
                               "duplicated")
                            if self.equivalent else "flagged: ") + r.describe()
        elif self.kind == "del":
            self.ok = "leak" in checks
            if not self.ok:
                self.why = "no leak reported (" + r.describe() + ")"
        else:
            at = [l for c, l in r.diags if c == "double-free"]
            self.ok = self.expect_line in at
            if not self.ok:
                if at:
                    self.why = ("double-free at line %s, expected line %d"
                                % ("/".join(map(str, at)), self.expect_line))
                else:
                    self.why = "no double-free reported (" + r.describe() + ")"


class Program:
    def __init__(self, src, variant):
        self.src = Path(src)
        self.name = self.src.stem
        self.variant = variant
        self.row = self.name + VARIANT_TAGS[variant]
        self.command = None           # argv of the mlir-opt run
        self.out_path = None
        self.text = None
        self.pipeline_error = None
        self.same_as_plain = False
        self.helper = None            # classification reason or None
        self.n_dealloc = 0
        self.n_guarded = 0
        self.checks = []
        self.features = file_headers(src).get("GEN-FEATURES", "").split()

    @property
    def known_limitation(self):
        return self.helper is not None


def run_pipeline(prog, mlir_opt, workdir, max_deallocs=0):
    heads = file_headers(prog.src)
    extra = shlex.split(heads.get("MLIR-OPT-FLAGS", ""))
    prog.command = [mlir_opt] + extra + VARIANTS[prog.variant] + [str(prog.src)]
    rc, out, err = run_cmd(prog.command)
    if rc != 0:
        prog.pipeline_error = (err.strip().splitlines() or ["exit %s" % rc])[0]
        return
    take_output(prog, out, workdir, max_deallocs)


SPLIT_MARK = "// -----\n"


def run_pipeline_batch(progs, mlir_opt, workdir, max_deallocs=0):
    """run_pipeline for several programs of one variant with one mlir-opt
    (--split-input-file; its start-up costs more than the pipeline on a
    small program). The output chunks are the files' outputs in order; if
    any program is rejected, each is run alone so that the error is its
    own. Only for files without headers (gen.py's)."""
    if len(progs) == 1:
        run_pipeline(progs[0], mlir_opt, workdir, max_deallocs)
        return
    workdir.mkdir(parents=True, exist_ok=True)
    joined = workdir / ("batch-%s-%s.mlir" % (progs[0].variant, progs[0].name))
    joined.write_text(SPLIT_MARK.join(
        p.src.read_text().rstrip("\n") + "\n" for p in progs))
    variant = progs[0].variant
    rc, out, _ = run_cmd([mlir_opt, "--split-input-file"] + VARIANTS[variant]
                         + [str(joined)], timeout=TIMEOUT_S * 2)
    joined.unlink()
    chunks = out.split(SPLIT_MARK) if rc == 0 else []
    if len(chunks) != len(progs):
        for p in progs:
            run_pipeline(p, mlir_opt, workdir, max_deallocs)
        return
    for p, text in zip(progs, chunks):
        p.command = [mlir_opt] + VARIANTS[variant] + [str(p.src)]
        take_output(p, text, workdir, max_deallocs)


def take_output(prog, out, workdir, max_deallocs):
    """Record upstream's output for prog and write its mutants."""
    prog.text = out
    d = workdir / prog.variant
    d.mkdir(parents=True, exist_ok=True)
    prog.out_path = d / (prog.name + ".mlir")
    prog.out_path.write_text(out)
    prog.helper = classify_helper(out)
    lines = out.splitlines()
    idxs = dealloc_lines(lines)
    prog.n_dealloc = len(idxs)
    prog.n_guarded = sum(1 for i in idxs if guarded(lines, i))
    prog.checks.append(Check("clean", None, None, prog.out_path))
    for kind, line, expect, mtext in make_mutants(out, max_deallocs):
        mp = d / ("%s.%s-L%d.mlir" % (prog.name, kind, line))
        mp.write_text(mtext)
        prog.checks.append(Check(kind, line, expect, mp))


PROBE_RE = re.compile(r"\{memlint\.probe = (\d+) : i64\}")
CONST_COND_RE = re.compile(r"^\s*scf\.if (%(?:true|false)(?:_\d+)?) ")


def dead_deallocs(text, lines_1based, mlir_opt):
    """The deallocs among `lines_1based` that upstream proves never run:
    each is tagged with a discardable attribute, the output goes through
    `mlir-opt --inline=default-pipeline= --sccp` (constant propagation
    through calls and loop-carried values; no canonicalizer, which would
    also erase frees of dead allocations), and a tagged dealloc whose
    innermost `scf.if` now tests the constant that skips its branch is
    dead. Upstream places
    such frees, e.g. under the ownership flag `false` a private callee
    returns (dynamic ownership) or one a loop carries unchanged from
    `false`; deleting or doubling them changes nothing, so no tool can be
    asked to flag the mutant."""
    lines = text.splitlines()
    for n in lines_1based:
        l = lines[n - 1]
        cut = l.rindex(" : ")
        lines[n - 1] = "%s {memlint.probe = %d : i64}%s" % (l[:cut], n,
                                                            l[cut:])
    rc, out, _ = run_cmd([mlir_opt, "--inline=default-pipeline=", "--sccp", "-"],
                         input_text="\n".join(lines) + "\n")
    if rc != 0:
        return set()
    dead = set()
    olines = out.splitlines()
    for i, l in enumerate(olines):
        m = PROBE_RE.search(l)
        if not m:
            continue
        indent = len(l) - len(l.lstrip())
        for j in range(i - 1, -1, -1):
            o = olines[j]
            if o.strip() == "" or len(o) - len(o.lstrip()) >= indent:
                continue
            c = CONST_COND_RE.match(o)
            if o.strip() == "} else {":
                # Find the if whose else this is.
                k = j - 1
                while k >= 0 and (olines[k].strip() == "" or
                                  len(olines[k]) - len(olines[k].lstrip())
                                  > len(o) - len(o.lstrip())):
                    k -= 1
                c2 = CONST_COND_RE.match(olines[k]) if k >= 0 else None
                if c2 and c2.group(1).startswith("%true"):
                    dead.add(int(m.group(1)))
            elif c and c.group(1).startswith("%false"):
                dead.add(int(m.group(1)))
            break
    return dead


def mark_equivalent(prog, mlir_opt):
    muts = [c for c in prog.checks if c.kind != "clean"]
    if prog.text is None or not muts:
        return
    dead = dead_deallocs(prog.text, sorted({c.line for c in muts}), mlir_opt)
    lines = prog.text.splitlines()
    dead |= {c.line for c in muts if helper_dead.is_dead(lines, c.line - 1)}
    for c in muts:
        c.equivalent = c.line in dead


def verify_mutant(check, mlir_opt):
    rc, _, err = run_cmd([mlir_opt, str(check.path), "-o", os.devnull])
    if rc != 0:
        check.valid = False
        check.valid_msg = (err.strip().splitlines() or ["exit %s" % rc])[0]


# --------------------------------------------------------------------------
# reporting

def frac(checks, kind):
    cs = [c for c in checks if c.kind == kind]
    if not cs:
        return "-"
    if any(c.ok is None for c in cs):
        return "?/%d" % len(cs)
    return "%d/%d" % (sum(1 for c in cs if c.ok), len(cs))


def print_table(progs, have_memlint):
    head = ("program", "helper", "deallocs", "guarded", "clean", "deletions",
            "duplications", "status")
    rows = []
    for p in progs:
        if p.pipeline_error:
            rows.append((p.row, "-", "-", "-", "-", "-", "-", "PIPELINE-REJECTED"))
            continue
        if p.same_as_plain:
            continue
        clean = [c for c in p.checks if c.kind == "clean"][0]
        clean_s = "-" if clean.ok is None else ("ok" if clean.ok else
                                                 "ERROR" if clean.result.error
                                                 else "FLAGGED")
        if not have_memlint:
            status = "mutants built" if all(c.valid for c in p.checks) \
                else "BAD-MUTANT"
        elif not all(c.valid for c in p.checks):
            status = "BAD-MUTANT"
        elif all(c.ok for c in p.checks):
            status = "pass"
        elif p.known_limitation and not any(c.result.error for c in p.checks
                                            if c.result is not None):
            status = "known-limitation"
        else:
            status = "FAIL"
        rows.append((p.row, p.helper or "no", str(p.n_dealloc),
                     str(p.n_guarded), clean_s, frac(p.checks, "del"),
                     frac(p.checks, "dup"), status))
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    fmt = "  ".join("%%-%ds" % w for w in widths)
    print((fmt % head).rstrip())
    print((fmt % tuple("-" * w for w in widths)).rstrip())
    for r in rows:
        print((fmt % r).rstrip())


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Differential test: memlint vs. mlir-opt "
                    "--buffer-deallocation-pipeline.")
    ap.add_argument("--memlint", metavar="PATH",
                    help="memlint binary (default: build/cli/memlint under the "
                         "repo root, then memlint on PATH)")
    ap.add_argument("--mlir-opt", metavar="PATH",
                    help="mlir-opt binary (default: $MLIR_OPT, then the "
                         "LLVM 22 test/lib/llvm_tools.py finds)")
    ap.add_argument("--variant", choices=sorted(VARIANTS) + ["all"],
                    default="all",
                    help="which pipeline invocation(s) to test (default: all; "
                         "a non-plain variant whose output equals the plain "
                         "one is not tested twice)")
    ap.add_argument("--strict", action="store_true",
                    help="failures on runtime-helper programs fail the run too")
    ap.add_argument("--pipeline-only", action="store_true",
                    help="do not run memlint: check that upstream accepts the "
                         "corpus and that every mutant verifies; exit 0 if so")
    ap.add_argument("--no-verify-mutants", action="store_true",
                    help="skip checking that every mutant parses and verifies "
                         "with mlir-opt")
    ap.add_argument("--keep", metavar="DIR",
                    help="write the deallocated outputs and mutants into DIR "
                         "instead of a temporary directory")
    ap.add_argument("-j", "--jobs", type=int,
                    default=max(1, min(4, os.cpu_count() or 1)))
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print every memlint answer, not only failures")
    ap.add_argument("--gen-seed", type=int, metavar="S",
                    help="test programs made by gen.py with seed S instead "
                         "of the corpus")
    ap.add_argument("--gen-count", type=int, default=40, metavar="K",
                    help="how many programs to generate (default 40)")
    ap.add_argument("--gen-start", type=int, default=0, metavar="I",
                    help="index of the first generated program (default 0)")
    ap.add_argument("--expect-failures", metavar="FILE",
                    help="required checks listed in FILE (`ID  # reason` "
                         "lines) may fail; one that passes fails the run "
                         "(remove it from FILE)")
    ap.add_argument("--write-failures", metavar="FILE",
                    help="write the failed required checks into FILE in the "
                         "--expect-failures format")
    ap.add_argument("--memlint-config", metavar="FILE",
                    help="lint with this .memlint.json (e.g. one naming "
                         "every body-less function an allocator, as "
                         "upstream's function-boundary convention does)")
    ap.add_argument("--max-deallocs", type=int, default=0, metavar="N",
                    help="mutate at most N deallocs per output, spread "
                         "evenly (default 0: all); linting dominates the "
                         "time of a generated run")
    ap.add_argument("--no-table", action="store_true",
                    help="do not print the per-program table")
    ap.add_argument("files", nargs="*",
                    help="corpus files (default: corpus/*.mlir)")
    args = ap.parse_args(argv)

    try:
        mlir_opt = find_mlir_opt(args.mlir_opt)
    except llvm_tools.NotFound as e:
        print(e.code, file=sys.stderr)
        return 2
    memlint, looked = (None, []) if args.pipeline_only else \
        find_memlint(args.memlint)
    if args.memlint_config:
        LINT_OPTIONS.append("--config=" + os.path.abspath(args.memlint_config))

    if args.gen_seed is not None and args.files:
        print("error: --gen-seed and FILES exclude each other", file=sys.stderr)
        return 2
    files = [Path(f) for f in args.files] or sorted(CORPUS_DIR.glob("*.mlir"))
    if not files:
        print("error: no corpus files", file=sys.stderr)
        return 2
    variants = sorted(VARIANTS, key=lambda v: v != "plain") \
        if args.variant == "all" else [args.variant]

    _, ver, _ = run_cmd([mlir_opt, "--version"])
    ver = " ".join(l.strip() for l in ver.splitlines() if "version" in l)
    print("mlir-opt: %s (%s)" % (mlir_opt, ver or "unknown version"))
    for v in variants:
        print("command [%s]: %s" % (v, " ".join(
            shlex.quote(a) for a in [mlir_opt] + VARIANTS[v] + ["FILE"])))
    if memlint:
        print("memlint: %s lint --format=json FILE" % memlint)
    elif args.pipeline_only:
        print("memlint: not run (--pipeline-only)")
    else:
        print("memlint: NOT FOUND (looked at: %s); checking the pipeline and "
              "the mutants only" % ", ".join(looked))
    print()

    if args.keep:
        workdir = Path(args.keep).resolve()
        workdir.mkdir(parents=True, exist_ok=True)
        tmp = None
    else:
        tmp = tempfile.TemporaryDirectory(prefix="memlint-differential-")
        workdir = Path(tmp.name)

    try:
        if args.gen_seed is not None:
            import gen
            files = gen.write(args.gen_seed, args.gen_count, workdir / "gen",
                              args.gen_start)
            print("programs: gen.py --seed %d --start %d --count %d (%s)\n"
                  % (args.gen_seed, args.gen_start, args.gen_count,
                     rel(workdir / "gen")))
        return run_all(args, files, variants, mlir_opt, memlint, workdir)
    finally:
        if tmp:
            tmp.cleanup()


def run_all(args, files, variants, mlir_opt, memlint, workdir):
    progs = [Program(f, v) for f in files for v in variants]
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs))

    # 1. upstream
    if args.gen_seed is not None:
        groups = [[p for p in progs if p.variant == v] for v in variants]
        list(pool.map(lambda ps: run_pipeline_batch(ps, mlir_opt, workdir,
                                                    args.max_deallocs),
                      [g[k:k + PIPELINE_BATCH] for g in groups
                       for k in range(0, len(g), PIPELINE_BATCH)]))
    else:
        list(pool.map(lambda p: run_pipeline(p, mlir_opt, workdir,
                                             args.max_deallocs), progs))
    plain = {p.src: p for p in progs if p.variant == "plain"}
    for p in progs:
        if p.variant != "plain" and p.text is not None:
            q = plain.get(p.src)
            if q is not None and q.text == p.text:
                p.same_as_plain = True
                p.checks = []

    # 2. the mutants must be valid IR (guards against a broken mutator);
    # mutants of deallocs that never run are equivalent to the clean output
    all_checks = [c for p in progs for c in p.checks]
    if not args.no_verify_mutants:
        list(pool.map(lambda c: verify_mutant(c, mlir_opt),
                      [c for c in all_checks if c.kind != "clean"]))
    list(pool.map(lambda p: mark_equivalent(p, mlir_opt), progs))

    # 3. memlint
    if memlint:
        def go(cs):
            for c, r in zip(cs, lint_batch(memlint, [c.path for c in cs])):
                c.result = r
                c.judge()
        valid = [c for c in all_checks if c.valid]
        list(pool.map(go, [valid[k:k + LINT_BATCH]
                           for k in range(0, len(valid), LINT_BATCH)]))
    pool.shutdown()

    # 4. report
    if not args.no_table:
        print_table(progs, bool(memlint))
        print()

    tested = [p for p in progs if not p.same_as_plain]
    rejected = [p for p in tested if p.pipeline_error]
    bad = [(p, c) for p in tested for c in p.checks if not c.valid]
    for p in rejected:
        print("PIPELINE-REJECTED %s: %s" % (p.row, p.pipeline_error))
        print("    command: %s" % " ".join(shlex.quote(a) for a in p.command))
    for p, c in bad:
        print("BAD-MUTANT %s %s: %s" % (p.row, c.label(), c.valid_msg))

    failures = []
    for p in tested:
        for c in p.checks:
            if c.ok is False:
                # memlint not answering (exit 2, crash, bad JSON) is never a
                # precision limitation, so it fails even on helper programs.
                tag = "known-limitation" if (p.known_limitation and
                                             not c.result.error) else "FAIL"
                failures.append((tag, p, c))
            if args.verbose and c.result is not None and c.valid:
                print("  %s %s: %s%s" % (p.row, c.label(), c.result.describe(),
                      ("  (ignored: %s)" % ", ".join("%s@%d" % d for d in
                                                     c.result.ignored))
                      if c.result.ignored else ""))
    expected = read_expectations(args.expect_failures) \
        if args.expect_failures else {}
    failures = [("expected-failure" if t == "FAIL" and c.ident(p) in expected
                 else t, p, c) for t, p, c in failures]
    failed_ids = {c.ident(p) for _, p, c in failures}
    stale = sorted(i for i in expected if i not in failed_ids)
    for tag, p, c in failures:
        print("%s %s %s: %s" % (tag, c.ident(p), c.label(), c.why))
        if args.keep:
            print("    %s" % c.path)
    if failures and not args.keep:
        print("(rerun with --keep DIR to keep the outputs and mutants; a "
              "mutant is named PROGRAM.{del,dup}-L<dealloc line>.mlir)")
    if failures or args.verbose:
        print()

    for i in stale:
        print("NOW PASSES %s (listed in %s: remove the line; %s)"
              % (i, args.expect_failures, expected[i]))
    if stale:
        print()
    if args.write_failures:
        write_expectations(args.write_failures,
                           [(p, c) for t, p, c in failures
                            if t in ("FAIL", "expected-failure")])
        print("wrote %s\n" % args.write_failures)

    if args.gen_seed is None:
        check_rejected(mlir_opt)
    elif memlint:
        print_by_feature([p for p in progs if not p.same_as_plain
                          and not p.pipeline_error])

    # summary
    def stats(ps):
        cs = [c for p in ps for c in p.checks if c.ok is not None]
        clean = [c for c in cs if c.kind == "clean"]
        mut = [c for c in cs if c.kind != "clean" and not c.equivalent]
        eq = [c for c in cs if c.equivalent]
        return (sum(1 for c in clean if not c.ok), len(clean),
                sum(1 for c in mut if not c.ok), len(mut),
                sum(1 for c in eq if not c.ok), len(eq))

    ok_progs = [p for p in tested if not p.pipeline_error]
    helper = [p for p in ok_progs if p.helper]
    plainp = [p for p in ok_progs if not p.helper]
    n_mut = sum(len(p.checks) - 1 for p in ok_progs if p.checks)
    print("programs: %d tested (%d files x %d variant(s); %d variant outputs "
          "identical to the plain one not repeated), %d rejected by the "
          "pipeline" % (len(tested), len(files), len(variants),
                        sum(1 for p in progs if p.same_as_plain),
                        len(rejected)))
    print("runtime helper: %d program(s): %s"
          % (len(helper), ", ".join("%s (%s)" % (p.row, p.helper)
                                     for p in helper) or "none"))
    print("mutants: %d (%d deletions, %d duplications)%s"
          % (n_mut, n_mut // 2, n_mut // 2,
             "" if args.no_verify_mutants else
             ", %d failed to verify" % len(bad)))

    if not memlint:
        if args.pipeline_only:
            good = not rejected and not bad
            print("pipeline-only: %s" % ("ok" if good else "PROBLEMS ABOVE"))
            return 0 if good else 1
        print("memlint not found: nothing was linted "
              "(pass --memlint PATH, build build/cli/memlint, or use "
              "--pipeline-only)")
        return 2

    for title, ps in (("without runtime helper", plainp),
                      ("with runtime helper", helper)):
        fc, nc, fm, nm, fe, ne = stats(ps)
        print("%-23s %2d program(s): clean outputs flagged %d/%d, "
              "mutants missed %d/%d, equivalent mutants flagged %d/%d"
              % (title + ":", len(ps), fc, nc, fm, nm, fe, ne))

    passed = sum(1 for p in tested for c in p.checks if c.ok)
    failed = (sum(1 for p in tested for c in p.checks if c.ok is False)
              + len(rejected) + len(bad))
    hard = (sum(1 for t, _, _ in failures if t == "FAIL")
            + len(rejected) + len(bad) + len(stale))
    if expected:
        print("%d failure(s) listed in %s, %d listed check(s) now pass"
              % (sum(1 for t, _, _ in failures if t == "expected-failure"),
                 args.expect_failures, len(stale)))
    known = sum(1 for t, _, _ in failures if t == "known-limitation")
    print("%d of the failures are on runtime-helper programs (known-limitation%s)"
          % (known, ", counted as errors: --strict" if args.strict else
             ", allowed"))
    print("%d passed, %d failed" % (passed, failed))
    if hard or (args.strict and known):
        return 1
    return 0


def read_expectations(path):
    """{check id: reason} from an expectation file: `ID  # reason` lines,
    `#` comments and blank lines ignored."""
    out = {}
    for line in Path(path).read_text().splitlines():
        body, _, reason = line.partition("#")
        if body.strip():
            out[body.strip()] = reason.strip()
    return out


def write_expectations(path, failed):
    with open(path, "w") as f:
        f.write("# Required differential checks known to fail (run.py "
                "--expect-failures).\n# One line per check: "
                "PROGRAM:VARIANT:CHECK  # what memlint answered.\n"
                "# Remove a line when the analysis is fixed: a listed "
                "check that passes fails the run.\n")
        for p, c in sorted(failed, key=lambda pc: pc[1].ident(pc[0])):
            f.write("%s  # %s\n" % (c.ident(p), c.why.replace("\n", " ")))


def print_by_feature(progs):
    """Failures of required (no runtime helper) programs tallied by the
    shapes gen.py says a program contains, and clean-output findings by
    check: which shapes the false findings come from."""
    req = [p for p in progs if not p.helper]
    feats = sorted({f for p in req for f in p.features})
    if not feats:
        return
    print("by shape (programs without runtime helper; a program counts "
          "under each of its shapes):")
    print("  %-24s %9s %14s %15s" % ("shape", "programs", "clean flagged",
                                     "mutants missed"))
    for f in feats:
        ps = [p for p in req if f in p.features]
        fl = sum(1 for p in ps for c in p.checks
                 if c.kind == "clean" and c.ok is False)
        mm = sum(1 for p in ps for c in p.checks
                 if c.kind != "clean" and c.ok is False)
        nm = sum(1 for p in ps for c in p.checks if c.kind != "clean")
        print("  %-24s %9d %8d/%-5d %9d/%-5d" % (f, len(ps), fl, len(ps), mm, nm))
    by_check = {}
    for p in req:
        for c in p.checks:
            if c.kind == "clean" and c.result and not c.result.error:
                for check in sorted({k for k, _ in c.result.diags}):
                    by_check[check] = by_check.get(check, 0) + 1
    print("  flagged clean outputs by check: %s"
          % (", ".join("%s %d" % kv for kv in sorted(by_check.items()))
             or "none"))
    print()


def check_rejected(mlir_opt):
    """Files in rejected/ document what the pipeline refuses; say if that
    has changed (informational, never fails the run)."""
    files = sorted(REJECTED_DIR.glob("*.mlir"))
    if not files:
        return
    print("rejected/ (forms the pipeline refuses; not tested):")
    for f in files:
        heads = file_headers(f)
        extra = shlex.split(heads.get("MLIR-OPT-FLAGS", ""))
        rc, _, err = run_cmd([mlir_opt] + extra + VARIANTS["plain"] + [str(f)])
        want = heads.get("REJECTED", "")
        if rc == 0:
            state = "NOW ACCEPTED by upstream: consider moving it to corpus/"
        elif want and re.search(want, err):
            m = re.search(want, err)
            state = "still rejected: " + m.group(0)
        else:
            state = "rejected with a different error: " + \
                (err.strip().splitlines() or ["?"])[0]
        print("  %-32s %s" % (f.name, state))
    print()


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # `run.py | head`
    sys.exit(main())
