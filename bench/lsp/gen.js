// Generates a synthetic .mlir file of about N lines: many functions, each
// with allocations, loads/stores, frees, and now and then a leak, so the
// server has real work and real findings.
'use strict';

function genFunction(i) {
  const lines = [];
  lines.push(`func.func @f${i}(%n: index, %x: f32) -> f32 {`);
  lines.push(`  %c0 = arith.constant 0 : index`);
  lines.push(`  %c1 = arith.constant 1 : index`);
  lines.push(`  %a = memref.alloc() : memref<64x64xf32>`);
  lines.push(`  %b = memref.alloc(%n) : memref<?x16xf32, 1>`);
  lines.push(`  memref.store %x, %a[%c0, %c1] : memref<64x64xf32>`);
  lines.push(`  %v0 = memref.load %a[%c0, %c0] : memref<64x64xf32>`);
  lines.push(`  memref.store %v0, %b[%c0, %c1] : memref<?x16xf32, 1>`);
  lines.push(`  %c = memref.alloc() : memref<128xf32>`);
  lines.push(`  memref.store %v0, %c[%c1] : memref<128xf32>`);
  lines.push(`  %v1 = memref.load %c[%c1] : memref<128xf32>`);
  lines.push(`  %s = arith.addf %v0, %v1 : f32`);
  lines.push(`  memref.dealloc %a : memref<64x64xf32>`);
  lines.push(`  memref.dealloc %b : memref<?x16xf32, 1>`);
  // Every fourth function leaks %c.
  if (i % 4 !== 0)
    lines.push(`  memref.dealloc %c : memref<128xf32>`);
  else
    lines.push(`  %unused${i} = arith.constant 1.0 : f32`);
  lines.push(`  return %s : f32`);
  lines.push(`}`);
  lines.push(``);
  return lines;
}

/// Returns {text, functions: [{name, firstLine}]} with about `targetLines`
/// lines (0-based firstLine).
function generate(targetLines) {
  const out = [];
  const functions = [];
  for (let i = 0; out.length < targetLines; ++i) {
    functions.push({name: `f${i}`, firstLine: out.length});
    out.push(...genFunction(i));
  }
  return {text: out.join('\n'), functions, lines: out.length};
}

module.exports = {generate, genFunction};

if (require.main === module) {
  const n = parseInt(process.argv[2] || '5000', 10);
  process.stdout.write(generate(n).text);
}
