// The servers compare.js measures side by side, started over stdio with the
// test client (test/lsp/client.js), and the documents open in them. Each
// edit is sent the way the server asked for in `initialize`, as an editor
// would: memlint declares incremental sync and gets the changed range,
// mlir-lsp-server declares full sync and gets the whole new text.
'use strict';

const path = require('node:path');
const {Server, fileUri} =
    require(path.join(__dirname, '..', '..', 'test', 'lsp', 'client.js'));

const SYNC_FULL = 1; // TextDocumentSyncKind.Full

/** How each server is started and how it reports a parse error. */
const KINDS = {
  memlint: {
    argv: (o) => [o.memlint, 'lsp', ...o.serverArgs],
    isParseError: (d) => d.code === 'parse-error',
    // Publishes the lifetime findings too: inserting a missing dealloc
    // takes one away.
    findsLeaks: true,
    // What the last analysis did (operations re-analysed, its ms).
    statsMethod: 'memlint/analysisStats',
  },
  'mlir-lsp-server': {
    argv: (o) => [o.mlirLspServer],
    // Publishes parse and verifier errors only ({category: 'Parse Error'}),
    // an empty list otherwise.
    isParseError: (d) => d.severity === 1,
    findsLeaks: false,
    statsMethod: null,
  },
};

/** Starts server `kind` and initializes it. */
async function startServer(kind, options) {
  const server = new Server([], {argv: KINDS[kind].argv(options)});
  const init = await server.initialize();
  const sync = init.capabilities.textDocumentSync;
  const change = typeof sync === 'number' ? sync : sync && sync.change;
  return {kind, ...KINDS[kind], server, fullSync: change === SYNC_FULL};
}

function msSince(sent, at) {
  return Number(at - sent) / 1e6;
}

/**
 * One open document: its current lines and version, and what its
 * diagnostics should be. `baseline` is the number of diagnostics of the
 * opened text; every edit of the bench leads to one of three states:
 * 'base' (the opened text again, or one with the same findings), 'fixed'
 * (one leak fewer) or 'broken' (a parse error).
 */
class Document {
  constructor(session, file, text) {
    this.session = session;
    this.uri = fileUri(file);
    this.lines = text.split('\n');
    this.version = 1;
    this.baseline = null;
  }

  /** Opens it and waits for its first diagnostics; resolves with the ms. */
  async open(timeoutMs) {
    const {server} = this.session;
    const sent = process.hrtime.bigint();
    await server.open(this.uri, this.lines.join('\n'), 1);
    const first = await server.waitForVersion(this.uri, 1, {timeoutMs});
    this.baseline = first.diagnostics.length;
    if (first.diagnostics.some(this.session.isParseError))
      throw new Error(`${this.uri}: parse error in the generated file`);
    return msSince(sent, first.at);
  }

  /**
   * Replaces lines [edit.from, edit.to) by edit.lines and sends the change;
   * resolves with {version, sent} for diagnostics().
   */
  async change(edit) {
    const {from, to, lines} = edit;
    const range = {start: {line: from, character: 0},
                   end: {line: to, character: 0}};
    const inserted = lines.map((l) => l + '\n').join('');
    this.lines.splice(from, to - from, ...lines);
    // The full text is built before the clock starts: an editor has it.
    const contentChanges = this.session.fullSync
        ? [{text: this.lines.join('\n')}]
        : [{range, text: inserted}];
    const version = ++this.version;
    const sent = process.hrtime.bigint();
    await this.session.server.change(this.uri, version, contentChanges);
    return {version, sent};
  }

  /**
   * Waits for the publish of a change's version and checks it against
   * `expect`; resolves with the ms from didChange to that publish.
   */
  async diagnostics({version, sent}, expect, timeoutMs) {
    const p = await this.session.server.waitForVersion(this.uri, version,
                                                       {timeoutMs});
    this.check(p, expect);
    return msSince(sent, p.at);
  }

  /**
   * The server's own account of its analysis of the current version
   * ({opsAnalysed, opsTotal, milliseconds}), or null when it gives none.
   */
  stats() {
    const {server, statsMethod} = this.session;
    if (!statsMethod)
      return Promise.resolve(null);
    return server.request(statsMethod, {textDocument: {uri: this.uri}});
  }

  check(publish, expect) {
    const {isParseError, findsLeaks, kind} = this.session;
    const d = publish.diagnostics;
    const broken = d.some(isParseError);
    const want = expect === 'fixed' && findsLeaks ? this.baseline - 1
                                                  : this.baseline;
    const ok = expect === 'broken' ? broken : !broken && d.length === want;
    if (!ok)
      throw new Error(`${kind}, ${this.uri} v${publish.version}: ` +
                      `${d.length} diagnostics (parse error: ${broken}), ` +
                      `expected ${expect}`);
  }
}

module.exports = {startServer, Document, KINDS};
