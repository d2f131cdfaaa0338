// memlint's diagnostics in an editor, for the README: Monaco (VS Code's
// editor component, npm monaco-editor) in Debian's chromium driven by
// playwright-core, showing what `memlint lint --format=json` really reports
// for examples/transformer_block.mlir. The diagnostics become Monaco markers
// as the extension's become VS Code's (severity, message, the check as a
// code linking to its page, source `memlint`, the related places), and the
// fixes become quick fixes. The test hovers the leak, checks the markers, the
// squiggles and the hover's text, and saves a screenshot (out/diagnostics.png;
// MEMLINT_UPDATE_SCREENSHOT=1 writes images/diagnostics.png, the README's).
//
//   npm run build-tests && npm run test:browser
// memlint: MEMLINT_BINARY, else build/cli/memlint of the repository.
// Chromium: MEMLINT_CHROMIUM, else `chromium` or `chromium-browser` on PATH.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, Browser } from 'playwright-core';
import { findChromium } from './chromium';

// Code passed to page.evaluate runs in the page; only its types are needed here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const window: any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any;

const root = path.resolve(__dirname, '..', '..');
const repo = path.resolve(root, '..', '..');
const EXAMPLE = 'examples/transformer_block.mlir';
const monacoDir = path.join(root, 'node_modules', 'monaco-editor', 'min');

interface Position {
  line: number;
  column: number;
}
interface Range {
  start: Position;
  end: Position;
}
/** One diagnostic of `memlint lint --format=json` (lines and columns 1-based). */
interface Diagnostic {
  check: string;
  severity: 'error' | 'warning' | 'note';
  message: string;
  range: Range;
  related?: { message: string; range: Range }[];
  fixes?: { title: string; safe: boolean; edits: { range: Range; newText: string }[] }[];
}

const binary = process.env.MEMLINT_BINARY || path.join(repo, 'build', 'cli', 'memlint');

