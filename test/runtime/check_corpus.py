#!/usr/bin/env python3
"""Runs every corpus program and checks that memcount sees the declared bugs.

Usage:
  check_corpus.py [-j N] [--corpus DIR]... [FILE...]
  check_corpus.py --with-fix [--memlint PATH] [--unsafe-fixes] [...]

Every program carries a header:
  // BUG: leak | double-free | use-after-free | invalid-free | none  (comma list)
         | missed-reuse  (a note, not a bug: nothing to observe at run time;
                          with --with-fix, `memlint fix` must merge buffers,
                          so the fixed program allocates less)
  // RUNTIME: double-free      (optional: what the runtime observes, when it
                                differs from the bug's name, e.g. a free of an
                                interior view frees the whole base)

Default mode: the program is lowered and run twice (with and without
poison, see run.py). The set of bug kinds observed must equal the declared
set (RUNTIME if given, else BUG; empty for `none`):
  leak            blocks left live by some call, or at exit
  double-free     a free of a quarantined block
  invalid-free    a free of a pointer memcount never handed out
  use-after-free  output differs between poison and no-poison runs (a read of
                  freed memory), or a quarantined block's poison was
                  overwritten (a write)
and the program must lower and exit 0.

--with-fix mode additionally runs `memlint fix FILE` (+ --unsafe-fixes when
given), runs the fixed IR, and requires: no leak / bad free / double free /
use after free for any input, exit 0, stdout identical to the original's
intended output (its no-poison run), and `memlint lint --checks=LIST` on the
fixed file exits 0. A `missed-reuse` program must also make fewer
allocations after the fix (memcount's exit count) than before. If the memlint binary or its `fix` subcommand is not
available, that part is skipped with a message.

The last line printed is `N passed, M failed`; the exit status is 1 if any
program failed.
"""

import argparse
import concurrent.futures as cf
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as runner  # noqa: E402

KINDS = ("leak", "double-free", "use-after-free", "invalid-free")
# Checks whose findings are notes: the program is correct, the run shows
# nothing; their fix must make the program allocate less.
NOTE_KINDS = ("missed-reuse",)
LIFETIME_CHECKS = ",".join(KINDS)
HEADER_RE = re.compile(r"^//\s*(BUG|RUNTIME)\s*:\s*(.*)$")
PROBE = """func.func @probe() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
"""


def parse_header(path):
    """Returns (declared bug set, runtime-observable set) or raises."""
    bug = runtime = None
    with open(path) as f:
        for line in f:
            if not line.startswith("//"):
                if line.strip():
                    break
                continue
            m = HEADER_RE.match(line.strip())
            if not m:
                continue
            kinds = {k for k in re.split(r"[\s,|]+", m.group(2).strip()) if k}
            if m.group(1) == "BUG":
                bug = kinds
            else:
                runtime = kinds
    if bug is None:
        raise ValueError("no `// BUG:` header")
    for s in (bug, runtime or set()):
        bad = s - set(KINDS) - set(NOTE_KINDS) - {"none"}
        if bad:
            raise ValueError("unknown bug kind(s) in header: " +
                             ", ".join(sorted(bad)))
    for s in (bug, runtime or set()):
        s.discard("none")
        s.difference_update(NOTE_KINDS)
    return bug, (runtime if runtime is not None else bug)


def parse_notes(path):
    """The note kinds (NOTE_KINDS) the `// BUG:` header names."""
    with open(path) as f:
        for line in f:
            if not line.startswith("//"):
                if line.strip():
                    break
                continue
            m = HEADER_RE.match(line.strip())
            if m and m.group(1) == "BUG":
                return {k for k in re.split(r"[\s,|]+", m.group(2).strip())
                        if k in NOTE_KINDS}
    return set()


def allocations(res):
    """Blocks the whole run allocated (memcount's exit line)."""
    return (res.get("exit") or {}).get("allocs")


def observed_kinds(res):
    kinds = set()
    calls = res.get("calls", [])
    if res.get("leaks", 0) > 0 or any(c.get("leaks", 0) for c in calls):
        kinds.add("leak")
    if res.get("double_frees", 0) > 0:
        kinds.add("double-free")
    if res.get("bad_frees", 0) > 0:
        kinds.add("invalid-free")
    if res.get("uaf_reads") or res.get("uaf_writes", 0) > 0:
        kinds.add("use-after-free")
    return kinds


