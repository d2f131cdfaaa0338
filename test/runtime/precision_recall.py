#!/usr/bin/env python3
"""memlint's verdicts against the runtime's: precision and recall per check.

Usage:
  precision_recall.py [--memlint PATH] [-j 2] [--corpus DIR]... [FILE...]
                      [--gen-seeds 1,2,3] [--gen-count 250] [--gen-dir DIR]
                      [--keep-disagreements DIR] [--report out.json]

For every program (the corpus by default, plus what --gen-seeds generates
with gen.py): run it with memcount (run.py, poison and no-poison runs) and
lint it with `memlint lint --format=json --checks=leak,double-free,
use-after-free,invalid-free`. Per check, a program counts as

  TP  memlint reports the check and the program has that bug
  FP  memlint reports it, the program does not have it
  FN  the program has it, memlint does not report it

"Has the bug" is decided by running it: the kinds memcount observes (see
check_corpus.py). memcount sees a free of an interior view as a free of the
base (so as a double free when the base is freed too); a program whose
`// RUNTIME:` header names exactly what memcount observed has, in memlint's
words, the bugs of its `// BUG:` header. A program whose run disagrees with
its header is listed (`header mismatch`) and scored by what the run shows.

Prints one line per disagreement, then a Markdown table (programs, TP, FP,
FN, precision, recall per check). Exits 1 if there was any disagreement or
a program failed to lower, run or lint, 2 on usage errors.
"""

import argparse
import concurrent.futures as cf
import json
import os
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_corpus as cc  # noqa: E402
import run as runner  # noqa: E402


def lint_kinds(memlint, path, timeout):
    """The set of lifetime checks memlint reports on `path`, or raises."""
    p = subprocess.run([memlint, "lint", "--format=json",
                        "--checks=" + cc.LIFETIME_CHECKS, path],
                       capture_output=True, text=True, timeout=timeout)
    if p.returncode not in (0, 1):
        raise RuntimeError(f"memlint lint exited {p.returncode}: "
                           + p.stderr.strip()[-300:])
    doc = json.loads(p.stdout)
    return {d["check"] for f in doc["files"] for d in f["diagnostics"]}


def score_one(path, args):
    out = {"file": path, "error": None}
    try:
        bug, expect = cc.parse_header(path)
    except (OSError, ValueError) as e:
        out["error"] = str(e)
        return out
    res = runner.run_file(path, uaf_check=True, timeout=args.timeout,
                          lib=args.lib)
    if res["error"]:
        out["error"] = (f"run failed ({res['error']}): "
                        + (res.get("message") or "").strip()[-200:])
        return out
    seen = cc.observed_kinds(res)
    # Truth in memlint's vocabulary: the BUG header when the run confirms
    # the header, else what the run shows.
    out["header_mismatch"] = seen != expect
    truth = seen if out["header_mismatch"] else bug
    try:
        reported = lint_kinds(args.memlint_path, path, args.timeout)
    except (RuntimeError, ValueError, subprocess.TimeoutExpired) as e:
        out["error"] = str(e)
        return out
    out["truth"] = sorted(truth)
    out["reported"] = sorted(reported)
    out["observed"] = sorted(seen)
    return out


def generate(args):
    """Runs gen.py for each seed; returns the directories written."""
    dirs = []
    for seed in args.gen_seeds:
        d = os.path.join(args.gen_dir, f"seed{seed}")
        if os.path.isdir(d):
            shutil.rmtree(d)
        subprocess.run([sys.executable, os.path.join(HERE, "gen.py"),
                        "--seed", str(seed), "--count", str(args.gen_count),
                        "--out", d], check=True, stdout=subprocess.DEVNULL)
        dirs.append(d)
    return dirs


