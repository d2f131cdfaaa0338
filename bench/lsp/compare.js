// memlint lsp next to upstream's mlir-lsp-server on the same edits (issue
// 12): edit-to-diagnostics latency by file size, diagnostics after a parse
// error is fixed, a small document edited while a big one is analysed, and
// server memory over many edits. Prints one markdown table, the goals and
// whether memlint meets them. See README.md for what each server computes.
//
//   node bench/lsp/compare.js [--memlint PATH] [--mlir-lsp-server PATH]
//        [--servers memlint,mlir-lsp-server] [--only 1,2,3,4]
//        [--sizes 5000,25000,100000] [--edits 40] [--pause-ms 20]
//        [--parse-lines 100000] [--rounds 10]
//        [--big-lines 100000] [--small-lines 1000]
//        [--memory-lines 5000] [--memory-edits 1000]
//        [--server-args "ARGS for memlint lsp"] [--log-dir DIR] [--json]
//
// Run `npm ci` in test/lsp first (the client library lives there).
'use strict';

const {execFileSync} = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const {memlintBinary, repoRoot} =
    require(path.join(__dirname, '..', '..', 'test', 'lsp', 'client.js'));
const scenarios = require('./scenarios.js');
const {KINDS} = require('./servers.js');

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}
const list = (s) => s.split(',').filter((x) => x);

/**
 * mlir-lsp-server of LLVM 22, found as the Python benches find mlir-opt
 * (test/lib/llvm_tools.py: $MEMLINT_LLVM_BIN, llvm-config-22, Debian's
 * /usr/lib/llvm-22/bin).
 */
function findMlirLspServer() {
  const script = 'import sys; sys.path.insert(0, sys.argv[1]); ' +
      'import llvm_tools; print(llvm_tools.tool("mlir-lsp-server"))';
  return execFileSync(process.env.PYTHON || 'python3',
                      ['-c', script, path.join(repoRoot, 'test', 'lib')],
                      {encoding: 'utf8'}).trim();
}

const o = {
  memlint: path.resolve(option('--memlint', memlintBinary())),
  mlirLspServer: option('--mlir-lsp-server', null),
  serverArgs: option('--server-args', '').split(' ').filter((a) => a),
  sizes: list(option('--sizes', '5000,25000,100000')).map(Number),
  edits: Number(option('--edits', '40')),
  pauseMs: Number(option('--pause-ms', '20')),
  parseLines: Number(option('--parse-lines', '100000')),
  rounds: Number(option('--rounds', '10')),
  bigLines: Number(option('--big-lines', '100000')),
  smallLines: Number(option('--small-lines', '1000')),
  memoryLines: Number(option('--memory-lines', '5000')),
  memoryEdits: Number(option('--memory-edits', '1000')),
  logDir: option('--log-dir', null),
};
if (o.logDir)
  fs.mkdirSync(o.logDir, {recursive: true});
o.memoryPauseMs = o.pauseMs;
const servers = list(option('--servers', 'memlint,mlir-lsp-server'));
for (const kind of servers)
  if (!KINDS[kind])
    throw new Error(`--servers: no server '${kind}' (${Object.keys(KINDS)})`);
if (servers.includes('mlir-lsp-server') && !o.mlirLspServer)
  o.mlirLspServer = findMlirLspServer();
const only = new Set(list(option('--only', '1,2,3,4')).map(Number));

// Goals for memlint (issue 12).
const GOAL = {editP95: 30, parseFixMs: 100, crossMs: 100, rssGrowth: 0.05};

const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();

function commit() {
  try {
    return execFileSync('git', ['-C', repoRoot, 'describe', '--always',
                                '--dirty'], {encoding: 'utf8'}).trim();
  } catch (e) {
    return '?';
  }
}

async function measure() {
  // results[measurement][server]
  const r = {latency: {}, parse: {}, cross: {}, memory: {}};
  for (const kind of servers) {
    const log = (what) => console.error(`${new Date().toISOString()} ` +
                                        `${kind}: ${what}`);
    if (only.has(1)) {
      r.latency[kind] = [];
      for (const n of o.sizes) {
        log(`1. edits inside one function, ${n} lines`);
        r.latency[kind].push(await scenarios.editLatency(kind, o, n));
      }
    }
    if (only.has(2)) {
      log(`2. parse error fixed, ${o.parseLines} lines`);
      r.parse[kind] = await scenarios.parseErrorFix(kind, o);
    }
    if (only.has(3)) {
      log(`3. small document after a big one's edit`);
      r.cross[kind] = await scenarios.crossDocument(kind, o);
    }
    if (only.has(4)) {
      log(`4. memory over ${o.memoryEdits} edits`);
      r.memory[kind] = await scenarios.memory(kind, o);
    }
  }
  return r;
}

/**
 * What memlint says it did for the edits of a summary: operations
 * re-analysed of all, and its analysis time; '' for mlir-lsp-server.
 */
function own(x) {
  return x && Number.isFinite(x.opsAnalysed)
      ? ` [${fmt(x.opsAnalysed)} of ${fmt(x.opsTotal, 0)} ops, ` +
            `${fmt(x.analysisP50)} ms]`
      : '';
}

