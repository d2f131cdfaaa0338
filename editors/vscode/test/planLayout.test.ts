import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { PlanAnswer, PlanBuffer } from '../src/planProtocol';
import {
  bufferBox,
  byteTicks,
  describeBytes,
  fitViewport,
  focusOn,
  formatBytes,
  HEADROOM,
  MIN_BOX_PX,
  MIN_BYTE_SPAN,
  pan,
  spaceSummary,
  ticks,
  tooltipRows,
  zoom,
} from '../webview/planLayout';

const root = path.resolve(__dirname, '..', '..');
const gpu = (JSON.parse(fs.readFileSync(path.join(root, 'test', 'fixtures', 'plan-transformer_block_gpu.json'), 'utf8')) as { answers: PlanAnswer[] }).answers[0];
const space = gpu.function!.spaces[0];
const buffer = (name: string): PlanBuffer => space.buffers.find((b) => b.name === name)!;

describe('the chart geometry', () => {
  it('fits every line and the arena, with room under the peak', () => {
    const v = fitViewport(space);
    assert.equal(v.lineFrom, Math.min(...space.buffers.map((b) => b.live.start_line)));
    assert.equal(v.lineTo, Math.max(...space.buffers.map((b) => b.live.end_line)) + 1);
    assert.equal(v.byteFrom, 0);
    assert.equal(v.byteTo, Math.ceil(space.peak_bytes * (1 + HEADROOM)));
  });

  it('places buffers by live lines and offset; tiny ones get MIN_BOX_PX', () => {
    const v = fitViewport(space);
    const q = buffer('%q');
    const box = bufferBox(q, v, 1000, 500)!;
    const xScale = 1000 / (v.lineTo - v.lineFrom);
    assert.ok(Math.abs(box.x - (q.live.start_line - v.lineFrom) * xScale) < 1e-9);
    assert.ok(Math.abs(box.width - (q.live.end_line + 1 - q.live.start_line) * xScale) < 1e-9);
    assert.equal(box.y, 0);
    assert.ok(Math.abs(box.height - (q.bytes! / v.byteTo) * 500) < 1e-9);
    const tiny = bufferBox(buffer('%row_max'), v, 1000, 500)!;
    assert.equal(tiny.height, MIN_BOX_PX);
    assert.equal(bufferBox({ ...q, offset: null, bytes: null, unplanned: 'dynamic size' }, v, 1000, 500), undefined);
  });

  it('zooms around an anchor, within the arena and not below MIN_BYTE_SPAN', () => {
    const full = fitViewport(space);
    const anchor = 196608;
    const z = zoom(full, full, 'bytes', 4, anchor);
    assert.ok(Math.abs(z.byteTo - z.byteFrom - (full.byteTo - full.byteFrom) / 4) < 1e-6);
    // The anchor keeps its place on screen.
    const before = (anchor - full.byteFrom) / (full.byteTo - full.byteFrom);
    const after = (anchor - z.byteFrom) / (z.byteTo - z.byteFrom);
    assert.ok(Math.abs(before - after) < 1e-9);
    let deep = full;
    for (let i = 0; i < 100; i++) {
      deep = zoom(deep, full, 'bytes', 10, anchor);
    }
    assert.ok(Math.abs(deep.byteTo - deep.byteFrom - MIN_BYTE_SPAN) < 1e-6);
    assert.deepEqual(zoom(z, full, 'bytes', 1e-9, anchor), full, 'zooming out stops at the whole arena');
    const lines = zoom(full, full, 'lines', 2, 100);
    assert.ok(lines.lineTo - lines.lineFrom < full.lineTo - full.lineFrom);
    assert.equal(lines.byteTo, full.byteTo);
  });

  it('double-click focus makes a tiny buffer a quarter of the chart', () => {
    const full = fitViewport(space);
    const b = buffer('%row_max');
    const f = focusOn(b, full, full);
    assert.equal(f.byteTo - f.byteFrom, b.bytes! * 4);
    assert.ok(f.byteFrom <= b.offset! && b.offset! + b.bytes! <= f.byteTo);
    assert.equal(bufferBox(b, f, 1000, 400)!.height, 100);
  });

  it('pans within the arena', () => {
    const full = fitViewport(space);
    const z = zoom(full, full, 'bytes', 4, 0);
    assert.equal(pan(z, full, 0, -1e9).byteFrom, 0);
    assert.equal(pan(z, full, 0, 1e9).byteTo, full.byteTo);
    assert.equal(pan(full, full, 5, 5).lineFrom, full.lineFrom);
  });

  it('ticks are round', () => {
    assert.deepEqual(ticks(37, 241, 4), [50, 100, 150, 200]);
    assert.deepEqual(byteTicks(0, 849347, 5), [0, 262144, 524288, 786432]);
    assert.deepEqual(ticks(5, 5, 3), []);
  });
});

describe('the words', () => {
  it('sizes', () => {
    assert.equal(formatBytes(512), '512 B');
    assert.equal(formatBytes(16384), '16 KiB');
    assert.equal(formatBytes(1443840), '1.4 MiB');
    assert.equal(describeBytes(131072), '131,072 bytes (128 KiB)');
    assert.equal(describeBytes(512), '512 bytes');
    assert.equal(describeBytes(null), 'dynamic');
  });

  it('the tooltip names the buffer, its bytes, live lines, offset and space', () => {
    const t = tooltipRows(buffer('%row_max'), 'default');
    assert.equal(t.title, '%row_max');
    assert.deepEqual(t.rows, [
      ['size', '512 bytes'],
      ['live', 'lines 84–117'],
      ['offset', '196,608'],
      ['space', 'default'],
    ]);
    const outside = tooltipRows({ ...buffer('%q'), offset: null, bytes: null, unplanned: 'dynamic size' }, 'default');
    assert.deepEqual(outside.rows[2], ['arena', 'not in it (dynamic size)']);
  });

  it('the summary of a space', () => {
    assert.equal(spaceSummary(space), 'peak 768 KiB · lower bound 768 KiB · without reuse 1.4 MiB · 13 buffers in the arena · optimal (greedy-by-size)');
    assert.equal(spaceSummary({ ...space, error: 'sizes overflow' }), 'cannot be planned: sizes overflow');
  });
});
