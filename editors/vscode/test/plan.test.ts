import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml, interpretPlanRun, planCommand, planHtml, PLAN_UNAVAILABLE } from '../src/plan';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';

describe('planCommand', () => {
  it('is `SERVER plan --format=svg FILE`, run beside the file', () => {
    assert.deepEqual(planCommand('/ws/build/cli/memlint', '/ws/test/a b.mlir'), {
      command: '/ws/build/cli/memlint',
      args: ['plan', '--format=svg', '/ws/test/a b.mlir'],
      cwd: '/ws/test',
    });
  });
});

describe('interpretPlanRun', () => {
  it('takes the SVG on exit 0 or 1, without what surrounds it', () => {
    assert.deepEqual(interpretPlanRun({ exitCode: 0, stdout: SVG + '\n', stderr: '' }), { kind: 'svg', svg: SVG });
    assert.deepEqual(interpretPlanRun({ exitCode: 1, stdout: `<?xml version="1.0"?>\n${SVG}\n`, stderr: 'a warning' }), {
      kind: 'svg',
      svg: SVG,
    });
  });

  it('is unavailable, with stderr, when plan fails or says it is unavailable', () => {
    const r = interpretPlanRun({ exitCode: 2, stdout: '', stderr: 'memlint: plan is unavailable in this build\n' });
    assert.deepEqual(r, { kind: 'unavailable', message: `${PLAN_UNAVAILABLE}: memlint: plan is unavailable in this build` });
    const parseError = interpretPlanRun({ exitCode: 2, stdout: SVG, stderr: 'a.mlir:3:5: error: expected type' });
    assert.equal(parseError.kind, 'unavailable');
  });

  it('is unavailable when the binary cannot be run or prints no SVG', () => {
    const missing = interpretPlanRun({ exitCode: null, stdout: '', stderr: '', error: 'spawn memlint ENOENT' });
    assert.deepEqual(missing, { kind: 'unavailable', message: `${PLAN_UNAVAILABLE}: spawn memlint ENOENT` });
    const noSvg = interpretPlanRun({ exitCode: 0, stdout: 'f: peak 4096 bytes\n', stderr: '' });
    assert.deepEqual(noSvg, { kind: 'unavailable', message: `${PLAN_UNAVAILABLE}: exit code 0, no SVG on stdout` });
    assert.equal(interpretPlanRun({ exitCode: 0, stdout: '<svg>unterminated', stderr: '' }).kind, 'unavailable');
  });
});

describe('planHtml', () => {
  it('holds the SVG only as a data: image under a strict CSP', () => {
    const evil = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const html = planHtml(evil, 'Memory plan: <x>.mlir');
    assert.ok(!html.includes('<script>'), 'no script in the page');
    assert.match(html, /content="default-src 'none'; img-src data:; style-src 'unsafe-inline';"/);
    assert.match(html, /<title>Memory plan: &lt;x&gt;\.mlir<\/title>/);
    const data = /src="data:image\/svg\+xml;base64,([^"]+)"/.exec(html);
    assert.ok(data);
    assert.equal(Buffer.from(data[1], 'base64').toString('utf8'), evil);
  });

  it('adds the note when given one', () => {
    assert.ok(!planHtml(SVG, 't').includes('class="note"'));
    assert.match(planHtml(SVG, 't', 'unsaved & changed'), /<p class="note">unsaved &amp; changed<\/p>/);
  });

  it('escapes the five HTML characters', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
