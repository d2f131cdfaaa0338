// The plan view's geometry and wording: no DOM, so node tests check it.
// A chart shows one memory space: program order (source lines) across,
// arena offset down; each buffer is a box from its first to its last live
// line and from its offset to offset + bytes.

import type { PlanBuffer, PlanSpace } from '../src/planProtocol';

/** What part of the plan the chart shows: lines [lineFrom, lineTo) across, bytes [byteFrom, byteTo) down. */
export interface Viewport {
  lineFrom: number;
  lineTo: number;
  byteFrom: number;
  byteTo: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Boxes are at least this many pixels each way, so the tiniest buffer can be seen and hovered. */
export const MIN_BOX_PX = 3;

export function inArena(b: PlanBuffer): b is PlanBuffer & { bytes: number; offset: number } {
  return b.offset !== null && b.bytes !== null;
}

/** The whole space: every buffer's lines, and bytes up to the larger of the peak, the lower bound and the last buffer's end. */
export function fitViewport(space: PlanSpace): Viewport {
  let lineFrom = Infinity;
  let lineTo = -Infinity;
  let byteTo = Math.max(space.peak_bytes, space.lower_bound_bytes);
  for (const b of space.buffers) {
    lineFrom = Math.min(lineFrom, b.live.start_line);
    lineTo = Math.max(lineTo, b.live.end_line + 1);
    if (inArena(b)) {
      byteTo = Math.max(byteTo, b.offset + b.bytes);
    }
  }
  if (space.max_live_line > 0) {
    lineFrom = Math.min(lineFrom, space.max_live_line);
    lineTo = Math.max(lineTo, space.max_live_line + 1);
  }
  if (!Number.isFinite(lineFrom)) {
    lineFrom = 1;
    lineTo = 2;
  }
  // Room below the peak for its label.
  return { lineFrom, lineTo: Math.max(lineTo, lineFrom + 1), byteFrom: 0, byteTo: Math.max(Math.ceil(byteTo * (1 + HEADROOM)), 1) };
}

/** The share of the arena added below the peak, where its label goes. */
export const HEADROOM = 0.08;

/**
 * The box of an arena buffer in a chart of `width` x `height` pixels, or
 * undefined when it is not in the arena or wholly outside the viewport.
 * Boxes smaller than MIN_BOX_PX are grown around their centre.
 */
export function bufferBox(b: PlanBuffer, view: Viewport, width: number, height: number): Box | undefined {
  if (!inArena(b)) {
    return undefined;
  }
  const xScale = width / (view.lineTo - view.lineFrom);
  const yScale = height / (view.byteTo - view.byteFrom);
  let x0 = (b.live.start_line - view.lineFrom) * xScale;
  let x1 = (b.live.end_line + 1 - view.lineFrom) * xScale;
  let y0 = (b.offset - view.byteFrom) * yScale;
  let y1 = (b.offset + b.bytes - view.byteFrom) * yScale;
  if (x1 < 0 || x0 > width || y1 < 0 || y0 > height) {
    return undefined;
  }
  if (x1 - x0 < MIN_BOX_PX) {
    const c = (x0 + x1) / 2;
    x0 = c - MIN_BOX_PX / 2;
    x1 = c + MIN_BOX_PX / 2;
  }
  if (y1 - y0 < MIN_BOX_PX) {
    const c = (y0 + y1) / 2;
    y0 = c - MIN_BOX_PX / 2;
    y1 = c + MIN_BOX_PX / 2;
  }
  // Clip to the chart (a zoomed-in box can be far larger than it).
  x0 = Math.max(x0, -1);
  y0 = Math.max(y0, -1);
  x1 = Math.min(x1, width + 1);
  y1 = Math.min(y1, height + 1);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The pixel row of byte `bytes`, or undefined when outside the viewport. */
export function byteToY(bytes: number, view: Viewport, height: number): number | undefined {
  if (bytes < view.byteFrom || bytes > view.byteTo) {
    return undefined;
  }
  return ((bytes - view.byteFrom) / (view.byteTo - view.byteFrom)) * height;
}

/** The pixel column where line `line` starts, or undefined when outside the viewport. */
export function lineToX(line: number, view: Viewport, width: number): number | undefined {
  if (line < view.lineFrom || line > view.lineTo) {
    return undefined;
  }
  return ((line - view.lineFrom) / (view.lineTo - view.lineFrom)) * width;
}

/** The byte at pixel row `y`. */
export function yToByte(y: number, view: Viewport, height: number): number {
  return view.byteFrom + (y / height) * (view.byteTo - view.byteFrom);
}

/** The line at pixel column `x`. */
export function xToLine(x: number, view: Viewport, width: number): number {
  return view.lineFrom + (x / width) * (view.lineTo - view.lineFrom);
}

/** The smallest byte range the chart zooms to. */
export const MIN_BYTE_SPAN = 16;
/** The fewest lines the chart zooms to. */
export const MIN_LINE_SPAN = 2;

/**
 * Zooms by `factor` (above 1: in) around `anchor`, on bytes or lines,
 * kept within `full` (the fitted viewport).
 */
export function zoom(view: Viewport, full: Viewport, axis: 'bytes' | 'lines', factor: number, anchor: number): Viewport {
  const [fromKey, toKey, minSpan] =
    axis === 'bytes' ? (['byteFrom', 'byteTo', MIN_BYTE_SPAN] as const) : (['lineFrom', 'lineTo', MIN_LINE_SPAN] as const);
  const lo = full[fromKey];
  const hi = full[toKey];
  const span = view[toKey] - view[fromKey];
  const newSpan = Math.min(hi - lo, Math.max(Math.min(minSpan, hi - lo), span / factor));
  const a = Math.min(Math.max(anchor, view[fromKey]), view[toKey]);
  const ratio = span > 0 ? (a - view[fromKey]) / span : 0.5;
  let from = a - ratio * newSpan;
  from = Math.min(Math.max(from, lo), hi - newSpan);
  return { ...view, [fromKey]: from, [toKey]: from + newSpan };
}

/** Moves the viewport by a number of lines and bytes, kept within `full`. */
export function pan(view: Viewport, full: Viewport, lines: number, bytes: number): Viewport {
  const clampShift = (from: number, to: number, lo: number, hi: number, d: number) =>
    Math.min(Math.max(d, lo - from), hi - to);
  const dl = clampShift(view.lineFrom, view.lineTo, full.lineFrom, full.lineTo, lines);
  const db = clampShift(view.byteFrom, view.byteTo, full.byteFrom, full.byteTo, bytes);
  return { lineFrom: view.lineFrom + dl, lineTo: view.lineTo + dl, byteFrom: view.byteFrom + db, byteTo: view.byteTo + db };
}

/** The viewport that shows buffer `b` with some room around it (all lines kept). */
export function focusOn(b: PlanBuffer, view: Viewport, full: Viewport): Viewport {
  if (!inArena(b)) {
    return view;
  }
  const span = Math.max(b.bytes * 4, MIN_BYTE_SPAN);
  let from = Math.max(full.byteFrom, b.offset + b.bytes / 2 - span / 2);
  const to = Math.min(full.byteTo, from + span);
  from = Math.max(full.byteFrom, to - span);
  return { ...view, byteFrom: from, byteTo: to };
}

/** "512 B", "16 KiB", "1.5 MiB". */
export function formatBytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let u = 0;
  while (Math.abs(v) >= 1024 && u + 1 < units.length) {
    v /= 1024;
    u++;
  }
  const text = u === 0 || Number.isInteger(v) ? String(Math.round(v)) : v.toFixed(1);
  return `${text} ${units[u]}`;
}

/** "786,432". */
export function withThousands(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "131,072 bytes (128 KiB)", "512 bytes", "dynamic". */
export function describeBytes(n: number | null): string {
  if (n === null) {
    return 'dynamic';
  }
  return n >= 1024 ? `${withThousands(n)} bytes (${formatBytes(n)})` : `${withThousands(n)} bytes`;
}

export function describeLines(b: PlanBuffer): string {
  return b.live.start_line === b.live.end_line ? `line ${b.live.start_line}` : `lines ${b.live.start_line}–${b.live.end_line}`;
}

/** The tooltip: a title and label/value rows. */
export function tooltipRows(b: PlanBuffer, space: string): { title: string; rows: [string, string][] } {
  const rows: [string, string][] = [
    ['size', describeBytes(b.bytes)],
    ['live', describeLines(b)],
  ];
  if (b.offset !== null) {
    rows.push(['offset', `${withThousands(b.offset)}`]);
  } else {
    rows.push(['arena', `not in it (${b.unplanned ?? 'not planned'})`]);
  }
  rows.push(['space', space]);
  return { title: b.name, rows };
}

/** The summary line of a space. */
export function spaceSummary(s: PlanSpace): string {
  if (s.error) {
    return `cannot be planned: ${s.error}`;
  }
  const parts = [`peak ${formatBytes(s.peak_bytes)}`, `lower bound ${formatBytes(s.lower_bound_bytes)}`, `without reuse ${formatBytes(s.no_reuse_bytes)}`];
  const arena = s.buffers.filter(inArena).length;
  const outside = s.buffers.length - arena;
  parts.push(`${arena} buffer${arena === 1 ? '' : 's'} in the arena` + (outside > 0 ? `, ${outside} outside` : ''));
  if (s.method) {
    parts.push(s.optimal ? `optimal (${s.method})` : s.method);
  }
  return parts.join(' · ');
}

/** About `count` round tick values in [from, to]. */
export function ticks(from: number, to: number, count: number): number[] {
  if (!(to > from) || count < 1) {
    return [];
  }
  const raw = (to - from) / count;
  const magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
  // The round step nearest above two thirds of the even one.
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s * 1.5 >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(from / step) * step; v <= to + step * 1e-9; v += step) {
    out.push(Math.round(v * 1e6) / 1e6);
  }
  return out;
}

/** Byte ticks at multiples of powers of two when the range is large enough (KiB, MiB read better). */
export function byteTicks(from: number, to: number, count: number): number[] {
  if (!(to > from) || count < 1) {
    return [];
  }
  const raw = (to - from) / count;
  let step = 1;
  while (step < raw) {
    step *= 2;
  }
  const out: number[] = [];
  for (let v = Math.ceil(from / step) * step; v <= to; v += step) {
    out.push(v);
  }
  return out;
}
