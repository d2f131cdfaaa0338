#!/usr/bin/env python3
"""Lint-speed bench: memlint lint vs mlir-opt parse+verify+print.

    bench/lint/run.py [--sizes 25000,100000,400000] [--single-sizes 3000,6000,12000]
                      [--reps 3] [--seed 1] [--work /tmp/memlint-bench]

For each size it generates a module with bench/lint/gen.py (cached in
--work), then times, interleaved, `memlint lint FILE > /dev/null` (the
default text output: the lint step of a CI job), `mlir-opt
--allow-unregistered-dialect FILE -o /dev/null`, `memlint lint
--format=json FILE` (findings with fixes attached: each fix is proven by
re-analysis, within a work bound; unless --no-json) and memlint with every
check disabled (parse + verify only; unless --no-parse-only).  Times are the best (min) of --reps runs: wall
clock and, as "cpu", user+sys time from wait4() (steadier than wall on a
loaded machine); peak RSS is ru_maxrss from wait4() (max over runs).  The
"single" rows put all ops into one function (deep CFG, thousands of buffers)
to show per-function scaling.  "exp" is the growth exponent of memlint time
between a row and the one before: log(t2/t1) / log(ops2/ops1); 1.0 is
linear, 2.0 quadratic ("cpu exp": the same from cpu time).

Exit status: 0 when every memlint run succeeded (exit 0 or 1), else 1.
Python 3 standard library only.
"""

import argparse
import hashlib
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "lib"))
import llvm_tools  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def checks_off(memlint):
    """--checks=-a,-b,... disabling every check `memlint help` lists."""
    out = subprocess.run([memlint, "help"], capture_output=True,
                         text=True).stdout
    names, on = [], False
    for line in out.splitlines():
        if line.startswith("CHECKS"):
            on = True
            continue
        m = re.match(r"^  ([a-z][a-z0-9-]*) \(", line)
        if on and m:
            names.append(m.group(1))
    if not names:
        # The table of checks lives in memlint alone (CheckTable.def).
        sys.exit("bench: `%s help` listed no checks" % memlint)
    return "--checks=" + ",".join("-" + n for n in names)


def run_once(cmd, timeout, stdout_path=os.devnull):
    """Returns (wall s, user+sys CPU s, peak RSS KiB, exit code); wall is
    None on timeout."""
    with open(stdout_path, "wb") as out, tempfile.TemporaryFile() as errf:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=out, stderr=errf)
        deadline = t0 + timeout
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                wall = time.perf_counter() - t0
                break
            if time.perf_counter() > deadline:
                p.kill()
                pid, status, ru = os.wait4(p.pid, 0)
                p.returncode = -9
                return None, None, ru.ru_maxrss, -9
            time.sleep(0.002)
        p.returncode = os.waitstatus_to_exitcode(status)
        errf.seek(0)
        err = errf.read().decode(errors="replace")
    if p.returncode not in (0, 1):
        sys.stderr.write("%s: exit %d\n%s\n" % (" ".join(cmd), p.returncode,
                                                err[-2000:]))
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss, p.returncode


def generate(args, ops, single):
    name = "%s_%d_s%d%s.mlir" % ("single" if single else "mod", ops, args.seed,
                                 "" if single else "_h%d_%d" % (args.huge_ops,
                                                                args.huge_every))
    path = os.path.join(args.work, name)
    stats_path = path + ".stats.json"
    if not (os.path.exists(path) and os.path.exists(stats_path)):
        cmd = [sys.executable, os.path.join(HERE, "gen.py"), "--ops", str(ops),
               "--seed", str(args.seed), "--out", path,
               "--huge-ops", str(args.huge_ops),
               "--huge-every", str(args.huge_every)]
        if single:
            cmd.append("--single")
        subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    with open(stats_path) as f:
        return path, json.load(f)


