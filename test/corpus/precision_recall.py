#!/usr/bin/env python3
"""Score memlint against the hand-labelled corpus of IR written by others.

Runs `memlint lint --format=json` on every .mlir file of the corpus, matches
each finding to labels.json by (file, check, line of the range start) and
prints, per check, the true positives, false positives, missed bugs and
unlabelled findings, with precision and recall.

Exits 1 when the labels no longer describe memlint's output:
  - a finding has no label (label it: see README.md),
  - a finding is labelled false and is not listed in known-false.txt,
  - a known-false.txt entry is no longer reported (remove the line),
  - a finding labelled true is no longer reported (a recall regression),
  - a bug labelled missed is now reported (relabel it true).
Exits 2 when memlint fails on a file (bad usage, parse error, crash).
"""

import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LABELS = ("true", "false", "missed")


def load_labels(path):
    with open(path) as f:
        entries = json.load(f)["labels"]
    labels = {}
    for e in entries:
        key = (e["file"], e["check"], int(e["line"]))
        if e["label"] not in LABELS:
            sys.exit(f"{path}: {key}: label must be one of {LABELS}")
        if not e.get("reason"):
            sys.exit(f"{path}: {key}: every label needs a reason")
        if key in labels:
            sys.exit(f"{path}: {key}: labelled twice")
        labels[key] = e["label"]
    return labels


def load_known_false(path):
    """Lines `FILE:LINE:CHECK  reason`; '#' starts a comment line."""
    known = {}
    if not os.path.exists(path):
        return known
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            where, _, reason = line.partition(" ")
            parts = where.split(":")
            if len(parts) != 3 or not reason.strip():
                sys.exit(f"{path}:{n}: expected 'FILE:LINE:CHECK reason'")
            known[(parts[0], parts[2], int(parts[1]))] = reason.strip()
    return known


def run_memlint(memlint, corpus):
    """Returns {(file, check, line): count} over every corpus file."""
    found = collections.Counter()
    files = sorted(f for f in os.listdir(corpus) if f.endswith(".mlir"))
    for name in files:
        proc = subprocess.run(
            [memlint, "lint", "--format=json", "--no-color", "--", name],
            cwd=corpus, capture_output=True, text=True)
        if proc.returncode not in (0, 1):
            sys.stderr.write(proc.stderr)
            sys.exit(f"memlint exited {proc.returncode} on {name}")
        report = json.loads(proc.stdout)
        for entry in report["files"]:
            base = os.path.basename(entry["file"])
            for d in entry["diagnostics"]:
                key = (base, d["check"], d["range"]["start"]["line"])
                found[key] += 1
    return files, found


def ratio(num, den):
    return f"{num / den:.2f}" if den else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--memlint", required=True, help="the memlint binary")
    ap.add_argument("--corpus", default=HERE, help="the corpus directory")
    ap.add_argument("--known-false", default=None,
                    help="known false findings (default: CORPUS/known-false.txt)")
    args = ap.parse_args()

    corpus = os.path.abspath(args.corpus)
    labels = load_labels(os.path.join(corpus, "labels.json"))
    known = load_known_false(args.known_false or
                             os.path.join(corpus, "known-false.txt"))
    files, found = run_memlint(os.path.abspath(args.memlint), corpus)

    rows = collections.defaultdict(collections.Counter)
    problems = []
    for key, count in sorted(found.items()):
        label = labels.get(key)
        where = f"{key[0]}:{key[2]}: {key[1]}"
        if label == "true":
            rows[key[1]]["tp"] += 1
        elif label == "false":
            rows[key[1]]["fp"] += 1
            if key not in known:
                problems.append(f"{where}: labelled false and not in "
                                "known-false.txt")
        elif label == "missed":
            rows[key[1]]["tp"] += 1
            problems.append(f"{where}: labelled missed but now reported "
                            "(relabel it true)")
        else:
            rows[key[1]]["unlabelled"] += 1
            problems.append(f"{where}: unlabelled finding")
        if count > 1:
            print(f"note: {where}: reported {count} times (one label)")
    for key, label in sorted(labels.items()):
        if key in found:
            continue
        where = f"{key[0]}:{key[2]}: {key[1]}"
        if label == "missed":
            rows[key[1]]["missed"] += 1
        elif label == "true":
            rows[key[1]]["missed"] += 1
            problems.append(f"{where}: labelled true but no longer reported")
    for key in sorted(known):
        if found.get(key) == 0 or key not in found:
            problems.append(f"{key[0]}:{key[2]}: {key[1]}: listed in "
                            "known-false.txt but no longer reported "
                            "(remove the line)")
        elif labels.get(key) != "false":
            problems.append(f"{key[0]}:{key[2]}: {key[1]}: listed in "
                            "known-false.txt but not labelled false")

    print(f"{len(files)} files, {sum(found.values())} findings\n")
    header = ("check", "TP", "FP", "missed", "unlabelled", "precision",
              "recall")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(" --- " for _ in header) + "|")
    total = collections.Counter()
    for check in sorted(rows):
        r = rows[check]
        total.update(r)
        print(f"| {check} | {r['tp']} | {r['fp']} | {r['missed']} | "
              f"{r['unlabelled']} | {ratio(r['tp'], r['tp'] + r['fp'])} | "
              f"{ratio(r['tp'], r['tp'] + r['missed'])} |")
    print(f"| all | {total['tp']} | {total['fp']} | {total['missed']} | "
          f"{total['unlabelled']} | "
          f"{ratio(total['tp'], total['tp'] + total['fp'])} | "
          f"{ratio(total['tp'], total['tp'] + total['missed'])} |")

    if problems:
        print("\nlabels out of date:")
        for p in problems:
            print("  " + p)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