def table(results):
    rows = ["| check | programs with the bug | TP | FP | FN | precision "
            "| recall |", "| --- | --- | --- | --- | --- | --- | --- |"]
    for k in cc.KINDS:
        tp = sum(1 for r in results
                 if k in r["truth"] and k in r["reported"])
        fp = sum(1 for r in results
                 if k not in r["truth"] and k in r["reported"])
        fn = sum(1 for r in results
                 if k in r["truth"] and k not in r["reported"])
        prec = f"{tp / (tp + fp):.3f}" if tp + fp else "-"
        rec = f"{tp / (tp + fn):.3f}" if tp + fn else "-"
        rows.append(f"| `{k}` | {tp + fn} | {tp} | {fp} | {fn} | {prec} "
                    f"| {rec} |")
    return "\n".join(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Precision and recall of memlint against memcount.")
    ap.add_argument("files", nargs="*", help="programs")
    ap.add_argument("--corpus", action="append", metavar="DIR",
                    help="directory of .mlir programs (repeatable; default "
                         "corpus/ when no files or seeds are given)")
    ap.add_argument("--memlint", metavar="PATH")
    ap.add_argument("-j", "--jobs", type=int,
                    default=min(2, os.cpu_count() or 1))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--gen-seeds", default="",
                    help="comma separated gen.py seeds")
    ap.add_argument("--gen-count", type=int, default=250,
                    help="programs per seed")
    ap.add_argument("--gen-dir", default=None,
                    help="where generated programs go (default: a "
                         "directory under test/runtime/.build)")
    ap.add_argument("--keep-disagreements", metavar="DIR",
                    help="copy programs memlint and the run disagree on")
    ap.add_argument("--report", metavar="FILE",
                    help="per-program results as JSON")
    args = ap.parse_args(argv)
    try:
        args.gen_seeds = [int(s) for s in args.gen_seeds.split(",") if s]
    except ValueError:
        ap.error("--gen-seeds takes integers")

    args.memlint_path = cc.find_memlint(args.memlint)
    if not args.memlint_path:
        print("error: memlint binary not found (give --memlint PATH)",
              file=sys.stderr)
        return 2
    t0 = time.time()
    args.lib = runner.build_lib()
    if args.gen_dir is None:
        args.gen_dir = os.path.join(HERE, ".build", "precision_recall")
    args.corpus = args.corpus or ([] if args.files or args.gen_seeds else
                                  [os.path.join(HERE, "corpus")])
    args.corpus += generate(args)
    files = cc.collect(args)
    if not files:
        print("error: no programs found", file=sys.stderr)
        return 2

    results = []
    with cf.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for i, r in enumerate(pool.map(lambda f: score_one(f, args), files)):
            results.append(r)
            if (i + 1) % 100 == 0:
                print(f"{i + 1}/{len(files)} programs", file=sys.stderr,
                      flush=True)
    failed = [r for r in results if r["error"]]
    scored = [r for r in results if not r["error"]]
    bad = 0
    for r in failed:
        bad += 1
        print(f"ERROR {cc._display(r['file'])}: {r['error']}")
    for r in scored:
        notes = []
        if r["header_mismatch"]:
            notes.append("header mismatch (run shows "
                         f"{cc.fmt(set(r['observed']))})")
        if r["truth"] != r["reported"]:
            notes.append(f"bugs {cc.fmt(set(r['truth']))}, memlint "
                         f"reports {cc.fmt(set(r['reported']))}")
        if notes:
            bad += 1
            print(f"DISAGREE {cc._display(r['file'])}: " + "; ".join(notes))
            if args.keep_disagreements:
                os.makedirs(args.keep_disagreements, exist_ok=True)
                shutil.copy(r["file"], args.keep_disagreements)
    if args.report:
        with open(args.report, "w") as f:
            json.dump(results, f, indent=1)
    print(f"\n{len(scored)} programs scored, {len(failed)} not "
          f"({time.time() - t0:.0f}s, {args.jobs} jobs)\n")
    print(table(scored))
    return 1 if bad else 0


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
