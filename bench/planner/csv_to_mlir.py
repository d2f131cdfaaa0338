#!/usr/bin/env python3
"""Turns a MiniMalloc CSV (id,lower,upper,size) into an MLIR function.

Each buffer becomes a `memref.alloc` placed at its `lower` time, and a last
use (`memref.load`) followed by `memref.dealloc` at its `upper` time. Times
only order the operations: events are sorted by time, and at equal times the
frees come first, because the CSV ranges are half-open (a buffer that ends
at t may share memory with one that starts at t). Two buffers are therefore
live at the same time in the IR exactly when their CSV ranges intersect,
and `memlint plan` on the output sees the same planning problem as the
benchmark on the CSV.

Usage: csv_to_mlir.py [--name NAME] [-o OUT] FILE.csv
"""

import argparse
import csv
import os
import re
import sys


def sanitize(text):
    """A valid MLIR suffix-id/symbol: letters, digits, '_' only."""
    cleaned = re.sub(r"[^A-Za-z0-9_]", "_", text)
    if not cleaned or cleaned[0].isdigit():
        cleaned = "_" + cleaned
    return cleaned


def read_buffers(path):
    with open(path, newline="") as handle:
        reader = csv.DictReader(handle)
        missing = {"id", "lower", "upper", "size"} - set(reader.fieldnames or [])
        if missing:
            raise ValueError(f"{path}: missing column(s) {sorted(missing)}")
        buffers = []
        for row in reader:
            lower, upper, size = (int(row[k]) for k in ("lower", "upper", "size"))
            if upper <= lower or size <= 0:
                raise ValueError(f"{path}: buffer {row['id']} has an empty "
                                 "live range or size")
            buffers.append((row["id"], lower, upper, size))
    return buffers


def to_mlir(name, buffers):
    # (time, 0 = free / 1 = alloc, index): frees sort before allocs.
    events = []
    for index, (_, lower, upper, _) in enumerate(buffers):
        events.append((lower, 1, index))
        events.append((upper, 0, index))
    events.sort()

    used = set()
    names = []
    for buffer_id, *_ in buffers:
        base = "buf_" + sanitize(buffer_id).lstrip("_")
        candidate, n = base, 1
        while candidate in used:
            candidate, n = f"{base}_{n}", n + 1
        used.add(candidate)
        names.append(candidate)

    lines = [f"func.func @{name}() {{", "  %c0 = arith.constant 0 : index"]
    for time, is_alloc, index in events:
        buffer_id, _, _, size = buffers[index]
        value = "%" + names[index]
        memref = f"memref<{size}xi8>"
        if is_alloc:
            lines.append(f"  // t={time}: {buffer_id} allocated")
            lines.append(f"  {value} = memref.alloc() : {memref}")
        else:
            lines.append(f"  // t={time}: {buffer_id} last used and freed")
            lines.append(f"  %last_{names[index]} = memref.load "
                         f"{value}[%c0] : {memref}")
            lines.append(f"  memref.dealloc {value} : {memref}")
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", help="MiniMalloc CSV file")
    parser.add_argument("--name", help="function name (default: from the "
                        "file name)")
    parser.add_argument("-o", "--output", help="output file (default: stdout)")
    args = parser.parse_args(argv)

    try:
        buffers = read_buffers(args.csv)
    except (OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    stem = os.path.basename(args.csv)
    if stem.endswith(".csv"):
        stem = stem[: -len(".csv")]
    name = sanitize(args.name or stem)
    text = to_mlir(name, buffers)
    if args.output:
        with open(args.output, "w") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
