// Helpers for driving `memlint lsp` from tests and the benchmark: a real
// LSP client connection (vscode-languageserver-protocol, the library VS
// Code's client is built on) and a raw framing client for malformed input.
'use strict';

const {spawn} = require('node:child_process');
const path = require('node:path');
const {pathToFileURL} = require('node:url');
const rpc = require('vscode-languageserver-protocol/node');

const repoRoot = path.resolve(__dirname, '..', '..');

/** The memlint binary under test: $MEMLINT_BINARY, else the default build. */
function memlintBinary() {
  return process.env.MEMLINT_BINARY ||
      path.join(repoRoot, 'build', 'cli', 'memlint');
}

function fileUri(p) {
  return pathToFileURL(path.resolve(p)).toString();
}

/**
 * Starts `memlint lsp ARGS` and connects to it. Every publishDiagnostics is
 * recorded (in order) so tests can look at what arrived and when. `argv`
 * ([binary, ...args]) starts another server instead: bench/lsp compares
 * with upstream's mlir-lsp-server.
 */
class Server {
  constructor(args = [], {argv, ...options} = {}) {
    const [binary, ...rest] = argv || [memlintBinary(), 'lsp', ...args];
    this.proc = spawn(binary, rest,
                      {stdio: ['pipe', 'pipe', 'pipe'], ...options});
    this.stderr = '';
    this.proc.stderr.on('data', (d) => { this.stderr += d.toString(); });
    this.exited = new Promise((resolve) => {
      this.proc.on('exit', (code, signal) => resolve({code, signal}));
    });
    this.conn = rpc.createProtocolConnection(
        new rpc.StreamMessageReader(this.proc.stdout),
        new rpc.StreamMessageWriter(this.proc.stdin));
    this.publishes = []; // {uri, version, diagnostics, at}
    this.waiters = [];
    this.conn.onNotification(rpc.PublishDiagnosticsNotification.type, (p) => {
      this.publishes.push({...p, at: process.hrtime.bigint()});
      this.waiters = this.waiters.filter((w) => !w());
    });
    this.conn.onError(() => {});
    this.conn.listen();
  }

