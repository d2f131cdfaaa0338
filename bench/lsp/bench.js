// Latency of `memlint lsp`: time from a didChange to the publishDiagnostics
// for that version, for edits inside one function of a generated 5,000-line
// and 100,000-line file, over stdio with a real LSP client.
//
//   node bench/lsp/bench.js [--memlint PATH] [--edits N] [--sizes 5000,100000]
//                           [--server-args "--no-incremental ..."]
//
// Run `npm ci` in test/lsp first (the client library lives there).
'use strict';

const path = require('node:path');
const {generate} = require('./gen.js');

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}
if (option('--memlint', null))
  process.env.MEMLINT_BINARY = path.resolve(option('--memlint', null));
const {Server, fileUri} =
    require(path.join(__dirname, '..', '..', 'test', 'lsp', 'client.js'));

const edits = Number(option('--edits', '60'));
const serverArgs = option('--server-args', '').split(' ').filter((a) => a);
const sizes = option('--sizes', '5000,100000').split(',').map(Number);

function percentile(sorted, p) {
  if (!sorted.length)
    return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

async function benchOne(lines) {
  const {text, functions} = generate(lines);
  const server = new Server(serverArgs);
  await server.initialize();
  const uri = fileUri(`/tmp/memlint-bench-${lines}.mlir`);
  const t0 = process.hrtime.bigint();
  await server.open(uri, text, 1);
  const first = await server.waitForVersion(uri, 1, {timeoutMs: 120000});
  const openMs = Number(first.at - t0) / 1e6;
  const openDiagnostics = first.diagnostics.length;

  // Edit a leaking function in the middle of the file: insert the missing
  // dealloc, then take it out again, and so on. Each edit changes the
  // diagnostics, and the insertion moves every later function by a line.
  const fn = functions[Math.floor(functions.length / 2 / 4) * 4];
  // Line (0-based) of `return` in that function: see gen.py.
  const returnLine = fn.firstLine + 15;
  const latencies = [];
  let analysed = 0, analysisMs = [];
  let version = 1;
  for (let i = 0; i < edits; ++i) {
    ++version;
    const change = i % 2 === 0
        ? {range: {start: {line: returnLine, character: 0},
                   end: {line: returnLine, character: 0}},
           text: '  memref.dealloc %c : memref<128xf32>\n'}
        : {range: {start: {line: returnLine, character: 0},
                   end: {line: returnLine + 1, character: 0}},
           text: ''};
    const sent = process.hrtime.bigint();
    await server.change(uri, version, [change]);
    const p = await server.waitForVersion(uri, version, {timeoutMs: 60000});
    latencies.push(Number(p.at - sent) / 1e6);
    const expected = openDiagnostics - (i % 2 === 0 ? 1 : 0);
    if (p.diagnostics.length !== expected)
      throw new Error(`v${version}: ${p.diagnostics.length} diagnostics, ` +
                      `expected ${expected}`);
    const stats = await server.request('memlint/analysisStats',
                                       {textDocument: {uri}});
    analysed += stats.opsAnalysed;
    analysisMs.push(stats.milliseconds);
  }
  const rss = server.rssBytes();
  const exit = await server.shutdown();
  latencies.sort((a, b) => a - b);
  analysisMs.sort((a, b) => a - b);
  return {
    lines: text.split('\n').length,
    functions: functions.length,
    openMs,
    openDiagnostics,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies[latencies.length - 1],
    analysisP50: percentile(analysisMs, 50),
    opsPerEdit: analysed / edits,
    rssMiB: rss / (1 << 20),
    exitCode: exit && exit.code,
  };
}

(async () => {
  const rows = [];
  for (const n of sizes)
    rows.push(await benchOne(n));
  const goal = {5000: 50, 100000: 500};
  const fmt = (x, d = 1) => x.toFixed(d);
  console.log(`didChange -> publishDiagnostics, ${edits} edits inside one ` +
              `function (ms)` +
              (serverArgs.length ? `, memlint lsp ${serverArgs.join(' ')}` : ''));
  console.log('| lines | functions | open | p50 | p95 | max | goal p95 | ' +
              'analysis p50 | ops re-analysed/edit | RSS MiB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  let ok = true;
  for (const r of rows) {
    const g = goal[r.lines] || goal[Math.round(r.lines / 1000) * 1000];
    if (g !== undefined && r.p95 > g)
      ok = false;
    console.log(`| ${r.lines} | ${r.functions} | ${fmt(r.openMs, 0)} | ` +
                `${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.max)} | ` +
                `${g === undefined ? '-' : '≤ ' + g} | ${fmt(r.analysisP50)} | ` +
                `${fmt(r.opsPerEdit, 1)} | ${fmt(r.rssMiB, 0)} |`);
  }
  console.log(ok ? 'goals met' : 'goals NOT met');
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
