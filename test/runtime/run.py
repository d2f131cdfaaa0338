#!/usr/bin/env python3
"""Lower a memref-level .mlir program to LLVM and run it under memcount.

Usage: run.py [options] FILE.mlir

The program must define `func.func @main()`. It is lowered with mlir-opt
(PIPELINE below: memref.alloc/dealloc become calls to the generic
`_mlir_memref_to_llvm_*` functions), run with mlir-runner against
libmlir_c_runner_utils, libmlir_runner_utils and libmemcount, and the result
printed as one JSON object:

  {"file": ..., "exit_code": 0, "stdout": "...",
   "leaks": 0, "bad_frees": 0, "double_frees": 0, "uaf_writes": 0,
   "uaf_reads": null | true | false,      # only with --uaf-check
   "calls": [{"id": 1, "allocs": 2, ...}, ...],   # one per memcount_end()
   "exit": {"allocs": ..., ...} | null,   # the scope=exit line
   "error": null | "lower" | "timeout" | "crash", "message": "..."}

`bad_frees` counts frees of pointers memcount never handed out (invalid
frees). `leaks` is the number of blocks still live at exit. With
--uaf-check the program runs a second time with MEMCOUNT_POISON=0 and
`uaf_reads` says whether the printed output differed (a read of freed memory
saw the poison); `stdout_reference` then holds the poison-free output, the
behaviour the program's author intended.

Used as a module by check_corpus.py (see run_file()).
Environment: MEMLINT_LLVM_BIN (directory of mlir-opt/mlir-runner),
MEMLINT_LLVM_LIB (directory of the runner utils; both found by
test/lib/llvm_tools.py when unset), MEMCOUNT_LIB (prebuilt libmemcount.so),
CC.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import llvm_tools  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD_DIR = os.path.join(HERE, ".build")
MEMCOUNT_SRC = os.path.join(HERE, "memcount.c")

PIPELINE = [
    "--expand-realloc",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--finalize-memref-to-llvm=use-generic-functions=1",
    "--convert-index-to-llvm",
    "--convert-arith-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
]

REPORT_RE = re.compile(r"^memcount: scope=(call|exit)((?: \w+=-?\d+)*)\s*$")
ADDR_RE = re.compile(r"base@ = 0x[0-9a-fA-F]+")


def mlir_bin():
    """The directory of mlir-opt and mlir-runner (test/lib/llvm_tools.py)."""
    return llvm_tools.bin_dir()


def mlir_lib():
    """The directory of the runner utils libraries."""
    return llvm_tools.lib_dir()


def build_lib(force=False):
    """Returns the path of libmemcount.so, compiling memcount.c if needed."""
    pre = os.environ.get("MEMCOUNT_LIB")
    if pre:
        return pre
    out = os.path.join(BUILD_DIR, "libmemcount.so")
    if (not force and os.path.exists(out)
            and os.path.getmtime(out) >= os.path.getmtime(MEMCOUNT_SRC)):
        return out
    os.makedirs(BUILD_DIR, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".libmemcount.", suffix=".so",
                               dir=BUILD_DIR)
    os.close(fd)
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-O1", "-g", "-Wall", "-shared", "-fPIC", "-o", tmp,
                    MEMCOUNT_SRC], check=True)
    os.replace(tmp, out)  # atomic: parallel callers never see half a file
    return out


def lower(path, out_path, timeout=60):
    """Lowers FILE to the LLVM dialect. Returns (ok, message)."""
    cmd = [os.path.join(mlir_bin(), "mlir-opt"), path] + PIPELINE + \
        ["-o", out_path]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, "mlir-opt timed out"
    return p.returncode == 0, p.stderr


def parse_report(stderr):
    calls, exit_line, rest = [], None, []
    for line in stderr.splitlines():
        m = REPORT_RE.match(line)
        if not m:
            rest.append(line)
            continue
        fields = {k: int(v) for k, v in
                  (kv.split("=") for kv in m.group(2).split())}
        if m.group(1) == "call":
            calls.append(fields)
        else:
            exit_line = fields
    return calls, exit_line, "\n".join(rest)


def normalize_stdout(text):
    """Removes what differs between runs of the same program (addresses)."""
    return ADDR_RE.sub("base@ = <addr>", text)


def execute(ll_path, lib, poison=True, timeout=60):
    libdir = mlir_lib()
    libs = [os.path.join(libdir, "libmlir_c_runner_utils.so"),
            os.path.join(libdir, "libmlir_runner_utils.so"), lib]
    cmd = [os.path.join(mlir_bin(), "mlir-runner"), "-e", "main",
           "-entry-point-result=void", "--shared-libs=" + ",".join(libs),
           ll_path]
    env = dict(os.environ)
    env["MEMCOUNT_POISON"] = "1" if poison else "0"
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout, env=env)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else \
            (e.stdout or "")
        return {"exit_code": None, "stdout": normalize_stdout(out),
                "calls": [], "exit": None, "stderr": "",
                "error": "timeout"}
    calls, exit_line, rest = parse_report(p.stderr)
    res = {"exit_code": p.returncode, "stdout": normalize_stdout(p.stdout),
           "calls": calls, "exit": exit_line, "stderr": rest[-4000:],
           "error": None}
    if p.returncode != 0 or exit_line is None:
        res["error"] = "crash"
    return res


def summarize(res):
    """Adds the headline counts (exit line, or the per-call sums if none)."""
    ex = res.get("exit")
    calls = res.get("calls", [])

    def total(key, exit_key=None):
        if ex is not None:
            return ex.get(exit_key or key, 0)
        return sum(c.get(key, 0) for c in calls)
    res["leaks"] = total("leaks")
    res["bad_frees"] = total("invalid_frees")
    res["double_frees"] = total("double_frees")
    res["uaf_writes"] = total("uaf_writes")
    return res


def run_file(path, uaf_check=False, poison=True, timeout=60, keep_ll=None,
             lib=None):
    """Lowers and runs PATH; returns the result dict described above."""
    lib = lib or build_lib()
    result = {"file": path, "exit_code": None, "stdout": "", "calls": [],
              "exit": None, "error": None, "message": "", "uaf_reads": None}
    with tempfile.TemporaryDirectory(prefix="memcount-") as tmp:
        ll = keep_ll or os.path.join(tmp, "lowered.mlir")
        ok, msg = lower(path, ll, timeout)
        if not ok:
            result.update(error="lower", message=msg.strip()[-4000:])
            return summarize(result)
        r = execute(ll, lib, poison=poison, timeout=timeout)
        result.update(r)
        if r["error"]:
            result["message"] = r.get("stderr", "")
        if uaf_check:
            ref = execute(ll, lib, poison=False, timeout=timeout)
            result["stdout_reference"] = ref["stdout"]
            result["uaf_reads"] = ref["stdout"] != r["stdout"]
    result.pop("stderr", None)
    return summarize(result)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?")
    ap.add_argument("--uaf-check", action="store_true",
                    help="also run without poison and compare the output")
    ap.add_argument("--no-poison", action="store_true",
                    help="run with MEMCOUNT_POISON=0")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--keep-ll", metavar="PATH",
                    help="write the lowered LLVM-dialect IR to PATH")
    ap.add_argument("--print-pipeline", action="store_true",
                    help="print the mlir-opt flags and exit")
    args = ap.parse_args(argv)
    if args.print_pipeline:
        print(" ".join(PIPELINE))
        return 0
    if not args.file:
        ap.error("a .mlir file is required")
    res = run_file(args.file, uaf_check=args.uaf_check,
                   poison=not args.no_poison, timeout=args.timeout,
                   keep_ll=args.keep_ll)
    json.dump(res, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 2 if res["error"] == "lower" else 0


if __name__ == "__main__":
    sys.exit(main())
