#!/usr/bin/env python3
"""A short `memlint lsp` session whose edits cancel running analyses:

    lsp_session.py MEMLINT BIG.mlir SMALL.mlir...

Opens BIG and each SMALL file, replaces BIG's text while it is analysed
(each edit cancels the analysis of the version before), edits the small
files as well, asks for hovers and code actions meanwhile, then waits for
the last version of every document to be published and shuts the server
down. Exits non-zero if the server does not answer, publishes a stale
version last, or does not exit cleanly; the caller reads its stderr.
"""
import json
import subprocess
import sys
import threading
import time


class Client:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        self.next_id = 0
        self.cond = threading.Condition()
        self.responses = {}
        self.published = {}  # uri -> last version published
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    with self.cond:
                        self.cond.notify_all()
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            msg = json.loads(out.read(length))
            with self.cond:
                if "id" in msg and "method" not in msg:
                    self.responses[msg["id"]] = msg
                elif msg.get("method") == "textDocument/publishDiagnostics":
                    p = msg["params"]
                    self.published[p["uri"]] = p.get("version")
                elif "id" in msg:  # a request of the server's: accept it
                    self.send({"jsonrpc": "2.0", "id": msg["id"],
                               "result": None})
                self.cond.notify_all()

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method,
                   "params": params})
        return self.next_id

    def wait(self, pred, timeout, what):
        deadline = time.time() + timeout
        with self.cond:
            while not pred():
                left = deadline - time.time()
                if left <= 0 or self.proc.poll() is not None:
                    sys.exit(f"lsp_session: no {what}")
                self.cond.wait(left)


def main():
    memlint, big, smalls = sys.argv[1], sys.argv[2], sys.argv[3:]
    c = Client([memlint, "lsp", "--debounce-ms=0"])
    init = c.request("initialize", {"processId": None, "rootUri": None,
                                     "capabilities": {}})
    c.wait(lambda: init in c.responses, 600, "initialize answer")
    c.notify("initialized", {})
    texts = {"untitled:big.mlir": open(big).read()}
    for i, s in enumerate(smalls):
        texts[f"untitled:small{i}.mlir"] = open(s).read()
    versions = {}
    for uri, text in texts.items():
        versions[uri] = 1
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
    # Edits while the analyses run: each cancels the one before.
    for round_ in range(6):
        time.sleep(0.2)
        for uri, text in texts.items():
            versions[uri] += 1
            edited = text + f"\n// edit {round_}\n"
            c.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": versions[uri]},
                "contentChanges": [{"text": edited}]})
            c.request("textDocument/hover", {
                "textDocument": {"uri": uri},
                "position": {"line": 1, "character": 4}})
            c.request("textDocument/codeAction", {
                "textDocument": {"uri": uri},
                "range": {"start": {"line": 1, "character": 0},
                          "end": {"line": 2, "character": 0}},
                "context": {"diagnostics": []}})
    c.wait(lambda: all(c.published.get(u) == v for u, v in versions.items()),
           1800, "publish of every document's last version")
    done = c.request("shutdown", None)
    c.wait(lambda: done in c.responses, 600, "shutdown answer")
    c.notify("exit", None)
    rc = c.proc.wait(timeout=600)
    if rc != 0:
        sys.exit(f"lsp_session: memlint lsp exited with {rc}")
    print(f"lsp_session: {len(texts)} documents, "
          f"{sum(versions.values())} versions, clean exit")


if __name__ == "__main__":
    main()