  async initialize(capabilities = {}) {
    const result = await this.conn.sendRequest(rpc.InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities,
    });
    await this.conn.sendNotification(rpc.InitializedNotification.type, {});
    return result;
  }

  open(uri, text, version = 1) {
    return this.conn.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
      textDocument: {uri, languageId: 'mlir', version, text},
    });
  }

  change(uri, version, contentChanges) {
    return this.conn.sendNotification(
        rpc.DidChangeTextDocumentNotification.type,
        {textDocument: {uri, version}, contentChanges});
  }

  close(uri) {
    return this.conn.sendNotification(rpc.DidCloseTextDocumentNotification.type,
                                      {textDocument: {uri}});
  }

  request(method, params, token) {
    return token ? this.conn.sendRequest(method, params, token)
                 : this.conn.sendRequest(method, params);
  }

  /** Publishes for `uri` so far. */
  publishesFor(uri) {
    return this.publishes.filter((p) => p.uri === uri);
  }

  /**
   * Resolves with the first publish for `uri` (from index `from` of the
   * publishes for it) that satisfies `pred`.
   */
  waitForPublish(uri, pred = () => true, {from = 0, timeoutMs = 20000} = {}) {
    return new Promise((resolve, reject) => {
      const check = () => {
        const list = this.publishesFor(uri);
        for (let i = from; i < list.length; ++i)
          if (pred(list[i])) {
            clearTimeout(timer);
            resolve(list[i]);
            return true;
          }
        return false;
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`no matching publishDiagnostics for ${uri} in ` +
                         `${timeoutMs} ms; stderr:\n${this.stderr}`));
      }, timeoutMs);
      if (!check())
        this.waiters.push(check);
    });
  }

  /** Publish for `uri` at `version`. */
  waitForVersion(uri, version, opts) {
    return this.waitForPublish(uri, (p) => p.version === version, opts);
  }

  async shutdown() {
    try {
      await this.conn.sendRequest(rpc.ShutdownRequest.type);
      await this.conn.sendNotification(rpc.ExitNotification.type);
    } catch (e) {
      // Already gone.
    }
    const result = await Promise.race([
      this.exited,
      new Promise((r) => setTimeout(() => r(null), 5000)),
    ]);
    if (result === null)
      this.proc.kill('SIGKILL');
    this.conn.dispose();
    return result;
  }

  /** Resident set size of the server in bytes, from /proc. */
  rssBytes() {
    const status = require('node:fs').readFileSync(
        `/proc/${this.proc.pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) * 1024 : null;
  }
}

/**
 * A client that writes raw bytes and reads framed messages, for input no
 * real client would send.
 */
class RawClient {
  constructor(args = []) {
    this.proc = spawn(memlintBinary(), ['lsp', ...args],
                      {stdio: ['pipe', 'pipe', 'pipe']});
    this.buffer = Buffer.alloc(0);
    this.messages = [];
    this.waiters = [];
    this.stderr = '';
    this.proc.stderr.on('data', (d) => { this.stderr += d.toString(); });
    this.exited = new Promise((resolve) => {
      this.proc.on('exit', (code, signal) => resolve({code, signal}));
    });
    this.proc.stdout.on('data', (d) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      for (;;) {
        const headerEnd = this.buffer.indexOf('\r\n\r\n');
        if (headerEnd < 0)
          break;
        const header = this.buffer.subarray(0, headerEnd).toString();
        const m = /Content-Length: (\d+)/i.exec(header);
        const length = Number(m[1]);
        if (this.buffer.length < headerEnd + 4 + length)
          break;
        const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length);
        this.buffer = this.buffer.subarray(headerEnd + 4 + length);
        this.messages.push(JSON.parse(body.toString()));
        this.waiters = this.waiters.filter((w) => !w());
      }
    });
  }

  writeRaw(bytes) { this.proc.stdin.write(bytes); }

  send(message) {
    const body = Buffer.from(
        typeof message === 'string' ? message : JSON.stringify(message));
    this.writeRaw(Buffer.concat(
        [Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  }

  /** The first message (from index `from`) satisfying `pred`. */
  waitFor(pred, {from = 0, timeoutMs = 10000} = {}) {
    return new Promise((resolve, reject) => {
      const check = () => {
        for (let i = from; i < this.messages.length; ++i)
          if (pred(this.messages[i])) {
            clearTimeout(timer);
            resolve(this.messages[i]);
            return true;
          }
        return false;
      };
      const timer = setTimeout(() => {
        reject(new Error(`no matching message in ${timeoutMs} ms; got ` +
                         JSON.stringify(this.messages) + '\nstderr:\n' +
                         this.stderr));
      }, timeoutMs);
      if (!check())
        this.waiters.push(check);
    });
  }

  kill() { this.proc.kill('SIGKILL'); }
}

/** Applies LSP TextEdits (same document, non-overlapping) to `text`. */
function applyEdits(text, edits) {
  const lines = text.split('\n');
  const offsetOf = (pos) => {
    let off = 0;
    for (let i = 0; i < pos.line; ++i)
      off += lines[i].length + 1;
    return off + pos.character;
  };
  const sorted = edits.map((e, i) => ({...e, i}))
      .sort((a, b) => offsetOf(b.range.start) - offsetOf(a.range.start) ||
                      b.i - a.i);
  for (const e of sorted) {
    const s = offsetOf(e.range.start), t = offsetOf(e.range.end);
    text = text.slice(0, s) + e.newText + text.slice(t);
  }
  return text;
}

module.exports = {Server, RawClient, rpc, memlintBinary, fileUri, applyEdits,
                  repoRoot};