def measure(args, path, skip):
    """Times the tools on `path`, interleaved; `skip`: tools to leave out
    (they timed out on a smaller file of the same variant)."""
    tools = {
        "memlint": [args.memlint, "lint", path],
        "mlir-opt": [args.mlir_opt, "--allow-unregistered-dialect", path,
                     "-o", os.devnull],
    }
    if not args.no_json:
        tools["json"] = [args.memlint, "lint", "--format=json", path]
    if not args.no_parse_only:
        # Text output: JSON output attaches fixes, which analyses every
        # function even when no check is enabled.
        tools["parse"] = [args.memlint, "lint", "--format=text",
                          checks_off(args.memlint), path]
    best = {k: None for k in tools}
    cpu = {k: None for k in tools}
    rss = {k: 0 for k in tools}
    ok = True
    findings = None
    done = set()  # timed out, skipped, or too slow to repeat
    for k in skip:
        if k in tools:
            best[k] = cpu[k] = float("inf")
            done.add(k)
    for rep in range(args.reps):
        for k, cmd in tools.items():
            if k in done:
                continue
            # The first JSON run also keeps its output to count findings.
            out = os.devnull
            if k == "json" and rep == 0:
                out = path + ".findings.json"
            wall, cs, kb, rc = run_once(cmd, args.timeout, out)
            rss[k] = max(rss[k], kb)
            if wall is None:
                done.add(k)
                best[k] = cpu[k] = float("inf")
                continue
            if wall > args.long:
                done.add(k)
            if k != "mlir-opt" and rc not in (0, 1):
                ok = False
            if k == "mlir-opt" and rc != 0:
                ok = False
            best[k] = wall if best[k] is None else min(best[k], wall)
            cpu[k] = cs if cpu[k] is None else min(cpu[k], cs)
            if out != os.devnull:
                try:
                    with open(out) as f:
                        findings = sum(len(x.get("diagnostics", []))
                                       for x in json.load(f)["files"])
                except (OSError, ValueError, KeyError):
                    findings = None
    return best, cpu, rss, findings, ok


INF = float("inf")


def fmt_s(t):
    if t is None:
        return "-"
    return "timeout" if t == INF else "%.2f" % t