def fmt(kinds):
    return ", ".join(sorted(kinds)) if kinds else "none"


def find_memlint(explicit):
    if explicit:
        return explicit if os.path.isfile(explicit) and \
            os.access(explicit, os.X_OK) else None
    repo = os.path.dirname(os.path.dirname(HERE))
    for c in [os.environ.get("MEMLINT"),
              os.path.join(repo, "build", "cli", "memlint"),
              os.path.join(repo, "build", "memlint"),
              os.path.join(repo, "build", "bin", "memlint"),
              shutil.which("memlint")]:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def probe_fix(memlint):
    """Returns None when `memlint fix` works, else the reason it does not."""
    with tempfile.TemporaryDirectory(prefix="memlint-probe-") as tmp:
        path = os.path.join(tmp, "probe.mlir")
        with open(path, "w") as f:
            f.write(PROBE)
        try:
            p = subprocess.run([memlint, "fix", path], capture_output=True,
                               text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"`{memlint} fix` could not run: {e}"
        if p.returncode not in (0, 1) or "func.func" not in p.stdout:
            msg = (p.stderr or p.stdout).strip().splitlines()
            return (f"`{memlint} fix` is not usable yet (exit {p.returncode}"
                    + (f": {msg[0]}" if msg else "") + ")")
    return None


def check_default(path, res, expect):
    errs = []
    if res["error"] == "lower":
        return ["does not lower: " + res["message"].splitlines()[0]
                if res["message"] else "does not lower"]
    if res["error"]:
        errs.append(f"run failed ({res['error']}, exit {res['exit_code']}): "
                    + (res.get("message") or "").strip()[-300:])
    seen = observed_kinds(res)
    if seen != expect:
        errs.append(f"declared {fmt(expect)}, runtime observed {fmt(seen)}")
    return errs


def check_fixed(path, orig, args, out=None):
    errs = []
    cmd = [args.memlint_path, "fix"]
    if args.unsafe_fixes:
        cmd.append("--unsafe-fixes")
    cmd.append(path)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return ["memlint fix timed out"]
    if p.returncode not in (0, 1):
        return [f"memlint fix exited {p.returncode}: "
                + p.stderr.strip()[-300:]]
    with tempfile.TemporaryDirectory(prefix="memlint-fixed-") as tmp:
        fixed = os.path.join(tmp, os.path.basename(path))
        with open(fixed, "w") as f:
            f.write(p.stdout)
        res = runner.run_file(fixed, uaf_check=True, timeout=args.timeout,
                              lib=args.lib)
        if res["error"]:
            errs.append(f"fixed program: {res['error']} "
                        f"(exit {res['exit_code']}): "
                        + (res.get("message") or "").strip()[-300:])
        else:
            seen = observed_kinds(res)
            if seen:
                errs.append("fixed program still shows " + fmt(seen))
            want = orig.get("stdout_reference", orig["stdout"])
            if res["stdout"] != want:
                errs.append("fixed program prints different output:\n"
                            + _diff(want, res["stdout"]))
            before, after = allocations(orig), allocations(res)
            if out is not None:
                out["allocs"] = [before, after]
            if "missed-reuse" in parse_notes(path) and \
                    (before is None or after is None or after >= before):
                errs.append(f"missed-reuse: the fix should allocate less, "
                            f"allocations {before} before, {after} after")
        try:
            lint = subprocess.run([args.memlint_path, "lint",
                                   "--checks=" + args.lint_checks, fixed],
                                  capture_output=True, text=True,
                                  timeout=args.timeout)
            if lint.returncode != 0:
                out = (lint.stdout + lint.stderr).strip()
                errs.append(f"memlint lint on the fixed IR exited "
                            f"{lint.returncode}: " + out[-400:])
        except subprocess.TimeoutExpired:
            errs.append("memlint lint timed out")
        if errs and args.keep_failed:
            os.makedirs(args.keep_failed, exist_ok=True)
            shutil.copy(fixed, os.path.join(args.keep_failed,
                                            os.path.basename(path)))
    return errs


def _display(path):
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def _diff(a, b):
    import difflib
    return "".join(list(difflib.unified_diff(
        a.splitlines(True), b.splitlines(True), "intended", "fixed",
        n=1))[:20])


def check_one(path, args):
    t0 = time.time()
    out = {"file": path, "errors": [], "seconds": 0.0}
    try:
        bug, expect = parse_header(path)
    except (OSError, ValueError) as e:
        out["errors"].append(str(e))
        return out
    out["declared"] = sorted(bug)
    res = runner.run_file(path, uaf_check=True, timeout=args.timeout,
                          lib=args.lib)
    out["observed"] = sorted(observed_kinds(res))
    out["errors"] += check_default(path, res, expect)
    if args.fix_enabled and not res["error"]:
        out["errors"] += check_fixed(path, res, args, out)
    out["seconds"] = round(time.time() - t0, 2)
    return out


def collect(args):
    files = []
    for d in args.corpus or ([] if args.files else
                             [os.path.join(HERE, "corpus")]):
        files += sorted(glob.glob(os.path.join(d, "**", "*.mlir"),
                                  recursive=True))
    files += args.files
    return files


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Run the runtime corpus and check the declared bugs.")
    ap.add_argument("files", nargs="*", help="programs (default: corpus/)")
    ap.add_argument("--corpus", action="append", metavar="DIR",
                    help="directory of .mlir programs (repeatable)")
    ap.add_argument("-j", "--jobs", type=int,
                    default=min(2, os.cpu_count() or 1))
    ap.add_argument("--timeout", type=float, default=60,
                    help="seconds per tool invocation")
    ap.add_argument("--with-fix", action="store_true",
                    help="also check `memlint fix` on every program")
    ap.add_argument("--memlint", metavar="PATH",
                    help="memlint binary (default: build/cli/memlint, "
                         "$MEMLINT, PATH)")
    ap.add_argument("--unsafe-fixes", action="store_true",
                    help="pass --unsafe-fixes to memlint fix")
    ap.add_argument("--lint-checks", default=LIFETIME_CHECKS,
                    help="--checks for the lint of the fixed IR "
                         f"(default {LIFETIME_CHECKS})")
    ap.add_argument("--keep-failed", metavar="DIR",
                    help="copy fixed IR of failing programs here")
    ap.add_argument("--report", metavar="FILE",
                    help="write per-program results as JSON")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    t0 = time.time()
    try:
        args.lib = runner.build_lib()
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"error: cannot build libmemcount: {e}", file=sys.stderr)
        return 2
    args.fix_enabled = False
    if args.with_fix:
        args.memlint_path = find_memlint(args.memlint)
        if not args.memlint_path:
            print("SKIP fix checks: memlint binary not found"
                  + (f" at {args.memlint}" if args.memlint else
                     " (give --memlint PATH)"))
        else:
            why = probe_fix(args.memlint_path)
            if why:
                print("SKIP fix checks: " + why)
            else:
                args.fix_enabled = True
                print(f"fix checks: {args.memlint_path} fix"
                      + (" --unsafe-fixes" if args.unsafe_fixes else ""))

    files = collect(args)
    if not files:
        print("error: no programs found", file=sys.stderr)
        return 2
    results = []
    with cf.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futs = {pool.submit(check_one, f, args): f for f in files}
        for fut in cf.as_completed(futs):
            r = fut.result()
            results.append(r)
            name = _display(r["file"])
            if r["errors"]:
                print(f"FAIL {name}")
                for e in r["errors"]:
                    print("  " + e.replace("\n", "\n  "))
            elif args.verbose:
                print(f"PASS {name} [{fmt(set(r.get('observed', [])))}] "
                      f"{r['seconds']}s")
            sys.stdout.flush()
    results.sort(key=lambda r: r["file"])
    failed = sum(1 for r in results if r["errors"])
    if args.report:
        with open(args.report, "w") as f:
            json.dump(results, f, indent=1)
    merged = [r for r in results if r.get("allocs") and
              None not in r["allocs"] and r["allocs"][1] < r["allocs"][0]]
    if merged:
        fewer = sum(r["allocs"][0] - r["allocs"][1] for r in merged)
        print(f"fix made {fewer} allocations fewer in {len(merged)} "
              f"programs: " + ", ".join(
                  f"{os.path.basename(r['file'])} {r['allocs'][0]}->"
                  f"{r['allocs'][1]}" for r in merged))
    print(f"({len(files)} programs, {time.time() - t0:.1f}s, "
          f"{args.jobs} jobs{', with fix' if args.fix_enabled else ''})")
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
