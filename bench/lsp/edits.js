// The edits compare.js makes, on gen.py's layout (function i on lines
// 18*i..18*i+16, 0-based, its `return` on 18*i+15, every fourth one leaking
// %c), each with the state of the diagnostics it leads to (servers.js
// Document): cycles that bring the document back to the text it was opened
// with.
'use strict';

const DEALLOC = '  memref.dealloc %c : memref<128xf32>';
// An operand missing: a parse error inside the function, brackets
// balanced, as when typing.
const BROKEN = '  %t = arith.addf %s, : f32';
// A new attribute alias: the prelude every function may need changes.
const ALIAS = '#bench_alias = affine_map<(d0) -> (d0)>';

/** A leaking function in the middle of the file (see gen.py). */
function middleLeaker(functions) {
  return functions[Math.floor(functions.length / 2 / 4) * 4];
}

function returnLine(fn) {
  return fn.firstLine + 15;
}

function insert(line, text, expect) {
  return {from: line, to: line, lines: [text], expect};
}

function remove(line, expect) {
  return {from: line, to: line + 1, lines: [], expect};
}

/**
 * Inserting fn's missing dealloc before its return, then removing it. With
 * `round`, the dealloc carries a comment naming it: each round's text is
 * new, so a server that keeps the results of texts it saw before (memlint
 * does, for undo) still analyses the function again.
 */
function leakFixCycle(fn, round) {
  const at = returnLine(fn);
  const text = round === undefined ? DEALLOC : `${DEALLOC} // edit ${round}`;
  return [insert(at, text, 'fixed'), remove(at, 'base')];
}

/** Breaking fn with a half-typed operation, then fixing it. */
function parseErrorCycle(fn) {
  const at = returnLine(fn);
  return [insert(at, BROKEN, 'broken'), remove(at, 'base')];
}

/**
 * Adding an alias on the first line, then removing it: every function
 * moves, and memlint's cache keys (which include the prelude) all change,
 * so the whole file is analysed again.
 */
function preludeCycle() {
  return [insert(0, ALIAS, 'base'), remove(0, 'base')];
}

module.exports = {middleLeaker, leakFixCycle, parseErrorCycle, preludeCycle};