/** memlint's findings for FILE (relative to the repository): exit 1 means "found some". */
function lint(binary: string, file: string): Diagnostic[] {
  const run = spawnSync(binary, ['lint', '--format=json', file], { cwd: repo, encoding: 'utf8' });
  assert.ok(run.status === 0 || run.status === 1, `memlint lint exited ${run.status}: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { files: { file: string; diagnostics: Diagnostic[] }[] };
  assert.equal(report.files.length, 1);
  return report.files[0].diagnostics;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.ttf': 'font/ttf',
};

// VS Code's look: an editor tab over the editor, Monaco's AMD loader.
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>memlint diagnostics</title><link rel="icon" href="data:,">
<style>
  html, body { margin: 0; height: 100%; background: #1e1e1e; overflow: hidden; }
  #tabs { height: 35px; background: #252526; display: flex; font: 13px 'DejaVu Sans', sans-serif; }
  #tab { background: #1e1e1e; color: #f48771; padding: 0 14px; line-height: 35px; border-top: 1px solid #0078d4; }
  #tab .count { margin-left: 8px; }
  #editor { position: absolute; top: 35px; left: 0; right: 0; bottom: 0; }
</style></head>
<body><div id="tabs"><div id="tab"></div></div><div id="editor"></div>
<script src="/vs/loader.js"></script>
<script>
  require.config({ paths: { vs: '/vs' } });
  require(['vs/editor/editor.main'], () => { window.__monacoLoaded = true; });
</script>
</body></html>`;

/** Serves PAGE at / and node_modules/monaco-editor/min/vs at /vs/. */
function serve(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/') {
      res.writeHead(200, { 'Content-Type': CONTENT_TYPES['.html'] });
      res.end(PAGE);
      return;
    }
    const file = path.join(monacoDir, path.normalize(decodeURIComponent(url.pathname)));
    if (!file.startsWith(monacoDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Setup {
  file: string;
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * Runs in the page: an MLIR tokenizer, the editor, memlint's diagnostics as
 * markers and its fixes as quick fixes, as the extension gives them to VS Code.
 */
function setUpEditor({ file, text, diagnostics }: Setup): void {
  const monaco = window.monaco;
  monaco.languages.register({ id: 'mlir', extensions: ['.mlir'] });
  monaco.languages.setMonarchTokensProvider('mlir', {
    types: ['index', 'bf16', 'f16', 'f32', 'f64', 'i1', 'i8', 'i16', 'i32', 'i64', 'memref', 'tensor', 'vector'],
    tokenizer: {
      root: [
        [/\/\/.*$/, 'comment'],
        [/[%^][\w$.-]+/, 'variable'],
        [/@[\w$.-]+/, 'type.identifier'],
        [/"[^"]*"/, 'string'],
        [/[a-z_]\w*\.[\w.]+/, 'keyword'],
        [/x(?=[\d?]|bf16|[fi]\d+|index)/, 'delimiter'],
        [/[a-zA-Z_]\w*/, { cases: { '@types': 'type', return: 'keyword', '@default': 'identifier' } }],
        [/\d+|\?/, 'number'],
      ],
    },
  });
  const uri = monaco.Uri.file(`/${file}`);
  const model = monaco.editor.createModel(text, 'mlir', uri);
  const editor = monaco.editor.create(document.getElementById('editor'), {
    model,
    theme: 'vs-dark',
    fontFamily: "'Droid Sans Mono', 'DejaVu Sans Mono', monospace",
    fontSize: 14,
    lineHeight: 19,
    automaticLayout: true,
    hover: { delay: 100 },
    glyphMargin: false,
  });
  const severities: Record<string, number> = {
    error: monaco.MarkerSeverity.Error,
    warning: monaco.MarkerSeverity.Warning,
    note: monaco.MarkerSeverity.Info,
  };
  const range = (r: Range) => ({ startLineNumber: r.start.line, startColumn: r.start.column, endLineNumber: r.end.line, endColumn: r.end.column });
  monaco.editor.setModelMarkers(
    model,
    'memlint',
    diagnostics.map((d) => ({
      severity: severities[d.severity] ?? monaco.MarkerSeverity.Warning,
      message: d.message,
      code: { value: d.check, target: monaco.Uri.parse(`https://memlint.dev/checks/${d.check}`) },
      source: 'memlint',
      ...range(d.range),
      relatedInformation: (d.related ?? []).map((r) => ({ resource: uri, message: r.message, ...range(r.range) })),
    })),
  );
  monaco.languages.registerCodeActionProvider('mlir', {
    provideCodeActions: (_model: unknown, _range: unknown, context: { markers: { code?: { value: string }; startLineNumber: number; startColumn: number }[] }) => ({
      actions: context.markers.flatMap((marker) => {
        const d = diagnostics.find((x) => x.check === marker.code?.value && x.range.start.line === marker.startLineNumber && x.range.start.column === marker.startColumn);
        return (d?.fixes ?? []).map((fix) => ({
          title: fix.title,
          kind: 'quickfix',
          diagnostics: [marker],
          isPreferred: fix.safe,
          edit: { edits: fix.edits.map((e) => ({ resource: uri, textEdit: { range: range(e.range), text: e.newText }, versionId: undefined })) },
        }));
      }),
      dispose: () => {},
    }),
  });
  const tab = document.getElementById('tab');
  tab.textContent = file.split('/').pop();
  const count = document.createElement('span');
  count.className = 'count';
  count.textContent = String(diagnostics.length);
  tab.appendChild(count);
  window.__editor = editor;
}

const chromiumPath = findChromium();
const skip =
  chromiumPath === undefined
    ? 'chromium not found'
    : !fs.existsSync(binary)
      ? `no memlint binary at ${binary} (build it, or set MEMLINT_BINARY)`
      : !fs.existsSync(path.join(monacoDir, 'vs', 'loader.js'))
        ? 'node_modules/monaco-editor is missing: run npm ci'
        : false;

describe("memlint's diagnostics in Monaco, in chromium", { skip }, () => {
  let browser: Browser;
  let server: http.Server;

  before(async () => {
    server = await serve();
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  it(`shows the findings of ${EXAMPLE} as squiggles, and the leak's message on hover`, async () => {
    const diagnostics = lint(binary, EXAMPLE);
    const leak = diagnostics.find((d) => d.check === 'leak');
    assert.ok(leak, `${EXAMPLE} has a leak: ${JSON.stringify(diagnostics.map((d) => d.check))}`);
    assert.ok(new Set(diagnostics.map((d) => d.check)).size >= 2, 'findings of more than one check');

    const page = await browser.newPage({ viewport: { width: 1120, height: 680 }, deviceScaleFactor: 1 });
    page.setDefaultTimeout(15000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') {
        errors.push(`console: ${m.text()}`);
      }
    });
    page.on('response', (r) => {
      if (r.status() >= 400) {
        errors.push(`${r.status()}: ${r.url()}`);
      }
    });
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => window.__monacoLoaded === true);
    const text = fs.readFileSync(path.join(repo, EXAMPLE), 'utf8');
    await page.evaluate(setUpEditor, { file: EXAMPLE, text, diagnostics });

    // One marker per diagnostic, as memlint gave them.
    const markers = (await page.evaluate(() =>
      window.monaco.editor.getModelMarkers({ owner: 'memlint' }).map((m: { code: { value: string }; message: string; startLineNumber: number; source: string }) => ({
        check: m.code.value,
        message: m.message,
        line: m.startLineNumber,
        source: m.source,
      })),
    )) as { check: string; message: string; line: number; source: string }[];
    assert.equal(markers.length, diagnostics.length);
    assert.deepEqual(
      markers.map((m) => `${m.source} ${m.check} ${m.line}: ${m.message}`).sort(),
      diagnostics.map((d) => `memlint ${d.check} ${d.range.start.line}: ${d.message}`).sort(),
    );

    // Squiggles of each severity found.
    const squiggle: Record<string, string> = { error: '.squiggly-error', warning: '.squiggly-warning', note: '.squiggly-info' };
    for (const severity of new Set(diagnostics.map((d) => d.severity))) {
      await page.waitForSelector(squiggle[severity]);
      assert.ok((await page.locator(squiggle[severity]).count()) > 0, `${squiggle[severity]} drawn`);
    }

    // Hover the middle of the leak's range.
    const at = await page.evaluate(({ line, column }) => {
      const editor = window.__editor;
      const p = editor.getScrolledVisiblePosition({ lineNumber: line, column });
      const box = editor.getDomNode().getBoundingClientRect();
      return { x: box.left + p.left, y: box.top + p.top + p.height / 2 };
    }, { line: leak.range.start.line, column: Math.floor((leak.range.start.column + leak.range.end.column) / 2) });
    await page.mouse.move(at.x - 30, at.y);
    await page.mouse.move(at.x, at.y, { steps: 4 });
    const hover = page.locator('.monaco-hover').filter({ hasText: leak.message });
    await hover.waitFor({ state: 'visible' });
    const hoverText = (await hover.textContent()) ?? '';
    assert.ok(hoverText.includes(leak.message), `the hover shows the leak's message: ${hoverText}`);
    // Source and code, the code a link to the check's page.
    assert.ok(hoverText.includes('memlint'), 'the source');
    assert.equal(await hover.locator('a.code-link').getAttribute('href'), 'https://memlint.dev/checks/leak');
    for (const r of leak.related ?? []) {
      assert.ok(hoverText.includes(r.message), `the hover shows the related place: ${r.message}`);
    }
    // The quick fix is offered once the code actions are in.
    await page.locator('.monaco-hover').getByText('Quick Fix', { exact: false }).waitFor({ state: 'visible' });
    assert.deepEqual(errors, []);

    const shot = path.join(root, 'out', 'diagnostics.png');
    fs.mkdirSync(path.dirname(shot), { recursive: true });
    await page.screenshot({ path: shot });
    if (process.env.MEMLINT_UPDATE_SCREENSHOT === '1') {
      fs.mkdirSync(path.join(root, 'images'), { recursive: true });
      fs.copyFileSync(shot, path.join(root, 'images', 'diagnostics.png'));
    }
    await page.close();
  });
});
