// The synthetic .mlir file of bench.js and test/lsp/server.test.js: about N
// lines of functions with allocations, frees and now and then a leak.
// bench/lsp/gen.py writes it (over test/lib/irgen, like the other
// generators); this wrapper runs it and keeps the synchronous JS interface.
'use strict';

const {execFileSync} = require('node:child_process');
const path = require('node:path');

const GEN = path.join(__dirname, 'gen.py');

/// Returns {text, functions: [{name, firstLine}], lines} with about
/// `targetLines` lines (0-based firstLine).
function generate(targetLines) {
  const out = execFileSync(
      process.env.PYTHON || 'python3', [GEN, String(targetLines), '--json'],
      {encoding: 'utf8', maxBuffer: 1 << 30});
  return JSON.parse(out);
}

module.exports = {generate};

if (require.main === module) {
  const n = parseInt(process.argv[2] || '5000', 10);
  process.stdout.write(generate(n).text);
}
