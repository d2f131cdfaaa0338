// The memory-plan view's page script (bundled by esbuild into
// dist/planView.js; runs in the webview, or in a browser for the tests).
// It draws one function at a time, one SVG chart per memory space, and
// talks to the extension only through postMessage: `selectFunction` when
// the picker changes, `reveal` when a buffer is clicked, `refresh`.
// Everything from the plan goes into the page as text (textContent,
// attributes), never as markup.

import type { FromViewMessage, PlanAnswer, PlanBuffer, PlanSpace, ToViewMessage } from '../src/planProtocol';
import {
  Viewport,
  bufferBox,
  byteTicks,
  byteToY,
  fitViewport,
  focusOn,
  formatBytes,
  inArena,
  lineToX,
  pan,
  spaceSummary,
  ticks,
  tooltipRows,
  xToLine,
  yToByte,
  zoom,
} from './planLayout';

interface VsCodeApi {
  postMessage(message: FromViewMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const SVG_NS = 'http://www.w3.org/2000/svg';
const CHART_HEIGHT = 260;
const GUTTER_LEFT = 72;
const GUTTER_BOTTOM = 22;
const GUTTER_TOP = 20;
const GUTTER_RIGHT = 12;
const COLORS = 8;

const vscode = acquireVsCodeApi();
let answer: PlanAnswer | undefined;
let fileName = '';
let note: string | undefined;
/** Zoom per space, kept while the same function is shown. */
let viewports = new Map<string, Viewport>();
let shownFunction: string | undefined;
let charts: Chart[] = [];

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) {
    e.className = className;
  }
  if (text !== undefined) {
    e.textContent = text;
  }
  return e;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, String(v));
  }
  return e;
}

const root = document.getElementById('root')!;
const picker = document.getElementById('function') as HTMLSelectElement;
const status = document.getElementById('status')!;
const tooltip = document.getElementById('tooltip')!;

function post(message: FromViewMessage): void {
  vscode.postMessage(message);
}

// ---------------------------------------------------------------- tooltip

function showTooltip(b: PlanBuffer, space: string, clientX: number, clientY: number): void {
  const { title, rows } = tooltipRows(b, space);
  tooltip.replaceChildren();
  tooltip.appendChild(el('div', 'tt-title', title));
  const table = el('table');
  for (const [label, value] of rows) {
    const tr = el('tr');
    tr.appendChild(el('th', undefined, label));
    tr.appendChild(el('td', undefined, value));
    table.appendChild(tr);
  }
  tooltip.appendChild(table);
  tooltip.appendChild(el('div', 'tt-hint', 'click: show the allocation · double-click: zoom to it'));
  tooltip.hidden = false;
  const pad = 14;
  const w = tooltip.offsetWidth;
  const h = tooltip.offsetHeight;
  let x = clientX + pad;
  let y = clientY + pad;
  if (x + w > window.innerWidth - 4) {
    x = Math.max(4, clientX - pad - w);
  }
  if (y + h > window.innerHeight - 4) {
    y = Math.max(4, clientY - pad - h);
  }
  tooltip.style.left = `${x}px`;
  tooltip.style.top = `${y}px`;
}

function hideTooltip(): void {
  tooltip.hidden = true;
}

// ---------------------------------------------------------------- charts

function reveal(b: PlanBuffer): void {
  if (answer) {
    post({ type: 'reveal', uri: answer.uri, name: b.name, line: b.line, range: b.range });
  }
}

/** One memory space's chart: redrawn in place on zoom and resize. */
class Chart {
  readonly section: HTMLElement;
  private readonly svgEl: SVGSVGElement;
  private readonly plot: SVGGElement;
  private readonly full: Viewport;
  private width = 600;
  private drag: { x: number; y: number; view: Viewport } | undefined;

  constructor(
    private readonly space: PlanSpace,
    private readonly index: number,
  ) {
    this.full = fitViewport(space);
    this.section = el('section', 'space');
    this.section.dataset.space = space.space;
    const header = el('div', 'space-header');
    header.appendChild(el('h2', undefined, `space ${space.space}`));
    header.appendChild(el('span', 'summary', spaceSummary(space)));
    const tools = el('span', 'zoom-tools');
    const button = (label: string, title: string, action: () => void) => {
      const b = el('button', 'zoom', label);
      b.title = title;
      b.setAttribute('aria-label', title);
      b.addEventListener('click', action);
      tools.appendChild(b);
    };
    button('+', 'Zoom in on bytes', () => this.zoomCenter(2));
    button('−', 'Zoom out on bytes', () => this.zoomCenter(0.5));
    button('Fit', 'Show the whole arena', () => this.setView(this.full));
    header.appendChild(tools);
    this.section.appendChild(header);

    this.svgEl = svg('svg', { class: 'chart', height: CHART_HEIGHT, role: 'group' });
    this.svgEl.setAttribute('aria-label', `arena of space ${space.space}`);
    this.plot = svg('g');
    this.svgEl.appendChild(this.plot);
    this.section.appendChild(this.svgEl);
    this.attachEvents();

    const outside = space.buffers.filter((b) => !inArena(b));
    if (outside.length > 0) {
      this.section.appendChild(outsideTable(outside, space.space));
    }
  }