def ratio(a, b):
    return "-" if a is None or b is None or INF in (a, b) else "%.2f" % (a / b)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="25000,100000,400000")
    ap.add_argument("--single-sizes", default="3000,6000,12000",
                    help="ops of the one-function variant ('' to skip)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--huge-ops", type=int, default=6000)
    ap.add_argument("--huge-every", type=int, default=25000)
    ap.add_argument("--timeout", type=float, default=300,
                    help="seconds per run before it counts as a timeout; a "
                    "tool that times out is skipped on larger files")
    ap.add_argument("--long", type=float, default=60,
                    help="a run longer than this is not repeated")
    ap.add_argument("--no-json", action="store_true",
                    help="skip the memlint --format=json runs (lint with "
                    "fixes)")
    ap.add_argument("--work", default="/tmp/memlint-bench")
    ap.add_argument("--memlint", default=os.path.join(ROOT, "build/cli/memlint"))
    ap.add_argument("--mlir-opt", default=os.environ.get("MLIR_OPT"),
                    help="default: $MLIR_OPT, then mlir-opt of the LLVM 22 "
                    "that test/lib/llvm_tools.py finds")
    ap.add_argument("--no-parse-only", action="store_true",
                    help="skip the memlint parse-only (no checks) runs")
    ap.add_argument("--json", help="also write the rows to this JSON file")
    args = ap.parse_args()
    args.mlir_opt = llvm_tools.tool("mlir-opt", args.mlir_opt)
    os.makedirs(args.work, exist_ok=True)
    for tool in (args.memlint, args.mlir_opt):
        if not os.access(tool, os.X_OK):
            sys.exit("not executable: %s" % tool)
    # Time one fixed binary even if the build tree is rebuilt meanwhile.
    with open(args.memlint, "rb") as f:
        blob = f.read()
    digest = hashlib.sha256(blob).hexdigest()[:12]
    built = time.strftime("%Y-%m-%d %H:%M",
                          time.localtime(os.path.getmtime(args.memlint)))
    snap = os.path.join(args.work, "memlint-%s" % digest)
    if not os.path.exists(snap):
        with open(snap + ".tmp", "wb") as f:
            f.write(blob)
        os.chmod(snap + ".tmp", 0o755)
        os.replace(snap + ".tmp", snap)
    shown_memlint = args.memlint
    args.memlint = snap

    load_start = os.getloadavg()[0]
    jobs = [(int(s), False) for s in args.sizes.split(",") if s]
    jobs += [(int(s), True) for s in args.single_sizes.split(",") if s]
    cols = ["variant", "ops", "allocs", "funcs", "max allocs/func",
            "memlint s", "mlir-opt s", "ratio", "memlint cpu s",
            "mlir-opt cpu s", "cpu ratio", "json s", "parse-only s",
            "memlint RSS MB", "mlir-opt RSS MB", "memlint us/op",
            "mlir-opt us/op", "exp", "cpu exp", "findings"]
    print("| " + " | ".join(cols) + " |")
    print("|" + "|".join("---" for _ in cols) + "|", flush=True)
    rows = []
    all_ok = True
    prev = {}
    skip = {"module": set(), "single": set()}
    for ops, single in jobs:
        variant = "single" if single else "module"
        path, st = generate(args, ops, single)
        best, cpu, rss, findings, ok = measure(args, path, skip[variant])
        skip[variant] |= {k for k, t in best.items() if t == INF}
        all_ok &= ok
        m, o = best["memlint"], best["mlir-opt"]
        mc, oc = cpu["memlint"], cpu["mlir-opt"]
        exp = cexp = ""
        if variant in prev and m != INF:
            pops, pm, pmc = prev[variant]
            if st["ops"] != pops and pm > 0:
                exp = "%.2f" % (math.log(m / pm) / math.log(st["ops"] / pops))
                cexp = "%.2f" % (math.log(mc / pmc) / math.log(st["ops"] / pops))
        prev[variant] = (st["ops"], m, mc)
        per_op = lambda t: "-" if t == INF else "%.1f" % (t / st["ops"] * 1e6)
        row = {
            "variant": variant, "ops": st["ops"], "allocs": st["allocs"],
            "funcs": st["funcs"], "max_func_allocs": st["max_func_allocs"],
            "memlint_s": m, "mlir_opt_s": o, "memlint_cpu_s": mc,
            "mlir_opt_cpu_s": oc, "json_s": best.get("json"),
            "parse_only_s": best.get("parse"),
            "memlint_rss_mb": rss["memlint"] / 1024,
            "mlir_opt_rss_mb": rss["mlir-opt"] / 1024,
            "exp": exp, "cpu_exp": cexp, "findings": findings, "file": path,
        }
        rows.append(row)
        cells = [variant, str(st["ops"]), str(st["allocs"]), str(st["funcs"]),
                 str(st["max_func_allocs"]), fmt_s(m), fmt_s(o), ratio(m, o),
                 fmt_s(mc), fmt_s(oc), ratio(mc, oc), fmt_s(best.get("json")),
                 fmt_s(best.get("parse")),
                 "%.0f" % row["memlint_rss_mb"],
                 "%.0f" % row["mlir_opt_rss_mb"],
                 per_op(m), per_op(o), exp or "-", cexp or "-",
                 "-" if findings is None else str(findings)]
        print("| " + " | ".join(cells) + " |", flush=True)
    load0 = os.getloadavg()[0]
    print("\ntimes: best of %d runs (wall; cpu = user+sys), peak RSS = max "
          "ru_maxrss; seed %d; "
          "memlint %s (sha256 %s, built %s); mlir-opt %s"
          % (args.reps, args.seed, shown_memlint, digest, built, args.mlir_opt))
    print("load average (1 min) at start %.1f, at end %.1f, on %d CPUs"
          % (load_start, load0, os.cpu_count()))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1,
                      default=lambda x: None)
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
