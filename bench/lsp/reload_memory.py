#!/usr/bin/env python3
"""Server memory when a large document is opened, reloaded and closed.

    reload_memory.py MEMLINT [--functions N] [--reloads R]

Starts `MEMLINT lsp`, opens a generated document of N small functions (each
a buffer freed on one branch: one leak finding), replaces its whole text R
times (what "reload from disk" or a formatter sends: every function's
buffer renamed, so nothing is cached), then closes it; after each step it
prints the server's VmRSS and VmHWM (/proc/PID/status) beside the RSS of
`MEMLINT lint` on the same text. No test reads the figures.
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "tsan"))
from lsp_session import Client  # noqa: E402


def document(n, tag):
    return "".join(
        "func.func @f%d(%%c: i1) {\n  %%%s = memref.alloc() : memref<%dxf32>\n"
        "  scf.if %%c {\n    memref.dealloc %%%s : memref<%dxf32>\n  }\n"
        "  return\n}\n" % (i, tag, i + 1, tag, i + 1) for i in range(n))


def memory_kb(pid):
    out = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("memlint")
    ap.add_argument("--functions", type=int, default=40000)
    ap.add_argument("--reloads", type=int, default=2)
    args = ap.parse_args()
    uri = "file:///bench/reload.mlir"
    c = Client([args.memlint, "lsp", "--max-document-size=67108864"])
    init = c.request("initialize", {"processId": None, "rootUri": None,
                                    "capabilities": {}})
    c.wait(lambda: init in c.responses, 600, "initialize answer")
    c.notify("initialized", {})
    text = document(args.functions, "a")
    print("%d functions, %.1f MB" % (args.functions, len(text) / 1e6))
    print("| step | server RSS MiB | server peak MiB |")
    print("| --- | --- | --- |")

    def row(step):
        m = memory_kb(c.proc.pid)
        print("| %s | %d | %d |" % (step, m["VmRSS"] // 1024,
                                     m["VmHWM"] // 1024), flush=True)

    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
    c.wait(lambda: c.published.get(uri) == 1, 600, "diagnostics")
    row("open")
    for r in range(args.reloads):
        version = r + 2
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": document(args.functions,
                                                 "b%d" % r)}]})
        c.wait(lambda: c.published.get(uri) == version, 600, "diagnostics")
        row("reload %d" % (r + 1))
    c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    # A request answered after the close: the close has been handled.
    probe = c.request("shutdown", None)
    c.wait(lambda: probe in c.responses, 600, "shutdown answer")
    row("closed")
    c.notify("exit", None)
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        t = subprocess.run(["/usr/bin/time", "-f", "%M", args.memlint, "lint",
                            f.name], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        print("| `memlint lint` of the same text | %d | |" %
              (int(t.stderr.strip().splitlines()[-1]) // 1024))


if __name__ == "__main__":
    main()