  private get view(): Viewport {
    return viewports.get(this.space.space) ?? this.full;
  }

  private setView(v: Viewport): void {
    viewports.set(this.space.space, v);
    this.draw();
  }

  private plotWidth(): number {
    return Math.max(50, this.width - GUTTER_LEFT - GUTTER_RIGHT);
  }

  private plotHeight(): number {
    return CHART_HEIGHT - GUTTER_TOP - GUTTER_BOTTOM;
  }

  private zoomCenter(factor: number): void {
    const v = this.view;
    this.setView(zoom(v, this.full, 'bytes', factor, (v.byteFrom + v.byteTo) / 2));
  }

  private bufferAt(target: EventTarget | null): PlanBuffer | undefined {
    const t = target as Element | null;
    const i = t?.getAttribute?.('data-buffer');
    return i === null || i === undefined ? undefined : this.space.buffers[Number(i)];
  }

  private attachEvents(): void {
    const s = this.svgEl;
    s.addEventListener('mousemove', (e) => {
      if (this.drag) {
        const v = this.drag.view;
        const dl = ((this.drag.x - e.clientX) / this.plotWidth()) * (v.lineTo - v.lineFrom);
        const db = ((this.drag.y - e.clientY) / this.plotHeight()) * (v.byteTo - v.byteFrom);
        this.setView(pan(v, this.full, dl, db));
        return;
      }
      const b = this.bufferAt(e.target);
      if (b) {
        showTooltip(b, this.space.space, e.clientX, e.clientY);
      } else {
        hideTooltip();
      }
    });
    s.addEventListener('mouseleave', () => {
      hideTooltip();
      this.drag = undefined;
    });
    s.addEventListener('mousedown', (e) => {
      if (e.button === 0 && !this.bufferAt(e.target)) {
        this.drag = { x: e.clientX, y: e.clientY, view: this.view };
        e.preventDefault();
      }
    });
    s.addEventListener('click', (e) => {
      const b = this.bufferAt(e.target);
      // The second click of a double-click (zoom) reveals nothing more.
      if (b && e.detail <= 1) {
        reveal(b);
      }
    });
    s.addEventListener('dblclick', (e) => {
      const b = this.bufferAt(e.target);
      if (b) {
        this.setView(focusOn(b, this.view, this.full));
      }
    });
    s.addEventListener('keydown', (e) => {
      const b = this.bufferAt(e.target);
      if (b && (e.key === 'Enter' || e.key === ' ')) {
        reveal(b);
        e.preventDefault();
      }
    });
    s.addEventListener('focusin', (e) => {
      const b = this.bufferAt(e.target);
      if (b) {
        const r = (e.target as Element).getBoundingClientRect();
        showTooltip(b, this.space.space, r.right, r.bottom);
      }
    });
    s.addEventListener('focusout', hideTooltip);
    s.addEventListener(
      'wheel',
      (e) => {
        const rect = s.getBoundingClientRect();
        const x = e.clientX - rect.left - GUTTER_LEFT;
        const y = e.clientY - rect.top - GUTTER_TOP;
        // A notch (100 pixels) zooms by half again; a touchpad's small steps by less.
        const notches = Math.max(-3, Math.min(3, -e.deltaY / (e.deltaMode === 0 ? 100 : 3)));
        const factor = Math.pow(1.5, notches);
        const v = this.view;
        this.setView(
          e.shiftKey
            ? zoom(v, this.full, 'lines', factor, xToLine(x, v, this.plotWidth()))
            : zoom(v, this.full, 'bytes', factor, yToByte(y, v, this.plotHeight())),
        );
        e.preventDefault();
      },
      { passive: false },
    );
  }

  endDrag(): void {
    this.drag = undefined;
  }

