import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { contentSecurityPolicy, escapeAttribute, escapeHtml, newNonce, planPageHtml, scriptSafeJson } from '../src/planPage';
import { isPlanAnswer, planParams, readViewMessage } from '../src/planProtocol';

const root = path.resolve(__dirname, '..', '..');
const recorded = JSON.parse(fs.readFileSync(path.join(root, 'test', 'fixtures', 'plan-transformer_block_gpu.json'), 'utf8'));

describe('planPageHtml', () => {
  const page = planPageHtml({
    nonce: 'N0nce',
    cspSource: 'vscode-webview:',
    scriptUri: 'vscode-webview-resource:/ext/dist/planView.js',
    title: 'Memory plan: <x>.mlir',
    initial: { type: 'plan', plan: recorded.answers[0], file: 'a.mlir' },
  });

  it('has a strict CSP: scripts and styles only with the nonce', () => {
    const csp = contentSecurityPolicy('N0nce', 'vscode-webview:');
    assert.equal(
      csp,
      "default-src 'none'; script-src 'nonce-N0nce'; style-src vscode-webview: 'nonce-N0nce'; font-src vscode-webview:; img-src data:; base-uri 'none'; form-action 'none'",
    );
    assert.ok(page.includes(`<meta http-equiv="Content-Security-Policy" content="${csp}">`));
    const tags = [...page.matchAll(/<(script|style)\b([^>]*)>/g)];
    assert.equal(tags.length, 3);
    for (const t of tags) {
      assert.match(t[2], /nonce="N0nce"/);
    }
    assert.match(page, /<script nonce="N0nce" src="vscode-webview-resource:\/ext\/dist\/planView\.js"><\/script>/);
    assert.ok(!/\son[a-z]+=/i.test(page), 'no inline event handlers');
  });

  it('holds the initial plan as inert JSON that cannot close its element', () => {
    const data = /<script type="application\/json" id="memlint-plan-data" nonce="N0nce">([^<]*)<\/script>/.exec(page);
    assert.ok(data);
    assert.deepEqual(JSON.parse(data[1]), { type: 'plan', plan: recorded.answers[0], file: 'a.mlir' });
    const evil = scriptSafeJson({ name: '</script><script>alert(1)</script>', sep: '\u2028' });
    assert.ok(!evil.includes('<') && !evil.includes('>') && !evil.includes('\u2028'));
    assert.deepEqual(JSON.parse(evil), { name: '</script><script>alert(1)</script>', sep: '\u2028' });
    assert.match(page, /<title>Memory plan: &lt;x&gt;\.mlir<\/title>/);
  });

  it('without a plan, has no data element', () => {
    const bare = planPageHtml({ nonce: 'n', cspSource: 's', scriptUri: 'u', title: 't' });
    assert.ok(!bare.includes('memlint-plan-data'));
  });

  it('escapes text and attributes', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    assert.equal(escapeAttribute(`'self' "x" <&>`), `'self' &quot;x&quot; &lt;&amp;&gt;`);
  });

  it('nonces are 32 characters of [A-Za-z0-9]', () => {
    const n = newNonce((k) => Uint8Array.from({ length: k }, (_, i) => i * 37));
    assert.match(n, /^[A-Za-z0-9]{32}$/);
  });
});

describe('planProtocol', () => {
  it('the recorded answers have the shape the view reads', () => {
    for (const a of recorded.answers) {
      assert.ok(isPlanAnswer(a));
    }
    assert.ok(isPlanAnswer({ version: 1, uri: 'u', functions: [], function: null }));
    assert.ok(!isPlanAnswer({ version: 2, uri: 'u', functions: [], function: null }));
    assert.ok(!isPlanAnswer({ version: 1, uri: 'u', functions: [], function: { name: 'f', spaces: [{}] } }));
    assert.ok(!isPlanAnswer(null));
  });

  it('reads only the messages the view may post', () => {
    const range = { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } };
    assert.deepEqual(readViewMessage({ type: 'ready', extra: 1 }), { type: 'ready' });
    assert.deepEqual(readViewMessage({ type: 'refresh' }), { type: 'refresh' });
    assert.deepEqual(readViewMessage({ type: 'selectFunction', name: 'f' }), { type: 'selectFunction', name: 'f' });
    assert.equal(readViewMessage({ type: 'selectFunction', name: '' }), undefined);
    assert.deepEqual(readViewMessage({ type: 'reveal', uri: 'file:///a.mlir', name: '%a', line: 2, range, x: 1 }), {
      type: 'reveal',
      uri: 'file:///a.mlir',
      name: '%a',
      line: 2,
      range,
    });
    assert.equal(readViewMessage({ type: 'reveal', uri: 'file:///a.mlir', name: '%a', line: 2, range: { start: { line: -1, character: 0 }, end: range.end } }), undefined);
    assert.equal(readViewMessage({ type: 'reveal', uri: 1, name: '%a', line: 2, range }), undefined);
    assert.equal(readViewMessage({ type: 'openExternal', url: 'https://x' }), undefined);
    assert.equal(readViewMessage('ready'), undefined);
    assert.equal(readViewMessage([]), undefined);
  });

  it('asks for a named function, else the one at the cursor', () => {
    assert.deepEqual(planParams('file:///a.mlir', 'f', { line: 3, character: 1 }), { textDocument: { uri: 'file:///a.mlir' }, function: 'f' });
    assert.deepEqual(planParams('file:///a.mlir', undefined, { line: 3, character: 1 }), {
      textDocument: { uri: 'file:///a.mlir' },
      position: { line: 3, character: 1 },
    });
    assert.deepEqual(planParams('file:///a.mlir'), { textDocument: { uri: 'file:///a.mlir' } });
  });
});
