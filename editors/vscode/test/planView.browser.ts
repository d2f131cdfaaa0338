// The memory-plan page in a real browser: Debian's chromium driven by
// playwright-core. The page is the one planPage.ts makes for the webview,
// with dist/planView.js, loaded with plans the real server answered to
// `memlint/plan` (test/fixtures/, recorded by record-plan.ts). It checks the
// picture, the tooltip, the message a click posts, zoom, the function
// picker, and that the Content-Security-Policy blocks everything else; it
// saves a screenshot (out/plan-view.png; MEMLINT_UPDATE_SCREENSHOT=1 writes
// images/plan-view.png, the README's).
//
//   npm run build && npm run build-tests && npm run test:browser
// Chromium: MEMLINT_CHROMIUM, else `chromium` or `chromium-browser` on PATH.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, Browser, Page } from 'playwright-core';
import { planPageHtml } from '../src/planPage';
import type { FromViewMessage, PlanAnswer } from '../src/planProtocol';
import { findChromium } from './chromium';

// Code passed to page.evaluate runs in the page; only its types are needed here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const window: any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const document: any;
declare function requestAnimationFrame(callback: () => void): number;

const root = path.resolve(__dirname, '..', '..');
const ORIGIN = 'https://memlint-webview.test';
const NONCE = 'TestNonce0123456789abcdefABCDEF0';

interface Recording {
  source: string;
  answers: PlanAnswer[];
}

function recording(name: string): Recording {
  return JSON.parse(fs.readFileSync(path.join(root, 'test', 'fixtures', name), 'utf8')) as Recording;
}

interface PageProbe {
  posted: FromViewMessage[];
  violations: string[];
  errors: string[];
}

/** Serves the page (planPage.ts with `initial`) and dist/planView.js from a fake origin, as a webview would. */
async function openPage(browser: Browser, plan: PlanAnswer, file: string): Promise<{ page: Page; probe: () => Promise<PageProbe>; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 960, height: 640 }, deviceScaleFactor: 1 });
  page.setDefaultTimeout(5000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') {
      errors.push(`console: ${m.text()}`);
    }
  });
  const html = planPageHtml({
    nonce: NONCE,
    cspSource: ORIGIN,
    scriptUri: `${ORIGIN}/dist/planView.js`,
    title: `Memory plan: ${file}`,
    initial: { type: 'plan', plan, file },
  });
  const script = fs.readFileSync(path.join(root, 'dist', 'planView.js'), 'utf8');
  await page.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/index.html') {
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    }
    if (url.pathname === '/dist/planView.js') {
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: script });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  // What VS Code gives a webview: acquireVsCodeApi. Also counts CSP violations.
  await page.addInitScript(() => {
    const w = window as unknown as { __posted: unknown[]; __violations: string[]; acquireVsCodeApi: () => unknown };
    w.__posted = [];
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e: { violatedDirective: string; blockedURI: string }) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    let state: unknown;
    w.acquireVsCodeApi = () => ({
      postMessage: (m: unknown) => w.__posted.push(m),
      getState: () => state,
      setState: (s: unknown) => {
        state = s;
      },
    });
  });
  await page.goto(`${ORIGIN}/index.html`);
  const probe = async (): Promise<PageProbe> => {
    const got = await page.evaluate(() => {
      const w = window as unknown as { __posted: unknown[]; __violations: string[] };
      return { posted: w.__posted, violations: w.__violations };
    });
    return { posted: got.posted as FromViewMessage[], violations: got.violations, errors };
  };
  return { page, probe, errors };
}

const chromiumPath = findChromium();