  draw(): void {
    this.width = Math.max(200, this.section.clientWidth || root.clientWidth || 600);
    this.svgEl.setAttribute('width', String(this.width));
    this.svgEl.setAttribute('viewBox', `0 0 ${this.width} ${CHART_HEIGHT}`);
    const w = this.plotWidth();
    const h = this.plotHeight();
    const v = this.view;
    const plot = this.plot;
    plot.replaceChildren();

    // Axes: bytes down the left, lines along the bottom.
    const axes = svg('g', { class: 'axes' });
    for (const t of byteTicks(v.byteFrom, v.byteTo, 5)) {
      const y = byteToY(t, v, h);
      if (y === undefined) {
        continue;
      }
      axes.appendChild(svg('line', { class: 'grid', x1: GUTTER_LEFT, x2: GUTTER_LEFT + w, y1: GUTTER_TOP + y, y2: GUTTER_TOP + y }));
      const label = svg('text', { class: 'tick', x: GUTTER_LEFT - 6, y: GUTTER_TOP + y + 4, 'text-anchor': 'end' });
      label.textContent = formatBytes(t);
      axes.appendChild(label);
    }
    for (const t of ticks(v.lineFrom, v.lineTo, Math.max(2, Math.floor(w / 70)))) {
      if (!Number.isInteger(t)) {
        continue;
      }
      const x = lineToX(t, v, w);
      if (x === undefined) {
        continue;
      }
      const label = svg('text', { class: 'tick', x: GUTTER_LEFT + x, y: GUTTER_TOP + h + 16, 'text-anchor': 'middle' });
      label.textContent = String(t);
      axes.appendChild(label);
    }
    axes.appendChild(svg('rect', { class: 'frame', x: GUTTER_LEFT, y: GUTTER_TOP, width: w, height: h }));
    plot.appendChild(axes);

    // Buffers, clipped to the plot.
    const clipId = `clip-${this.index}`;
    const defs = svg('defs');
    const clip = svg('clipPath', { id: clipId });
    clip.appendChild(svg('rect', { x: 0, y: 0, width: w, height: h }));
    defs.appendChild(clip);
    plot.appendChild(defs);
    const area = svg('g', { transform: `translate(${GUTTER_LEFT},${GUTTER_TOP})`, 'clip-path': `url(#${clipId})` });
    this.space.buffers.forEach((b, i) => {
      const box = bufferBox(b, v, w, h);
      if (!box) {
        return;
      }
      const r = svg('rect', {
        class: `buffer c${i % COLORS}`,
        x: box.x.toFixed(2),
        y: box.y.toFixed(2),
        width: box.width.toFixed(2),
        height: box.height.toFixed(2),
        'data-buffer': i,
        'data-name': b.name,
        tabindex: 0,
        role: 'button',
      });
      r.setAttribute('aria-label', `${b.name}: ${tooltipRows(b, this.space.space).rows.map(([k, val]) => `${k} ${val}`).join(', ')}`);
      area.appendChild(r);
      if (box.width > 40 && box.height > 14) {
        const label = svg('text', { class: 'buffer-label', x: box.x + 4, y: box.y + Math.min(box.height - 4, 13) });
        label.textContent = b.name;
        area.appendChild(label);
      }
    });

    // Reference lines: the peak, the lower bound, and where the most is live.
    // The peak's label goes below its line (nothing is drawn there), the
    // lower bound's above its own.
    const mark = (bytes: number, cls: string, text: string, below: boolean) => {
      const y = byteToY(bytes, v, h);
      if (y === undefined) {
        return;
      }
      area.appendChild(svg('line', { class: `mark ${cls}`, x1: 0, x2: w, y1: y, y2: y }));
      const labelY = below ? (y + 13 <= h ? y + 13 : y - 4) : y > 14 ? y - 4 : y + 13;
      const label = svg('text', { class: `mark-label ${cls}`, x: w - 4, y: labelY, 'text-anchor': 'end' });
      label.textContent = text;
      area.appendChild(label);
    };
    const s = this.space;
    if (!s.error) {
      if (s.peak_bytes === s.lower_bound_bytes) {
        mark(s.peak_bytes, 'peak', `peak = lower bound ${formatBytes(s.peak_bytes)}`, true);
      } else {
        mark(s.lower_bound_bytes, 'lower-bound', `lower bound ${formatBytes(s.lower_bound_bytes)}`, false);
        mark(s.peak_bytes, 'peak', `peak ${formatBytes(s.peak_bytes)}`, true);
      }
    }
    plot.appendChild(area);
    // Where the most bytes are live: a line across the plot, labelled above it.
    if (s.max_live_line > 0) {
      const x = lineToX(s.max_live_line, v, w);
      if (x !== undefined) {
        plot.appendChild(svg('line', { class: 'mark max-live', x1: GUTTER_LEFT + x, x2: GUTTER_LEFT + x, y1: GUTTER_TOP - 4, y2: GUTTER_TOP + h }));
        const right = x > w / 2;
        const label = svg('text', {
          class: 'mark-label max-live',
          x: GUTTER_LEFT + x + (right ? -4 : 4),
          y: GUTTER_TOP - 6,
          'text-anchor': right ? 'end' : 'start',
        });
        label.textContent = `most bytes live: line ${s.max_live_line}`;
        plot.appendChild(label);
      }
    }
  }
}

