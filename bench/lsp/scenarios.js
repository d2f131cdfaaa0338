// The four measurements of compare.js, each on a fresh server of one kind
// (servers.js) with the edits of edits.js. Every edit waits for the
// diagnostics of the version it made and checks them; then the bench
// pauses `pauseMs` before the next edit, so each edit comes after a pause
// (memlint analyses such an edit at once; edits closer together than its
// --debounce-ms are a burst, analysed once it is over).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {generate} = require('./gen.js');
const {startServer, Document} = require('./servers.js');
const edits = require('./edits.js');

const OPEN_TIMEOUT_MS = 600000;
const EDIT_TIMEOUT_MS = 120000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length)
    return NaN;
  const i = Math.ceil(p / 100 * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, i))];
}

function summary(ms) {
  return {n: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95),
          max: percentile(ms, 100)};
}

// Generated texts are reused across servers and measurements.
const texts = new Map();
function generated(lines) {
  if (!texts.has(lines))
    texts.set(lines, generate(lines));
  return texts.get(lines);
}

/** Opens a generated file of about `lines` lines in a new server. */
async function openGenerated(session, lines, name) {
  const {text, functions} = generated(lines);
  const doc = new Document(session, `/tmp/memlint-bench-${name}.mlir`, text);
  const openMs = await doc.open(OPEN_TIMEOUT_MS);
  return {doc, functions, openMs, lineCount: text.split('\n').length};
}

/**
 * Makes `edit`, waits for its diagnostics; resolves with the ms and the
 * server's stats of that analysis (null from mlir-lsp-server).
 */
async function step(doc, edit) {
  const sent = await doc.change(edit);
  const ms = await doc.diagnostics(sent, edit.expect, EDIT_TIMEOUT_MS);
  return {ms, stats: await doc.stats()};
}

/** Times of some edits, and what the server says it analysed for them. */
class Samples {
  constructor() {
    this.ms = [];
    this.stats = [];
  }
  add({ms, stats}) {
    this.ms.push(ms);
    if (stats)
      this.stats.push(stats);
  }
  summary() {
    const s = this.stats, n = s.length;
    const mean = (f) => (n ? s.reduce((a, x) => a + f(x), 0) / n : NaN);
    return {...summary(this.ms), opsAnalysed: mean((x) => x.opsAnalysed),
            opsTotal: mean((x) => x.opsTotal),
            analysisP50: percentile(s.map((x) => x.milliseconds), 50)};
  }
}

/**
 * Runs `count` edits cycling through `cycle` (an array, or a function of the
 * edit's index); resolves with Samples.
 */
async function editLoop(doc, cycle, count, pauseMs, onEdit = () => {}) {
  const samples = new Samples();
  const editAt = typeof cycle === 'function' ? cycle
                                             : (i) => cycle[i % cycle.length];
  for (let i = 0; i < count; ++i) {
    samples.add(await step(doc, editAt(i)));
    onEdit(i + 1);
    await sleep(pauseMs);
  }
  return samples;
}

/**
 * Runs `body` on a new server; with o.logDir, its stderr goes to
 * LOGDIR/KIND-NAME.log (memlint lsp --log=info logs where each publish's
 * time went).
 */
async function withServer(kind, o, name, body) {
  const session = await startServer(kind, o);
  try {
    return await body(session);
  } finally {
    await session.server.shutdown();
    if (o.logDir)
      fs.writeFileSync(path.join(o.logDir, `${kind}-${name}.log`),
                       session.server.stderr);
  }
}

/** 1. Edit-to-diagnostics latency for edits inside one function. */
function editLatency(kind, o, lines) {
  return withServer(kind, o, `edits-${lines}`, async (session) => {
    const {doc, functions, openMs, lineCount} =
        await openGenerated(session, lines, `${lines}`);
    const fn = edits.middleLeaker(functions);
    // Each insertion is new text (see leakFixCycle); the removal brings
    // back the text the server last analysed before it.
    const cycle = (i) => edits.leakFixCycle(fn, i >> 1)[i & 1];
    const samples = await editLoop(doc, cycle, o.edits, o.pauseMs);
    return {lines: lineCount, openMs, ...samples.summary()};
  });
}

/**
 * 2. Time to diagnostics after a parse error is fixed: break a function,
 * wait for its diagnostics, fix it.
 */
function parseErrorFix(kind, o) {
  return withServer(kind, o, 'parse-error', async (session) => {
    const {doc, functions, lineCount} =
        await openGenerated(session, o.parseLines, `${o.parseLines}`);
    const [brk, fix] = edits.parseErrorCycle(edits.middleLeaker(functions));
    const breaks = new Samples(), fixes = new Samples();
    for (let i = 0; i < o.rounds; ++i) {
      breaks.add(await step(doc, brk));
      await sleep(o.pauseMs);
      fixes.add(await step(doc, fix));
      await sleep(o.pauseMs);
    }
    return {lines: lineCount, break: breaks.summary(), fix: fixes.summary()};
  });
}

/**
 * 3. A small document's latency when it is edited right after a big one
 * whose edit starts a long analysis (the prelude changes).
 */
function crossDocument(kind, o) {
  return withServer(kind, o, 'two-documents', async (session) => {
    const big = await openGenerated(session, o.bigLines, `big-${o.bigLines}`);
    const small =
        await openGenerated(session, o.smallLines, `small-${o.smallLines}`);
    const bigCycle = edits.preludeCycle();
    const smallCycle = edits.leakFixCycle(edits.middleLeaker(small.functions));
    const bigs = new Samples(), smalls = new Samples();
    for (let i = 0; i < o.rounds; ++i) {
      const bigEdit = bigCycle[i % 2], smallEdit = smallCycle[i % 2];
      const bigSent = await big.doc.change(bigEdit);
      const smallSent = await small.doc.change(smallEdit);
      const [b, s] = await Promise.all([
        big.doc.diagnostics(bigSent, bigEdit.expect, EDIT_TIMEOUT_MS),
        small.doc.diagnostics(smallSent, smallEdit.expect, EDIT_TIMEOUT_MS),
      ]);
      bigs.add({ms: b, stats: await big.doc.stats()});
      smalls.add({ms: s, stats: await small.doc.stats()});
      await sleep(o.pauseMs);
    }
    return {bigLines: big.lineCount, smallLines: small.lineCount,
            big: bigs.summary(), small: smalls.summary()};
  });
}

/**
 * 4. Server RSS (VmRSS) after the open, after the first tenth of the edits
 * (caches warm) and after all of them; the edits cycle through fixing a
 * leak and breaking the function.
 */
function memory(kind, o) {
  return withServer(kind, o, 'memory', async (session) => {
    const {doc, functions, lineCount} =
        await openGenerated(session, o.memoryLines, `mem-${o.memoryLines}`);
    const fn = edits.middleLeaker(functions);
    const cycle = [...edits.leakFixCycle(fn), ...edits.parseErrorCycle(fn)];
    const mib = () => session.server.rssBytes() / (1 << 20);
    const warm = Math.max(1, Math.floor(o.memoryEdits / 10));
    const rss = {open: mib()};
    await editLoop(doc, cycle, o.memoryEdits, o.memoryPauseMs, (n) => {
      if (n === warm)
        rss.warm = mib();
    });
    rss.end = mib();
    return {lines: lineCount, edits: o.memoryEdits, warmEdits: warm, rss};
  });
}

module.exports = {editLatency, parseErrorFix, crossDocument, memory};