describe('the plan view in chromium', { skip: chromiumPath === undefined ? 'chromium not found' : false }, () => {
  let browser: Browser;
  const gpu = recording('plan-transformer_block_gpu.json');
  const block = recording('plan-transformer_block.json');

  before(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  });

  after(async () => {
    await browser?.close();
  });

  it('draws every buffer of the function, the peak and lower bound, and says it is ready', async () => {
    const plan = gpu.answers[0];
    const { page, probe } = await openPage(browser, plan, 'transformer_block_gpu.mlir');
    const space = plan.function!.spaces[0];
    await page.waitForSelector('rect.buffer');
    assert.equal(await page.locator('rect.buffer').count(), space.buffers.length);
    assert.equal(await page.locator('#function option').count(), plan.functions.length);
    assert.equal(await page.locator('#function').inputValue(), plan.function!.name);
    // Peak = lower bound here: one line, labelled so.
    assert.match((await page.locator('.mark-label.peak').textContent()) ?? '', /peak = lower bound 768 KiB/);
    assert.match((await page.locator('.mark-label.max-live').textContent()) ?? '', new RegExp(`line ${space.max_live_line}`));
    assert.match((await page.locator('.summary').first().textContent()) ?? '', /peak 768 KiB · lower bound 768 KiB · without reuse 1\.4 MiB/);
    const p = await probe();
    assert.deepEqual(p.posted, [{ type: 'ready' }]);
    assert.deepEqual(p.violations, []);
    assert.deepEqual(p.errors, []);

    // Screenshot for the README, hovering a buffer so the tooltip shows.
    await page.locator('rect.buffer[data-name="%scores"]').hover();
    await page.waitForSelector('#tooltip:not([hidden])');
    const shot = path.join(root, 'out', 'plan-view.png');
    fs.mkdirSync(path.dirname(shot), { recursive: true });
    await page.screenshot({ path: shot, clip: { x: 0, y: 0, width: 960, height: 380 } });
    if (process.env.MEMLINT_UPDATE_SCREENSHOT === '1') {
      fs.mkdirSync(path.join(root, 'images'), { recursive: true });
      fs.copyFileSync(shot, path.join(root, 'images', 'plan-view.png'));
    }
    await page.close();
  });

  it('hovering a tiny buffer shows its name, bytes and live lines; clicking it posts reveal', async () => {
    const plan = gpu.answers[0];
    const { page, probe } = await openPage(browser, plan, 'transformer_block_gpu.mlir');
    const rowMax = plan.function!.spaces[0].buffers.find((b) => b.name === '%row_max')!;
    assert.equal(rowMax.bytes, 512, 'the recording has a 512-byte buffer in a 768 KiB arena');
    const rect = page.locator('rect.buffer[data-name="%row_max"]');
    const box = (await rect.boundingBox())!;
    assert.ok(box.height >= 3 && box.height < 5, `tiny but visible: ${box.height}px high`);
    // %row_sum, as tiny, starts a line later at the next 512 bytes and so
    // covers most of it: hover on the part left uncovered.
    const uncovered = { x: 2, y: 1 };
    await rect.hover({ position: uncovered });
    const tooltip = page.locator('#tooltip');
    await tooltip.waitFor({ state: 'visible' });
    const text = (await tooltip.textContent()) ?? '';
    assert.match(text, /%row_max/);
    assert.match(text, /512 bytes/);
    assert.match(text, new RegExp(`lines ${rowMax.live.start_line}–${rowMax.live.end_line}`));
    assert.match(text, new RegExp(`offset${rowMax.offset!.toLocaleString('en-US')}`));

    await rect.click({ position: uncovered });
    const p = await probe();
    assert.deepEqual(p.posted.at(-1), { type: 'reveal', uri: plan.uri, name: '%row_max', line: rowMax.line, range: rowMax.range });
    // Leaving the chart hides the tooltip.
    await page.mouse.move(5, 5);
    await tooltip.waitFor({ state: 'hidden' });

    // Keyboard: Enter on a focused buffer posts the same message.
    await rect.focus();
    await page.keyboard.press('Enter');
    assert.equal((await probe()).posted.filter((m) => m.type === 'reveal').length, 2);
    assert.deepEqual((await probe()).violations, []);
    await page.close();
  });

  it('zooms in on tiny buffers: double-click, wheel, buttons, fit', async () => {
    const plan = gpu.answers[0];
    const { page, probe } = await openPage(browser, plan, 'transformer_block_gpu.mlir');
    const height = async (name: string) => (await page.locator(`rect.buffer[data-name="${name}"]`).boundingBox())?.height ?? 0;
    const before = await height('%row_max');
    await page.locator('rect.buffer[data-name="%row_max"]').dblclick({ position: { x: 2, y: 1 } });
    const zoomed = await height('%row_max');
    assert.ok(zoomed > 40, `double-click zooms to the buffer: ${before}px -> ${zoomed}px`);
    assert.ok(await page.locator('.tick').first().isVisible());
    await page.getByRole('button', { name: 'Show the whole arena' }).click();
    assert.ok(Math.abs((await height('%row_max')) - before) < 0.5, 'fit restores the whole arena');
    // The wheel zooms around the pointer (kept on the buffer, as a user
    // would: the pointer is one pixel wide, more than a 512-byte buffer at first).
    for (let i = 0; i < 16; i++) {
      const box = (await page.locator('rect.buffer[data-name="%row_max"]').boundingBox())!;
      await page.mouse.move(box.x + 2, box.y + box.height / 2);
      await page.mouse.wheel(0, -100);
    }
    const wheeled = await height('%row_max');
    assert.ok(wheeled > before * 5, `the wheel zooms in: ${before}px -> ${wheeled}px`);
    await page.getByRole('button', { name: 'Zoom out on bytes' }).click();
    assert.ok((await height('%row_max')) < wheeled);
    // Zooming posts nothing; the double-click's first click revealed the buffer, once.
    assert.deepEqual(
      (await probe()).posted.map((m) => m.type),
      ['ready', 'reveal'],
    );
    await page.close();
  });

  it('the picker asks for another function and draws the plan that comes back', async () => {
    const [first, second] = block.answers;
    const { page, probe } = await openPage(browser, first, 'transformer_block.mlir');
    assert.equal(await page.locator('section.space').count(), first.function!.spaces.length);
    // A dynamic buffer is listed outside the arena, and clicking it reveals it.
    const outside = page.locator('.outside-row[data-name="%scores"]');
    assert.match((await outside.textContent()) ?? '', /dynamic size/);
    await outside.click();
    assert.equal((await probe()).posted.at(-1)?.type, 'reveal');

    await page.selectOption('#function', second.function!.name);
    assert.deepEqual((await probe()).posted.at(-1), { type: 'selectFunction', name: second.function!.name });
    assert.match((await page.locator('#status').textContent()) ?? '', /planning/);
    // The extension's answer.
    await page.evaluate((plan) => window.postMessage({ type: 'plan', plan, file: 'transformer_block.mlir' }, '*'), second);
    await page.waitForSelector('rect.buffer[data-name="%mean"]');
    assert.equal(await page.locator('rect.buffer').count(), second.function!.spaces[0].buffers.length);
    assert.equal(await page.locator('#function').inputValue(), second.function!.name);
    // Peak above the lower bound would show two lines; here they agree.
    assert.equal(await page.locator('.mark-label.peak').count(), 1);

    // A status message from the extension.
    await page.evaluate(() => window.postMessage({ type: 'status', message: 'The memlint language server is not running' }, '*'));
    assert.match((await page.locator('#status').textContent()) ?? '', /not running/);
    await page.locator('#refresh').click();
    assert.deepEqual((await probe()).posted.at(-1), { type: 'refresh' });
    assert.deepEqual((await probe()).errors, []);
    await page.close();
  });

  it('names from the plan are text, and the CSP lets no other script run', async () => {
    const plan = structuredClone(gpu.answers[0]);
    const evil = '<img src=x onerror="window.__pwned=1">';
    plan.function!.spaces[0].buffers[0].name = evil;
    plan.functions[0].name = `</script><script>window.__pwned=2</script>`;
    const { page, probe } = await openPage(browser, plan, '<b>x</b>.mlir');
    await page.waitForSelector('rect.buffer');
    assert.equal(await page.locator(`rect.buffer[data-name='${evil}']`).count(), 1);
    assert.equal(await page.locator('img').count(), 0);
    // An inline script without the nonce is refused.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__pwned = 3';
      document.body.appendChild(s);
    });
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    const p = await probe();
    assert.ok(p.violations.some((v) => v.startsWith('script-src')), `the CSP reported the blocked script: ${p.violations.join(', ')}`);
    assert.match(await page.title(), /<b>x<\/b>\.mlir/);
    await page.close();
  });

  it('a function of 5,000 buffers draws and zooms quickly', async () => {
    const base = gpu.answers[0];
    const template = base.function!.spaces[0];
    const buffers = Array.from({ length: 5000 }, (_, i) => {
      const start = 10 + ((i * 7) % 20000);
      return {
        ...template.buffers[0],
        name: `%b${i}`,
        line: start,
        bytes: 64 * (1 + (i % 50)),
        offset: 64 * ((i * 131) % 4096),
        live: { start_line: start, end_line: start + (i % 300) },
      };
    });
    const big: PlanAnswer = {
      ...base,
      functions: Array.from({ length: 2000 }, (_, i) => ({ name: `f${i}`, line: i * 10 + 1, buffers: 5 })),
      function: { ...base.function!, name: 'f0', spaces: [{ ...template, peak_bytes: 64 * 4096 + 3200, lower_bound_bytes: 200000, buffers }] },
    };
    const started = Date.now();
    const { page, probe } = await openPage(browser, big, 'big.mlir');
    await page.waitForSelector('rect.buffer');
    const loaded = Date.now() - started;
    assert.equal(await page.locator('rect.buffer').count(), 5000);
    assert.equal(await page.locator('#function option').count(), 2000);
    // Two lines: the lower bound under the peak.
    assert.equal(await page.locator('.mark.lower-bound').count(), 1);
    const zoomMs = await page.evaluate(async () => {
      const t0 = performance.now();
      for (let i = 0; i < 5; i++) {
        (document.querySelector('button.zoom') as { click(): void }).click();
      }
      await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      return (performance.now() - t0) / 5;
    });
    // Drawing it again, as when a new plan comes: the page's own cost.
    const redrawMs = await page.evaluate(async (plan) => {
      const t0 = performance.now();
      window.postMessage({ type: 'plan', plan, file: 'big.mlir' }, '*');
      await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      return performance.now() - t0;
    }, big);
    // Loose bounds (the machine may be busy): they catch a drawing that
    // grows worse than linearly, not a slow machine (on 2 busy cores, load
    // 10: 0.45-0.9 s to draw, 0.06-0.1 s a zoom step).
    assert.ok(redrawMs < 3000, `drawn in ${redrawMs.toFixed(0)} ms`);
    assert.ok(loaded < 15000, `loaded in ${loaded} ms`);
    assert.ok(zoomMs < 1000, `a zoom step redraws in ${zoomMs.toFixed(0)} ms`);
    assert.deepEqual((await probe()).errors, []);
    process.stdout.write(`# 5,000 buffers: page loaded in ${loaded} ms, drawn in ${redrawMs.toFixed(0)} ms, a zoom step ${zoomMs.toFixed(1)} ms\n`);
    await page.close();
  });

  it('an empty answer says so', async () => {
    const plan: PlanAnswer = { ...gpu.answers[0], functions: [], function: null };
    const { page, probe } = await openPage(browser, plan, 'empty.mlir');
    assert.match((await page.locator('.empty').textContent()) ?? '', /No function with a body in empty\.mlir/);
    assert.equal(await page.locator('#function').isDisabled(), true);
    assert.deepEqual((await probe()).errors, []);
    await page.close();
  });
});