function outsideTable(buffers: PlanBuffer[], space: string): HTMLElement {
  const wrap = el('div', 'outside');
  wrap.appendChild(el('h3', undefined, 'Not in the arena'));
  const table = el('table');
  const head = el('tr');
  for (const h of ['buffer', 'size', 'live', 'why']) {
    head.appendChild(el('th', undefined, h));
  }
  table.appendChild(head);
  for (const b of buffers) {
    const tr = el('tr', 'outside-row');
    tr.tabIndex = 0;
    tr.dataset.name = b.name;
    const { rows } = tooltipRows(b, space);
    tr.appendChild(el('td', undefined, b.name));
    tr.appendChild(el('td', undefined, rows[0][1]));
    tr.appendChild(el('td', undefined, rows[1][1]));
    tr.appendChild(el('td', undefined, b.unplanned ?? ''));
    tr.addEventListener('click', () => reveal(b));
    tr.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        reveal(b);
      }
    });
    table.appendChild(tr);
  }
  wrap.appendChild(table);
  return wrap;
}

// ---------------------------------------------------------------- page

function setStatus(text: string, busy = false): void {
  status.textContent = text;
  status.classList.toggle('busy', busy);
}

function renderPicker(a: PlanAnswer): void {
  picker.replaceChildren();
  for (const f of a.functions) {
    const o = el('option', undefined, `@${f.name} — ${f.buffers} buffer${f.buffers === 1 ? '' : 's'}, line ${f.line}`);
    o.value = f.name;
    picker.appendChild(o);
  }
  picker.disabled = a.functions.length === 0;
  if (a.function) {
    picker.value = a.function.name;
  }
}

function render(): void {
  hideTooltip();
  charts = [];
  root.replaceChildren();
  if (!answer) {
    return;
  }
  renderPicker(answer);
  const lines: string[] = [];
  if (note) {
    lines.push(note);
  }
  if (answer.parseErrors > 0) {
    lines.push(`${answer.parseErrors} parse error${answer.parseErrors === 1 ? '' : 's'}: the functions they touch are not listed.`);
  }
  for (const l of lines) {
    root.appendChild(el('p', 'note', l));
  }
  const fn = answer.function;
  if (!fn) {
    root.appendChild(el('p', 'empty', answer.functions.length === 0 ? `No function with a body in ${fileName}.` : 'This function has no plan now (pick another).'));
    setStatus(fileName);
    return;
  }
  if (fn.name !== shownFunction) {
    viewports = new Map();
    shownFunction = fn.name;
  }
  setStatus(`${fileName} · @${fn.name} · alignment ${fn.alignment} bytes`);
  if (fn.spaces.length === 0) {
    root.appendChild(el('p', 'empty', `@${fn.name} allocates no buffers.`));
    return;
  }
  fn.spaces.forEach((s, i) => {
    const chart = new Chart(s, i);
    charts.push(chart);
    root.appendChild(chart.section);
  });
  for (const c of charts) {
    c.draw();
  }
  vscode.setState({ function: fn.name });
}

picker.addEventListener('change', () => {
  if (picker.value) {
    setStatus(`planning @${picker.value}…`, true);
    post({ type: 'selectFunction', name: picker.value });
  }
});
document.getElementById('refresh')!.addEventListener('click', () => {
  setStatus('planning…', true);
  post({ type: 'refresh' });
});

window.addEventListener('mouseup', () => charts.forEach((c) => c.endDrag()));

let resizeTimer: ReturnType<typeof setTimeout> | undefined;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => charts.forEach((c) => c.draw()), 50);
});

window.addEventListener('message', (event: MessageEvent) => {
  const m = event.data as ToViewMessage;
  if (m?.type === 'plan' && m.plan) {
    answer = m.plan;
    fileName = m.file;
    note = m.note;
    render();
  } else if (m?.type === 'status' && typeof m.message === 'string') {
    setStatus(m.message, m.busy === true);
  }
});

// A plan given with the page (the first one, or a recorded one in tests).
const initial = document.getElementById('memlint-plan-data');
let initialStatus: ToViewMessage | undefined;
if (initial?.textContent) {
  const m = JSON.parse(initial.textContent) as ToViewMessage;
  if (m.type === 'plan') {
    answer = m.plan;
    fileName = m.file;
    note = m.note;
  } else {
    initialStatus = m;
  }
}
render();
if (initialStatus?.type === 'status') {
  setStatus(initialStatus.message, initialStatus.busy === true);
}
post({ type: 'ready' });