/** Rows of [measurement, value per server..., goal, met]. */
function rows(r) {
  const out = [];
  const met = (ok) => (ok === undefined ? '' : ok ? 'yes' : '**no**');
  const row = (label, cell, goal, ok) =>
      out.push([label, ...servers.map((k) => cell(k)), goal, met(ok)]);
  const m = (table, k) => table[k] || null;

  if (only.has(1))
    o.sizes.forEach((n, i) => {
      const at = (k) => m(r.latency, k) && r.latency[k][i];
      const lines = (at(servers[0]) || {}).lines || n;
      row(`${lines} lines: open → first diagnostics`,
          (k) => fmt(at(k) && at(k).openMs, 0), '', undefined);
      row(`${lines} lines: edit → diagnostics p50 / p95 / max ` +
              `(${o.edits} edits)`,
          (k) => at(k) ? `${fmt(at(k).p50)} / ${fmt(at(k).p95)} / ` +
                             `${fmt(at(k).max)}${own(at(k))}` : '-',
          `p95 ≤ ${GOAL.editP95}`,
          at('memlint') ? at('memlint').p95 <= GOAL.editP95 : undefined);
    });
  if (only.has(2)) {
    const p = (k) => m(r.parse, k);
    const lines = (p(servers[0]) || {}).lines || o.parseLines;
    row(`${lines} lines: parse error made → diagnostics p50 / max`,
        (k) => p(k) ? `${fmt(p(k).break.p50)} / ${fmt(p(k).break.max)}` : '-',
        '', undefined);
    row(`${lines} lines: parse error fixed → diagnostics p50 / max ` +
            `(${o.rounds} fixes)`,
        (k) => p(k) ? `${fmt(p(k).fix.p50)} / ${fmt(p(k).fix.max)}` +
                          own(p(k).fix) : '-',
        `≤ ${GOAL.parseFixMs}`,
        p('memlint') ? p('memlint').fix.max <= GOAL.parseFixMs : undefined);
  }
  if (only.has(3)) {
    const c = (k) => m(r.cross, k);
    const any = c(servers[0]) || {};
    row(`${any.bigLines || o.bigLines}-line document: prelude edit → ` +
            `diagnostics p50 / max`,
        (k) => c(k) ? `${fmt(c(k).big.p50)} / ${fmt(c(k).big.max)}` +
                          own(c(k).big) : '-',
        '', undefined);
    row(`${any.smallLines || o.smallLines}-line document edited right ` +
            `after it: edit → diagnostics p50 / max (${o.rounds} rounds)`,
        (k) => c(k) ? `${fmt(c(k).small.p50)} / ${fmt(c(k).small.max)}` : '-',
        `≤ ${GOAL.crossMs}`,
        c('memlint') ? c('memlint').small.max <= GOAL.crossMs : undefined);
  }
  if (only.has(4)) {
    const mem = (k) => m(r.memory, k);
    const any = mem(servers[0]) || {};
    const growth = (k) => (mem(k).rss.end - mem(k).rss.warm) / mem(k).rss.warm;
    row(`${any.lines || o.memoryLines} lines: RSS MiB after open → after ` +
            `${any.warmEdits} edits → after ${o.memoryEdits} edits`,
        (k) => mem(k) ? `${fmt(mem(k).rss.open, 0)} → ` +
                            `${fmt(mem(k).rss.warm, 0)} → ` +
                            `${fmt(mem(k).rss.end, 0)} ` +
                            `(${growth(k) >= 0 ? '+' : ''}` +
                            `${fmt(100 * growth(k))}%)` : '-',
        `flat: ≤ +${100 * GOAL.rssGrowth}% after the first ${any.warmEdits}`,
        mem('memlint') ? growth('memlint') <= GOAL.rssGrowth : undefined);
  }
  return out;
}

(async () => {
  const before = loadavg();
  const started = new Date();
  const r = await measure();
  const after = loadavg();
  console.log(`${started.toISOString()}, commit ${commit()}, ` +
              `${os.cpus().length} CPUs; loadavg before: ${before}; ` +
              `after: ${after}`);
  if (servers.includes('memlint'))
    console.log(`memlint: ${o.memlint} lsp ${o.serverArgs.join(' ')}`.trim());
  if (servers.includes('mlir-lsp-server'))
    console.log(`mlir-lsp-server: ${o.mlirLspServer}`);
  console.log(`times in ms, didChange sent → publishDiagnostics of that ` +
              `version; ${o.pauseMs} ms pause after each; [memlint's own ` +
              `count: top-level ops re-analysed of all, analysis ms p50]`);
  console.log('');
  console.log(`| measurement | ${servers.join(' | ')} | goal (memlint) | ` +
              `met |`);
  console.log(`|---|${servers.map(() => '---|').join('')}---|---|`);
  const table = rows(r);
  for (const cells of table)
    console.log(`| ${cells.join(' | ')} |`);
  const verdicts = table.map((cells) => cells[cells.length - 1])
                       .filter((v) => v);
  if (servers.includes('memlint'))
    console.log(`\nmemlint meets ` +
                `${verdicts.filter((v) => v === 'yes').length} of ` +
                `${verdicts.length} goals`);
  // The raw results, for a closer look.
  if (args.includes('--json'))
    console.log(JSON.stringify(r));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
