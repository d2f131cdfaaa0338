// End-to-end tests of `memlint lsp` driven by vscode-languageserver-protocol,
// the protocol library VS Code's own client is built on.
//
//   MEMLINT_BINARY=build/cli/memlint node --test test/lsp/
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const {execFileSync, spawnSync} = require('node:child_process');
const {Server, RawClient, rpc, memlintBinary, fileUri, applyEdits} =
    require('./client.js');
const {generate} = require('../../bench/lsp/gen.js');

const fixture = (name) => path.join(__dirname, 'fixtures', name);
const read = (name) => fs.readFileSync(fixture(name), 'utf8');

/** True when the binary was built with fixes/ (`memlint fix` exists). */
const haveFixes = (() => {
  const r = spawnSync(memlintBinary(), ['fix'], {encoding: 'utf8'});
  return !/unknown command/.test(r.stderr || '');
})();

/** The codes of `diagnostics`, sorted: what a test expects exactly. */
const codes = (diagnostics) => diagnostics.map((d) => d.code).sort();

/** `memlint lint --format=json` on `text`: [{check, range}] (0-based). */
function cliDiagnostics(text, args = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memlint-lsp-'));
  const file = path.join(dir, 'input.mlir');
  fs.writeFileSync(file, text);
  const r = spawnSync(memlintBinary(),
                      ['lint', '--format=json', ...args, file],
                      {encoding: 'utf8'});
  fs.rmSync(dir, {recursive: true});
  if (r.status === 2)
    return null; // does not parse
  const json = JSON.parse(r.stdout);
  return json.files[0].diagnostics.map((d) => ({
    code: d.check,
    range: `${d.range.start.line - 1}:${d.range.start.column - 1}-` +
           `${d.range.end.line - 1}:${d.range.end.column - 1}`,
  }));
}

function lspSummary(diagnostics) {
  return diagnostics.map((d) => ({
    code: d.code,
    range: `${d.range.start.line}:${d.range.start.character}-` +
           `${d.range.end.line}:${d.range.end.character}`,
  }));
}

const sortSummary = (list) =>
    [...list].sort((a, b) => (a.range + a.code).localeCompare(b.range + b.code));

async function withServer(args, capabilities, fn) {
  const server = new Server(args);
  try {
    const init = await server.initialize(capabilities);
    await fn(server, init);
  } finally {
    const exit = await server.shutdown();
    assert.ok(exit, 'server exits after shutdown/exit');
    assert.equal(exit.code, 0, `exit code; stderr:\n${server.stderr}`);
  }
}

const position = (line, character) => ({line, character});
// What the parser says of leaky.mlir without the load's type (first line).
const PARSE_ERROR_MESSAGE = "expected ':'";
const NOT_CHECKED_HREF = 'https://memlint.dev/checks/not-checked';

test('initialize declares its capabilities honestly', async () => {
  await withServer([], {}, async (server, init) => {
    const caps = init.capabilities;
    assert.equal(caps.textDocumentSync.change,
                 rpc.TextDocumentSyncKind.Incremental);
    assert.equal(caps.textDocumentSync.openClose, true);
    assert.equal(caps.hoverProvider, true);
    assert.equal(caps.inlayHintProvider, true);
    assert.deepEqual(caps.codeActionProvider.codeActionKinds,
                     ['quickfix', 'source.fixAll.memlint']);
    assert.equal(caps.codeActionProvider.resolveProvider, true);
    assert.equal(caps.positionEncoding, 'utf-16');
    assert.equal(init.serverInfo.name, 'memlint');
  });
  await withServer([], {general: {positionEncodings: ['utf-8', 'utf-16']}},
                   async (server, init) => {
                     assert.equal(init.capabilities.positionEncoding, 'utf-8');
                   });
});

test('a leaky file gets diagnostics with code, severity, related info',
     async () => {
  await withServer([], {}, async (server) => {
    const uri = fileUri(fixture('leaky.mlir'));
    const text = read('leaky.mlir');
    await server.open(uri, text);
    const p = await server.waitForVersion(uri, 1);
    assert.deepEqual(codes(p.diagnostics), ['double-free', 'leak'],
                     JSON.stringify(p.diagnostics));
    const leak = p.diagnostics.find((d) => d.code === 'leak');
    assert.equal(leak.source, 'memlint');
    assert.equal(leak.severity, rpc.DiagnosticSeverity.Warning);
    assert.deepEqual(leak.range.start, position(2, 7));
    assert.match(leak.message, /%a/);
    assert.equal(leak.relatedInformation.length, 1);
    assert.equal(leak.relatedInformation[0].location.uri, uri);
    assert.equal(leak.relatedInformation[0].location.range.start.line, 8);
    assert.match(leak.relatedInformation[0].message, /exits/);

    const df = p.diagnostics.find((d) => d.code === 'double-free');
    assert.equal(df.severity, rpc.DiagnosticSeverity.Error);
    assert.equal(df.range.start.line, 7);
    assert.deepEqual(df.relatedInformation.map((r) => r.location.range.start.line)
                         .sort(), [3, 6]);
    // Nothing in @fine; the same findings as `memlint lint`.
    assert.ok(p.diagnostics.every((d) => d.range.start.line < 10));
    assert.deepEqual(sortSummary(lspSummary(p.diagnostics)),
                     sortSummary(cliDiagnostics(text)));
  });
});

test('--checks narrows what is published', async () => {
  await withServer(['--checks=-leak'], {}, async (server) => {
    const uri = fileUri(fixture('leaky.mlir'));
    await server.open(uri, read('leaky.mlir'));
    const p = await server.waitForVersion(uri, 1);
    assert.deepEqual(p.diagnostics.map((d) => d.code), ['double-free']);
  });
});

test('code actions: a quickfix per fixable diagnostic; applying it ' +
     'removes the diagnostic', async (t) => {
  await withServer([], {}, async (server) => {
    const uri = fileUri(fixture('leaky.mlir'));
    let text = read('leaky.mlir');
    await server.open(uri, text);
    const p = await server.waitForVersion(uri, 1);
    const leak = p.diagnostics.find((d) => d.code === 'leak');
    const actions = await server.request('textDocument/codeAction', {
      textDocument: {uri},
      range: leak.range,
      context: {diagnostics: [leak], only: ['quickfix']},
    });
    assert.ok(Array.isArray(actions));
    for (const a of actions) {
      assert.equal(a.kind, 'quickfix');
      assert.equal(a.diagnostics.length, 1);
      assert.ok(a.diagnostics.every((d) => d.code && d.source === 'memlint'));
      assert.ok(a.edit && a.edit.changes && a.edit.changes[uri]);
    }
    if (!haveFixes) {
      t.diagnostic('memlint was built without fixes/: no quick fixes');
      assert.equal(actions.length, 0);
      return;
    }
    // The fix, then the suppression comment; both for the leak only.
    assert.deepEqual(actions.map((a) => a.title), [
      'Free %a with memref.dealloc after its last use',
      'Suppress with `// memlint: ignore[leak]`',
    ]);
    const fix = actions.find((a) => a.diagnostics[0].code === 'leak');
    assert.ok(fix, JSON.stringify(actions));
    assert.equal(fix.isPreferred, true);
    assert.deepEqual(fix.diagnostics[0].range, leak.range);
    text = applyEdits(text, fix.edit.changes[uri]);
    await server.change(uri, 2, [{text}]);
    const after = await server.waitForVersion(uri, 2);
    // The leak is gone; the double free of %b is all that is left.
    assert.deepEqual(codes(after.diagnostics), ['double-free'],
                     JSON.stringify(after.diagnostics));
  });
});

test('fix-all: source.fixAll.memlint, eager or resolved', async () => {
  for (const resolve of [false, true]) {
    const capabilities = resolve
        ? {textDocument: {codeAction: {resolveSupport: {properties: ['edit']}}}}
        : {};
    await withServer([], capabilities, async (server) => {
      const uri = fileUri(fixture('leaky.mlir'));
      let text = read('leaky.mlir');
      await server.open(uri, text);
      const p = await server.waitForVersion(uri, 1);
      let actions = await server.request('textDocument/codeAction', {
        textDocument: {uri},
        range: {start: position(0, 0), end: position(0, 0)},
        context: {diagnostics: [], only: ['source.fixAll']},
      });
      assert.ok(actions.every((a) => a.kind === 'source.fixAll.memlint'));
      if (!haveFixes) {
        // No finding carries a fix: no fix-all, eager or lazy.
        assert.equal(actions.length, 0, JSON.stringify(actions));
        return;
      }
      assert.equal(actions.length, 1, JSON.stringify(actions));
      let all = actions[0];
      if (resolve) {
        assert.equal(all.edit, undefined, 'edit left to codeAction/resolve');
        all = await server.request('codeAction/resolve', all);
      }
      // Free %a before the frees of %b; drop the second free of %b.
      assert.deepEqual(all.edit.changes[uri], [
        {range: {start: position(6, 0), end: position(6, 0)},
         newText: '  memref.dealloc %a : memref<16x16xf32>\n'},
        {range: {start: position(7, 0), end: position(8, 0)}, newText: ''},
      ]);
      text = applyEdits(text, all.edit.changes[uri]);
      await server.change(uri, 2, [{text}]);
      const after = await server.waitForVersion(uri, 2);
      assert.equal(p.diagnostics.length, 2);
      assert.deepEqual(after.diagnostics, []);
    });
  }
});

test('fix-all is offered only where a safe fix exists', async () => {
  const resolving =
      {textDocument : {codeAction : {resolveSupport : {properties : [ 'edit' ]}}}};
  await withServer([], resolving, async (server) => {
    // Freeing an argument: its only fix (dropping the free) is unsafe.
    const uri = 'untitled:unsafe.mlir';
    await server.open(uri, 'func.func @g(%a: memref<4xf32>) {\n' +
                               '  memref.dealloc %a : memref<4xf32>\n' +
                               '  return\n}\n');
    const p = await server.waitForVersion(uri, 1);
    assert.deepEqual(codes(p.diagnostics), [ 'invalid-free' ]);
    const ask = (only) => server.request('textDocument/codeAction', {
      textDocument : {uri},
      range : p.diagnostics[0].range,
      context : only ? {diagnostics : [], only} : {diagnostics : []},
    });
    const all = (actions) =>
        actions.filter((a) => a.kind === 'source.fixAll.memlint');
    assert.deepEqual(all(await ask([ 'source.fixAll' ])), []);
    assert.deepEqual(all(await ask([ 'source' ])), []);
    // Without `only` (the light bulb): never, not even computed.
    assert.deepEqual(all(await ask(null)), []);
    // The leaky fixture has safe fixes: offered when asked for by name.
    const leaky = fileUri(fixture('leaky.mlir'));
    await server.open(leaky, read('leaky.mlir'));
    await server.waitForVersion(leaky, 1);
    const offered = await server.request('textDocument/codeAction', {
      textDocument : {uri : leaky},
      range : {start : position(0, 0), end : position(0, 0)},
      context : {diagnostics : [], only : [ 'source.fixAll' ]},
    });
    assert.equal(all(offered).length, haveFixes ? 1 : 0);
  });
});

test('hover on an allocation: bytes, memory space, frees, live range',
     async () => {
  await withServer([], {}, async (server) => {
    const uri = fileUri(fixture('leaky.mlir'));
    await server.open(uri, read('leaky.mlir'));
    await server.waitForVersion(uri, 1);
    const hover = (line, character) => server.request(
        'textDocument/hover', {textDocument: {uri}, position: {line, character}});

    const onName = await hover(2, 3); // %a
    assert.equal(onName.contents.kind, 'markdown');
    const a = onName.contents.value;
    assert.match(a, /\*\*%a\*\*/);
    assert.match(a, /1,024 bytes/);
    assert.match(a, /memory space\*\*: default/);
    assert.match(a, /freed\*\*: nowhere/);
    assert.match(a, /live\*\*: lines 3–6/);
    assert.match(a, /leak/);
    assert.deepEqual(onName.range, {start: position(2, 2), end: position(2, 4)});

    const onOp = (await hover(3, 12)).contents.value; // memref.alloc of %b
    assert.match(onOp, /16 × %n bytes/);
    assert.match(onOp, /memory space\*\*: 1/);
    assert.match(onOp, /line 7 .*line 8/);

    const onUse = (await hover(5, 20)).contents.value; // %a in the load
    assert.match(onUse, /\*\*%a\*\*/);

    const stack = (await hover(12, 3)).contents.value; // memref.alloca
    assert.match(stack, /32 bytes/);
    assert.match(stack, /stack/);

    assert.equal(await hover(4, 2), null); // arith.constant
  });
});

test('inlay hints give the bytes of each allocation', async () => {
  await withServer([], {}, async (server) => {
    const uri = fileUri(fixture('leaky.mlir'));
    await server.open(uri, read('leaky.mlir'));
    await server.waitForVersion(uri, 1);
    const hints = await server.request('textDocument/inlayHint', {
      textDocument: {uri},
      range: {start: position(0, 0), end: position(100, 0)},
    });
    assert.deepEqual(hints.map((h) => [h.position.line, h.label]),
                     [[2, '1 KiB'], [3, '16 × %n B'], [12, '32 B'],
                      [13, '32 B']]);
    assert.ok(hints.every((h) => h.paddingLeft));
    const some = await server.request('textDocument/inlayHint', {
      textDocument: {uri},
      range: {start: position(12, 0), end: position(12, 80)},
    });
    assert.deepEqual(some.map((h) => h.position.line), [12]);
  });
});

/** `memlint plan --format=json FILE`. */
function cliPlan(file) {
  const r = spawnSync(memlintBinary(), ['plan', '--format=json', file],
                      {encoding: 'utf8'});
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test('memlint/plan: one function\'s plan, as memlint plan makes it, on ' +
     'the unsaved text', async () => {
  const example = path.join(__dirname, '..', '..', 'examples');
  for (const name of ['transformer_block.mlir', 'transformer_block_gpu.mlir']) {
    const file = path.join(example, name);
    const text = fs.readFileSync(file, 'utf8');
    const want = cliPlan(file);
    await withServer([], {}, async (server) => {
      const uri = fileUri(file);
      await server.open(uri, text);
      const plan = (params) =>
          server.request('memlint/plan', {textDocument: {uri}, ...params});
      const first = await plan({});
      assert.equal(first.version, 1);
      assert.equal(first.uri, uri);
      assert.equal(first.parseErrors, 0);
      assert.deepEqual(first.functions.map((f) => f.name),
                       want.functions.map((f) => f.name));
      for (const wf of want.functions) {
        const got = (await plan({function: wf.name})).function;
        assert.equal(got.name, wf.name);
        // The contract's Plan JSON fields agree exactly.
        const contract = got.spaces.map((s) => ({
          space: s.space,
          peak_bytes: s.peak_bytes,
          lower_bound_bytes: s.lower_bound_bytes,
          no_reuse_bytes: s.no_reuse_bytes,
          buffers: s.buffers.map((b) => ({name: b.name, line: b.line,
                                          bytes: b.bytes, offset: b.offset,
                                          live: b.live})),
        }));
        assert.deepEqual(contract, wf.spaces, `${name} @${wf.name}`);
        for (const s of got.spaces)
          for (const b of s.buffers) {
            // The range is the allocating op's, 0-based.
            assert.equal(b.range.start.line, b.line - 1);
            const lineText = text.split('\n')[b.line - 1];
            assert.ok(lineText.slice(b.range.start.character)
                          .match(/^(memref|gpu)\.alloc/),
                      `${b.name}: ${lineText}`);
            assert.equal(b.unplanned !== undefined, b.offset === null);
          }
      }
      // By position: the function around the cursor.
      const last = want.functions[want.functions.length - 1];
      const lastLine = first.functions[first.functions.length - 1].line;
      const byPosition = await plan({position: {line: lastLine, character: 0}});
      assert.equal(byPosition.function.name, last.name);
      assert.equal((await plan({function: 'no_such_function'})).function, null);
      await assert.rejects(plan({function: 42}), /function must be a string/);

      // Unsaved edits: three lines above everything move every plan down.
      await server.change(uri, 2, [{range: {start: position(0, 0),
                                            end: position(0, 0)},
                                    text: '\n\n\n'}]);
      const moved = await plan({function: last.name});
      assert.equal(moved.documentVersion, 2);
      const wantBuffers = last.spaces.flatMap((s) => s.buffers);
      const gotBuffers = moved.function.spaces.flatMap((s) => s.buffers);
      assert.deepEqual(gotBuffers.map((b) => b.line),
                       wantBuffers.map((b) => b.line + 3));
      assert.deepEqual(gotBuffers.map((b) => b.offset),
                       wantBuffers.map((b) => b.offset));
    });
  }
});

test('memlint/plan: a broken function is left out, the others stay',
     async () => {
  await withServer([], {}, async (server) => {
    const uri = 'untitled:plan.mlir';
    const text = fs.readFileSync(
        path.join(__dirname, '..', '..', 'examples', 'transformer_block.mlir'),
        'utf8');
    await server.open(uri, text.replace('%exp = memref.alloc() : memref<64x64xf32>',
                                        '%exp = memref.alloc() memref<64x64xf32>'));
    const answer = await server.request('memlint/plan', {textDocument: {uri}});
    assert.equal(answer.parseErrors, 1);
    assert.deepEqual(answer.functions.map((f) => f.name), ['attention_scores']);
    assert.equal(answer.function.name, 'attention_scores');
    assert.equal(await server.request(
                     'memlint/plan', {textDocument: {uri: 'untitled:none.mlir'}}),
                 null);
    await assert.rejects(server.request('memlint/plan', {}),
                         /needs textDocument.uri/);
  });
});

test('IR that does not parse: the parser error is published, and ' +
     'fixing it brings the findings back', async () => {
  await withServer([], {}, async (server) => {
    const uri = 'untitled:broken.mlir';
    const good = read('leaky.mlir');
    const broken = good.replace('%v = memref.load %a[%c0, %c0] :',
                                '%v = memref.load %a[%c0, %c0]');
    await server.open(uri, broken);
    const p1 = await server.waitForVersion(uri, 1);
    // @leaky is broken; @fine, which parses, has nothing to report.
    assert.equal(p1.diagnostics.length, 1, JSON.stringify(p1.diagnostics));
    const err = p1.diagnostics[0];
    assert.equal(err.severity, rpc.DiagnosticSeverity.Error);
    assert.equal(err.source, 'memlint');
    assert.equal(err.code, 'parse-error');
    assert.equal(err.message, PARSE_ERROR_MESSAGE);
    // Where `memlint lint` puts it: 6:32.
    assert.deepEqual(err.range.start, position(5, 31), JSON.stringify(err));

    await server.change(uri, 2, [{text: good}]);
    const p2 = await server.waitForVersion(uri, 2);
    assert.deepEqual(codes(p2.diagnostics), ['double-free', 'leak'],
                     JSON.stringify(p2.diagnostics));

    // Break one function of several with an incremental edit (brackets
    // still balanced: the split into operations is lexical), then undo it.
    const line = good.split('\n')[13];
    await server.change(
        uri, 3, [ {
          range : {start : position(13, 0), end : position(13, line.length)},
          text : '  %u = memref.alloc() memref<4xf64>'
        } ]);
    const p3 = await server.waitForVersion(uri, 3);
    // @fine is broken now: its error, and @leaky's findings meanwhile.
    const errors = p3.diagnostics.filter((d) => d.code === 'parse-error');
    assert.equal(errors.length, 1, JSON.stringify(p3.diagnostics));
    assert.equal(errors[0].range.start.line, 13);
    assert.deepEqual(
        lspSummary(p3.diagnostics.filter((d) => d.code !== 'parse-error')),
        lspSummary(p2.diagnostics));
    const stats =
        await server.request('memlint/analysisStats', {textDocument : {uri}});
    assert.equal(stats.opsAnalysed, 1);
    await server.change(uri, 4, [
      {range : {start : position(13, 0), end : position(13, 35)}, text : line}
    ]);
    const p4 = await server.waitForVersion(uri, 4);
    assert.deepEqual(lspSummary(p4.diagnostics), lspSummary(p2.diagnostics));
    // The repaired function is the text analysed at version 2: its results
    // are reused, nothing is analysed again.
    const after =
        await server.request('memlint/analysisStats', {textDocument : {uri}});
    assert.deepEqual([ after.opsTotal, after.opsAnalysed ], [ 2, 0 ]);
    // Repaired to a text not seen before: that function only.
    await server.change(uri, 5, [ {
      range : {start : position(13, 0), end : position(13, line.length)},
      text : line + ' // repaired'
    } ]);
    const p5 = await server.waitForVersion(uri, 5);
    assert.deepEqual(lspSummary(p5.diagnostics), lspSummary(p2.diagnostics));
    const fresh =
        await server.request('memlint/analysisStats', {textDocument : {uri}});
    assert.deepEqual([ fresh.opsTotal, fresh.opsAnalysed ], [ 2, 1 ]);
  });
});

test('200 rapid edits: only the final state is published', async (t) => {
  await withServer([], {}, async (server) => {
    const uri = fileUri(fixture('leaky.mlir'));
    const text = read('leaky.mlir');
    await server.open(uri, text);
    await server.waitForVersion(uri, 1);
    const before = server.publishesFor(uri).length;
    const first = text.split('\n')[0];
    let version = 1;
    const sends = [];
    for (let i = 1; i < 200; ++i)
      sends.push(server.change(uri, ++version, [{
        range: {start: position(0, 0), end: position(0, first.length + 10)},
        text: `// edit ${i} ${'x'.repeat(i % 7)}`,
      }]));
    // The last edit frees %a: only the final state lacks the leak.
    sends.push(server.change(uri, ++version, [{
      range: {start: position(8, 0), end: position(8, 0)},
      text: '  memref.dealloc %a : memref<16x16xf32>\n',
    }]));
    await Promise.all(sends);
    const last = await server.waitForVersion(uri, 201);
    await new Promise((r) => setTimeout(r, 300));
    const publishes = server.publishesFor(uri).slice(before);
    assert.equal(publishes[publishes.length - 1].version, 201);
    // Usually one or two; a loaded machine may split the burst a few times.
    assert.ok(publishes.length <= 40,
              `${publishes.length} publishes for 200 edits`);
    for (let i = 1; i < publishes.length; ++i)
      assert.ok(publishes[i].version > publishes[i - 1].version);
    assert.deepEqual(codes(last.diagnostics), ['double-free'],
                     JSON.stringify(last.diagnostics));
    t.diagnostic(`${publishes.length} publish(es) for 200 edits`);
  });
});

test('didClose publishes empty diagnostics', async () => {
  await withServer([], {}, async (server) => {
    const uri = fileUri(fixture('leaky.mlir'));
    await server.open(uri, read('leaky.mlir'));
    await server.waitForVersion(uri, 1);
    const n = server.publishesFor(uri).length;
    await server.close(uri);
    const p = await server.waitForPublish(uri, () => true, {from: n});
    assert.deepEqual(p.diagnostics, []);
  });
});

test('an edit re-analyses only the functions it can affect', async () => {
  await withServer([], {}, async (server) => {
    const {text, functions} = generate(2000);
    const uri = 'untitled:generated.mlir';
    await server.open(uri, text);
    await server.waitForVersion(uri, 1);
    const stats0 = await server.request('memlint/analysisStats',
                                        {textDocument: {uri}});
    assert.equal(stats0.mode, 'incremental');
    assert.equal(stats0.opsTotal, functions.length);
    // Fix the leak of the function in the middle (see bench/lsp/gen.py).
    const fn = functions[Math.floor(functions.length / 8) * 4];
    await server.change(uri, 2, [{
      range: {start: position(fn.firstLine + 14, 0),
              end: position(fn.firstLine + 15, 0)},
      text: '  memref.dealloc %c : memref<128xf32>\n',
    }]);
    const p = await server.waitForVersion(uri, 2);
    const stats = await server.request('memlint/analysisStats',
                                       {textDocument: {uri}});
    assert.equal(stats.version, 2);
    assert.equal(stats.opsAnalysed, 1);
    const edited = applyEdits(text, [{
      range: {start: position(fn.firstLine + 14, 0),
              end: position(fn.firstLine + 15, 0)},
      newText: '  memref.dealloc %c : memref<128xf32>\n',
    }]);
    assert.deepEqual(sortSummary(lspSummary(p.diagnostics)),
                     sortSummary(cliDiagnostics(edited)));
  });

  // A callee's edit re-analyses its callers.
  await withServer([], {}, async (server) => {
    const uri = fileUri(fixture('calls.mlir'));
    const text = read('calls.mlir');
    await server.open(uri, text);
    const p1 = await server.waitForVersion(uri, 1);
    assert.deepEqual(p1.diagnostics, []);
    const edited = text.replace(
        '  return %arg : memref<32xf32>',
        '  %m = memref.alloc() : memref<32xf32>\n  return %m : memref<32xf32>');
    await server.change(uri, 2, [{text: edited}]);
    const p2 = await server.waitForVersion(uri, 2);
    const stats = await server.request('memlint/analysisStats',
                                       {textDocument: {uri}});
    assert.equal(stats.opsAnalysed, 2, JSON.stringify(stats)); // @make, @user
    assert.deepEqual(sortSummary(lspSummary(p2.diagnostics)),
                     sortSummary(cliDiagnostics(edited)));
    assert.deepEqual(
        p2.diagnostics.filter((d) => d.code === 'leak')
            .map((d) => d.range.start.line),
        [8], JSON.stringify(p2.diagnostics));
  });
});

/** A small deterministic PRNG (mulberry32). */
function prng(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6D2B79F5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('incremental sync: random edits agree with memlint lint', async () => {
  await withServer([], {}, async (server) => {
    const uri = 'untitled:random.mlir';
    let text = generate(600).text + '\n' + read('calls.mlir');
    await server.open(uri, text);
    await server.waitForVersion(uri, 1);
    const random = prng(42);
    let version = 1;
    for (let i = 0; i < 40; ++i) {
      const lines = text.split('\n');
      const l = Math.floor(random() * lines.length);
      let edit;
      const kind = random();
      if (kind < 0.4) {
        // A comment, with characters outside the BMP and accents.
        edit = {range: {start: position(l, 0), end: position(l, 0)},
                newText: `// ŝtep ${i} 😀\n`};
      } else if (kind < 0.6 && lines[l].startsWith('// ')) {
        edit = {range: {start: position(l, 0), end: position(l + 1, 0)},
                newText: ''};
      } else if (/^  %unused\d+ = /.test(lines[l])) {
        edit = {range: {start: position(l, 0), end: position(l, lines[l].length)},
                newText: '  memref.dealloc %c : memref<128xf32>'};
      } else if (/^  memref\.dealloc %a /.test(lines[l])) {
        // Delete a free, after the first character of the line (UTF-16
        // columns in a line with nothing but ASCII are bytes too).
        edit = {range: {start: position(l, 1), end: position(l, lines[l].length)},
                newText: ' %keep = arith.constant 0 : index'};
      } else {
        // Replace a comment's tail in the middle of a line with emoji before.
        edit = {range: {start: position(0, 0), end: position(0, 0)},
                newText: '// 😀😀 top\n'};
      }
      text = applyEdits(text, [edit]);
      await server.change(uri, ++version,
                          [{range: edit.range, text: edit.newText}]);
    }
    const p = await server.waitForVersion(uri, version);
    assert.deepEqual(sortSummary(lspSummary(p.diagnostics)),
                     sortSummary(cliDiagnostics(text)));
  });
});

test('positions count UTF-16 code units, or bytes once UTF-8 is agreed',
     async () => {
  const text = read('unicode.mlir');
  const line = text.split('\n')[1];
  for (const [caps, end] of [
           [{}, line.length],
           [{general: {positionEncodings: ['utf-8']}}, Buffer.byteLength(line)]]) {
    await withServer([], caps, async (server) => {
      const uri = fileUri(fixture('unicode.mlir'));
      await server.open(uri, text);
      const p = await server.waitForVersion(uri, 1);
      assert.equal(p.diagnostics.length, 1);
      assert.deepEqual(p.diagnostics[0].range.end, position(1, end));
      // An edit at the end of that line lands where the client meant.
      await server.change(uri, 2, [{range: {start: position(1, end),
                                            end: position(1, end)},
                                    text: ' // ok'}]);
      const p2 = await server.waitForVersion(uri, 2);
      assert.deepEqual(p2.diagnostics[0].range, p.diagnostics[0].range);
    });
  }
});

test('$/cancelRequest answers a waiting request with RequestCancelled',
     async () => {
  await withServer(['--debounce-ms=3000'], {}, async (server) => {
    const uri = fileUri(fixture('leaky.mlir'));
    const text = read('leaky.mlir');
    await server.open(uri, text);
    await server.waitForVersion(uri, 1);
    // An edit right after another is held back for the debounce time, so
    // the statistics request below waits for its analysis (hover does not:
    // it is answered from the last result at once).
    await server.change(uri, 2, [{text: text + '\n'}]);
    const hover =
        await server.request('textDocument/hover',
                             {textDocument : {uri}, position : position(2, 3)});
    assert.match(hover.contents.value, /\*\*%a\*\*/);
    const source = new rpc.CancellationTokenSource();
    const pending = server.request('memlint/analysisStats',
                                   {textDocument : {uri}}, source.token);
    setTimeout(() => source.cancel(), 100);
    await assert.rejects(pending, (e) => e.code === -32800);
    // The analysis still completes.
    await server.waitForVersion(uri, 2);
  });
});

test('errors: unknown methods, before initialize, after shutdown', async () => {
  const server = new Server([]);
  await assert.rejects(
      server.request('textDocument/hover',
                     {textDocument: {uri: 'file:///x.mlir'},
                      position: position(0, 0)}),
      (e) => e.code === -32002);
  await server.initialize();
  await assert.rejects(server.request('memlint/noSuchMethod', {}),
                       (e) => e.code === rpc.ErrorCodes.MethodNotFound);
  await assert.rejects(server.request('textDocument/hover', {}),
                       (e) => e.code === rpc.ErrorCodes.InvalidParams);
  assert.equal(await server.request('shutdown'), null);
  await assert.rejects(server.request('textDocument/hover', {
    textDocument: {uri: 'file:///x.mlir'}, position: position(0, 0)}),
                       (e) => e.code === rpc.ErrorCodes.InvalidRequest);
  await server.conn.sendNotification('exit');
  assert.equal((await server.exited).code, 0);
  server.conn.dispose();
});

test('exit without shutdown, or the end of input, exits with 1', async () => {
  const a = new Server([]);
  await a.initialize();
  await a.conn.sendNotification('exit');
  assert.equal((await a.exited).code, 1);
  a.conn.dispose();

  const b = new RawClient([]);
  b.proc.stdin.end();
  assert.equal((await b.exited).code, 1);
});

test('malformed messages are answered with an error and survived',
     async () => {
  const c = new RawClient([]);
  let seen = 0;
  const next = async (pred) => {
    const m = await c.waitFor(pred, {from: seen});
    seen = c.messages.indexOf(m) + 1;
    return m;
  };
  const errorFor = (id, code) =>
      next((m) => m.error && m.id === id && m.error.code === code);
  try {
    c.send({jsonrpc: '2.0', id: 1, method: 'initialize',
            params: {processId: null, rootUri: null, capabilities: {}}});
    await next((m) => m.id === 1 && m.result);

    c.send('{this is not json');
    await errorFor(null, -32700);
    c.send('[1, 2, 3]');
    await errorFor(null, -32600);
    c.send({jsonrpc: '2.0', id: 7});
    await errorFor(7, -32600);
    c.send({jsonrpc: '1.0', id: 8, method: 'shutdown'});
    await errorFor(8, -32600);
    c.send({id: 9, method: 'textDocument/hover', params: {}});
    await errorFor(9, -32600);
    c.send({jsonrpc: '2.0', id: 10, method: 'textDocument/hover', params: 5});
    await errorFor(10, -32600);
    c.send({jsonrpc: '2.0', id: 11, method: 'textDocument/hover', params: {}});
    await errorFor(11, -32602);
    c.writeRaw('this is not a header\r\n\r\n');
    await errorFor(null, -32700);
    c.writeRaw('Content-Length: lots\r\n\r\n');
    await errorFor(null, -32700);
    // Junk in front of a header: the stream picks up again.
    c.writeRaw('junk');
    c.send({jsonrpc: '2.0', id: 12, method: 'memlint/noSuchMethod'});
    await errorFor(12, -32601);
    // A notification with bad params is dropped; the next one works.
    c.send({jsonrpc: '2.0', method: 'textDocument/didOpen',
            params: {textDocument: {uri: 42}}});
    c.send({jsonrpc: '2.0', method: 'textDocument/didOpen',
            params: {textDocument: {uri: 'untitled:x', languageId: 'mlir',
                                    version: 3, text: read('leaky.mlir')}}});
    const published = await next(
        (m) => m.method === 'textDocument/publishDiagnostics');
    assert.equal(published.params.version, 3);
    assert.deepEqual(published.params.diagnostics.map((d) => d.code),
                     ['leak', 'double-free']);

    c.send({jsonrpc: '2.0', id: 13, method: 'shutdown'});
    await next((m) => m.id === 13 && m.result === null);
    c.send({jsonrpc: '2.0', method: 'exit'});
    assert.equal((await c.exited).code, 0, c.stderr);
  } finally {
    c.kill();
  }
});

test('command line: bad options exit with 2; --no-incremental agrees',
     async () => {
  for (const args of [['--checks=no-such-check'], ['--capacity', 'SRAM'],
                      ['--debounce-ms=soon'], ['--frobnicate']]) {
    const r = spawnSync(memlintBinary(), ['lsp', ...args],
                        {encoding: 'utf8', input: ''});
    assert.equal(r.status, 2, `${args}: ${r.stderr}`);
    assert.match(r.stderr, /memlint lsp: /);
  }
  const text = generate(300).text;
  const results = [];
  for (const args of [['--no-incremental', '--capacity', 'SRAM=4096'], []]) {
    await withServer(args, {}, async (server) => {
      const uri = 'untitled:same.mlir';
      await server.open(uri, text);
      const p = await server.waitForVersion(uri, 1);
      const stats = await server.request('memlint/analysisStats',
                                         {textDocument: {uri}});
      results.push({mode: stats.mode, diagnostics: lspSummary(p.diagnostics)});
    });
  }
  assert.equal(results[0].mode, 'whole-file');
  assert.equal(results[1].mode, 'incremental');
  assert.deepEqual(results[0].diagnostics, results[1].diagnostics);
});

test('--verify-incremental: incremental analysis equals whole-file ' +
     'analysis on the fixtures', () => {
  const files = fs.readdirSync(path.join(__dirname, 'fixtures'))
                    .filter((f) => f.endsWith('.mlir')).map(fixture);
  const out = execFileSync(memlintBinary(),
                           ['lsp', '--verify-incremental', '--fixes',
                            '--samples=4', ...files],
                           {encoding: 'utf8'});
  assert.match(out, /verify-incremental: OK/);
});

test('each file\'s .memlint.json applies; a note is Information', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memlint-lsp-config-'));
  try {
    fs.writeFileSync(path.join(dir, '.memlint.json'),
                     JSON.stringify({severity: {leak: 'note'}}));
    const file = path.join(dir, 'leaky.mlir');
    fs.writeFileSync(file, read('leaky.mlir'));
    await withServer([], {}, async (server) => {
      const uri = fileUri(file);
      await server.open(uri, read('leaky.mlir'));
      const p = await server.waitForVersion(uri, 1);
      const leak = p.diagnostics.find((d) => d.code === 'leak');
      assert.equal(leak.severity, rpc.DiagnosticSeverity.Information);
      const df = p.diagnostics.find((d) => d.code === 'double-free');
      assert.equal(df.severity, rpc.DiagnosticSeverity.Error);
    });
  } finally {
    fs.rmSync(dir, {recursive: true});
  }
});

test('garbage edits never bring the server down', async () => {
  await withServer([], {}, async (server) => {
    const uri = 'untitled:garbage.mlir';
    let text = read('leaky.mlir') + read('calls.mlir');
    await server.open(uri, text);
    await server.waitForVersion(uri, 1);
    const random = prng(7);
    const junk = ['{', '}', '(', ')', '"', '@f', '%', ':', '//', '\n', 'x',
                  '<', '>', '^bb0:', 'module {', '#map = ', 'é'];
    let version = 1;
    for (let i = 0; i < 150; ++i) {
      const lines = text.split('\n');
      const l = Math.floor(random() * lines.length);
      const c = Math.floor(random() * (lines[l].length + 1));
      const del = random() < 0.3 ? Math.min(3, lines[l].length - c) : 0;
      const edit = {range: {start: position(l, c), end: position(l, c + del)},
                    newText: random() < 0.8
                        ? junk[Math.floor(random() * junk.length)] : ''};
      text = applyEdits(text, [edit]);
      await server.change(uri, ++version,
                          [{range: edit.range, text: edit.newText}]);
      if (i % 30 === 29) {
        // Now and then let it catch up, and compare with `memlint lint`.
        const p = await server.waitForVersion(uri, version);
        const cli = cliDiagnostics(text);
        if (cli === null)
          assert.ok(p.diagnostics.some((d) => d.severity === 1 &&
                                              d.code === 'parse-error'));
        else
          assert.deepEqual(sortSummary(lspSummary(p.diagnostics)),
                           sortSummary(cli));
      }
    }
    const stats = await server.request('memlint/analysisStats',
                                       {textDocument: {uri}});
    assert.equal(stats.version, version);
  });
});

test('a symbol defined twice is an error, as for the whole file', async () => {
  await withServer([], {}, async (server) => {
    const uri = 'untitled:twice.mlir';
    const text = read('calls.mlir');
    await server.open(uri, text);
    await server.waitForVersion(uri, 1);
    const twice = text.replace('func.func @other()', 'func.func @user()');
    await server.change(uri, 2, [{text: twice}]);
    const p = await server.waitForVersion(uri, 2);
    assert.equal(cliDiagnostics(twice), null);
    assert.equal(p.diagnostics.length, 1, JSON.stringify(p.diagnostics));
    assert.equal(p.diagnostics[0].severity, rpc.DiagnosticSeverity.Error);
    assert.match(p.diagnostics[0].message, /user/);
  });
});

test('a message nested 50,000 deep is refused, and the server stays up',
     async () => {
       const c = new RawClient([]);
       try {
         c.send({
           jsonrpc : '2.0',
           id : 1,
           method : 'initialize',
           params : {processId : null, rootUri : null, capabilities : {}}
         });
         await c.waitFor((m) => m.id === 1 && m.result);
         const deep = '['.repeat(50000) + ']'.repeat(50000);
         c.send(`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover",` +
                `"params":{"x":${deep}}}`);
         const err = await c.waitFor((m) => m.error && m.id === null);
         assert.deepEqual(err.error, {
           code : -32600,
           message : 'invalid request: nested deeper than 128 levels',
         });
         c.send({jsonrpc : '2.0', id : 3, method : 'shutdown'});
         await c.waitFor((m) => m.id === 3 && m.result === null);
         c.send({jsonrpc : '2.0', method : 'exit'});
         assert.equal((await c.exited).code, 0, c.stderr);
       } finally {
         c.kill();
       }
     });

test('a document over the size limit is one diagnostic; the server stays up',
     async () => {
       const big = read('leaky.mlir') + '// padding\n'.repeat(200);
       // From the command line...
       await withServer([ '--max-document-size=1000' ], {}, async (server) => {
         const uri = 'untitled:big.mlir';
         await server.open(uri, big);
         const p = await server.waitForVersion(uri, 1);
         assert.equal(p.diagnostics.length, 1, JSON.stringify(p.diagnostics));
         assert.equal(p.diagnostics[0].code, 'document-too-large');
         assert.equal(
             p.diagnostics[0].message,
             `the document is too large to analyse (${big.length} ` +
                 'bytes; the limit is 1000, set by --max-document-size or ' +
                 'the maxDocumentSize initialization option)');
         // ...and it stays up: a small document is analysed as ever.
         const small = fileUri(fixture('leaky.mlir'));
         await server.open(small, read('leaky.mlir'));
         const q = await server.waitForVersion(small, 1);
         assert.deepEqual(sortSummary(lspSummary(q.diagnostics)),
                          sortSummary(cliDiagnostics(read('leaky.mlir'))));
       });
       // ...or from initializationOptions.
       await withOptions({maxDocumentSize : 2000}, async (server) => {
         await server.open('untitled:big.mlir', big);
         const p = await server.waitForVersion('untitled:big.mlir', 1);
         assert.deepEqual(p.diagnostics.map((d) => d.code),
                          [ 'document-too-large' ]);
         assert.match(p.diagnostics[0].message, /the limit is 2000,/);
       });
     });

test('suppress: every finding offers // memlint: ignore[check]', async () => {
  await withServer([], {}, async (server) => {
    const uri = fileUri(fixture('leaky.mlir'));
    let text = read('leaky.mlir');
    await server.open(uri, text);
    const p = await server.waitForVersion(uri, 1);
    const leak = p.diagnostics.find((d) => d.code === 'leak');
    const actions = await server.request('textDocument/codeAction', {
      textDocument : {uri},
      range : leak.range,
      context : {diagnostics : [ leak ], only : [ 'quickfix' ]},
    });
    const suppress = actions.filter((a) => /^Suppress/.test(a.title));
    assert.deepEqual(suppress.map((a) => a.title),
                     [ 'Suppress with `// memlint: ignore[leak]`' ]);
    assert.deepEqual(suppress[0].edit.changes[uri], [ {
                       range : {start : position(2, 41), end : position(2, 41)},
                       newText : ' // memlint: ignore[leak]',
                     } ]);
    text = applyEdits(text, suppress[0].edit.changes[uri]);
    await server.change(uri, 2, [ {text} ]);
    const after = await server.waitForVersion(uri, 2);
    assert.deepEqual(
        lspSummary(after.diagnostics),
        lspSummary(p.diagnostics.filter((d) => d.code !== 'leak')));
    // `only: ['source.fixAll']` gets no quick fix, suppress included.
    const onlyAll = await server.request('textDocument/codeAction', {
      textDocument : {uri},
      range : leak.range,
      context : {diagnostics : [], only : [ 'source.fixAll' ]},
    });
    assert.ok(onlyAll.every((a) => a.kind === 'source.fixAll.memlint'),
              JSON.stringify(onlyAll));
  });
});

test('an edit cancels the analysis of the older version', async () => {
  await withServer([ '--debounce-ms=0' ], {}, async (server) => {
    const uri = 'untitled:big.mlir';
    await server.open(uri, generate(20000).text);
    await new Promise((r) => setTimeout(r, 50));
    const small = read('leaky.mlir');
    await server.change(uri, 2, [ {text : small} ]);
    const p = await server.waitForVersion(uri, 2);
    assert.deepEqual(sortSummary(lspSummary(p.diagnostics)),
                     sortSummary(cliDiagnostics(small)));
    assert.ok(!server.publishesFor(uri).some((q) => q.version === 1),
              'the result of version 1 is never published');
  });
});

test('shutdown is answered at once while an analysis runs', async () => {
  const server = new Server([ '--debounce-ms=0' ]);
  await server.initialize();
  await server.open('untitled:big.mlir', generate(20000).text);
  await new Promise((r) => setTimeout(r, 50));
  const t0 = Date.now();
  assert.equal(await server.conn.sendRequest('shutdown'), null);
  assert.ok(Date.now() - t0 < 1000, `shutdown took ${Date.now() - t0} ms`);
  await server.conn.sendNotification('exit');
  assert.equal((await server.exited).code, 0);
  server.conn.dispose();
});

test('a function memlint gives up on shows not-checked on its name',
     async () => {
       await withServer([], {}, async (server) => {
         const file =
             path.join(__dirname, '..', 'lit', 'checks', 'not-checked.mlir');
         const text = fs.readFileSync(file, 'utf8');
         const uri = fileUri(file);
         await server.open(uri, text);
         const p = await server.waitForVersion(uri, 1, {timeoutMs : 60000});
         const lines = text.split('\n');
         const nameLine = lines.indexOf('func.func @pairs(');
         const notChecked =
             p.diagnostics.filter((d) => d.code === 'not-checked');
         assert.equal(notChecked.length, 1, JSON.stringify(p.diagnostics));
         assert.deepEqual(notChecked[0].range.start, position(nameLine, 10));
         assert.equal(notChecked[0].codeDescription.href, NOT_CHECKED_HREF);
         assert.deepEqual(sortSummary(lspSummary(p.diagnostics)),
                          sortSummary(cliDiagnostics(text)));
       });
     });

test(
    '.memlint.json edits re-lint open documents without reopening',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memlint-config-'));
      const config = path.join(dir, '.memlint.json');
      const file = path.join(dir, 'a.mlir');
      fs.writeFileSync(config, '{"checks": "all,-leak"}');
      fs.writeFileSync(file, read('leaky.mlir'));
      try {
        await withServer(
            [], {
              workspace : {didChangeWatchedFiles : {dynamicRegistration : true}}
            },
            async (server) => {
              const registrations = [];
              server.conn.onRequest('client/registerCapability', (p) => {
                registrations.push(...p.registrations);
                return null;
              });
              const uri = fileUri(file);
              await server.open(uri, read('leaky.mlir'));
              const p1 = await server.waitForVersion(uri, 1);
              assert.deepEqual(p1.diagnostics.map((d) => d.code),
                               [ 'double-free' ]);
              fs.writeFileSync(config, '{"checks": "all"}');
              await server.conn.sendNotification(
                  'workspace/didChangeWatchedFiles',
                  {changes : [ {uri : fileUri(config), type : 2} ]});
              const p2 = await server.waitForPublish(
                  uri, (p) => p.diagnostics.some((d) => d.code === 'leak'),
                  {from : server.publishesFor(uri).length});
              assert.deepEqual(sortSummary(lspSummary(p2.diagnostics)),
                               sortSummary(cliDiagnostics(read('leaky.mlir'))));
              assert.deepEqual(registrations.map((r) => r.method),
                               [ 'workspace/didChangeWatchedFiles' ]);
            });
      } finally {
        fs.rmSync(dir, {recursive : true});
      }
    });

/** A server started with `initializationOptions`. */
async function withOptions(initializationOptions, fn) {
  const server = new Server([]);
  try {
    await server.conn.sendRequest(rpc.InitializeRequest.type, {
      processId : process.pid,
      rootUri : null,
      capabilities : {},
      initializationOptions,
    });
    await server.conn.sendNotification(rpc.InitializedNotification.type, {});
    await fn(server);
  } finally {
    assert.equal((await server.shutdown()).code, 0);
  }
}

test('checkDocsUrl points codeDescription at the client\'s pages',
     async () => {
       await withOptions(
           {checkDocsUrl : 'file:///ext/docs/checks/{check}.md'},
           async (server) => {
             const uri = 'untitled:docs.mlir';
             await server.open(uri, read('leaky.mlir'));
             const p = await server.waitForVersion(uri, 1);
             assert.deepEqual(
                 p.diagnostics.map((d) => d.codeDescription.href).sort(), [
                   'file:///ext/docs/checks/double-free.md',
                   'file:///ext/docs/checks/leak.md'
                 ]);
             // Code actions carry the same diagnostics.
             const actions = await server.request('textDocument/codeAction', {
               textDocument : {uri},
               range : p.diagnostics[0].range,
               context : {diagnostics : [], only : [ 'quickfix' ]},
             });
             for (const a of actions)
               for (const d of a.diagnostics || [])
                 assert.match(d.codeDescription.href, /^file:\/\/\/ext\//);
           });
     });

test('editor settings apply without a restart and replace each other',
     async () => {
       const problems = [];
       await withOptions({settings : {checks : [ 'all', '-leak' ]}},
                         async (server) => {
         server.conn.onNotification('window/showMessage',
                                    (m) => problems.push(m.message));
         const uri = 'untitled:settings.mlir';
         await server.open(uri, read('leaky.mlir'));
         const p1 = await server.waitForVersion(uri, 1);
         assert.deepEqual(p1.diagnostics.map((d) => d.code), [ 'double-free' ]);
         // The user turns leak back on: the same document, re-linted.
         const from = server.publishesFor(uri).length;
         await server.conn.sendNotification(
             'workspace/didChangeConfiguration',
             {settings : {memlint : {checks : 'leak'}}});
         const p2 = await server.waitForPublish(uri, () => true, {from});
         assert.deepEqual(p2.diagnostics.map((d) => d.code), [ 'leak' ]);
         // A bad setting is said, and what is left of it applies: no checks
         // list at all (every check).
         const from3 = server.publishesFor(uri).length;
         await server.conn.sendNotification(
             'workspace/didChangeConfiguration',
             {settings : {memlint : {checks : [ 'no-such-check' ]}}});
         const p3 = await server.waitForPublish(uri, () => true, {from : from3});
         assert.deepEqual(p3.diagnostics.map((d) => d.code).sort(),
                          [ 'double-free', 'leak' ]);
         for (let w = 0; problems.length === 0 && w < 5000; w += 10)
           await new Promise((r) => setTimeout(r, 10));
         assert.equal(problems.length, 1, JSON.stringify(problems));
         assert.match(problems[0], /^memlint: settings: checks: /);
       });
     });

test('an analysis over half a second reports work-done progress', async () => {
  const server = new Server(['--debounce-ms=0']);
  try {
    const created = [];
    const progress = [];
    server.conn.onRequest('window/workDoneProgress/create', (p) => {
      created.push(p.token);
      return null;
    });
    server.conn.onNotification('$/progress', (p) => progress.push(p));
    await server.initialize({window: {workDoneProgress: true}});
    const uri = 'untitled:slow.mlir';
    await server.open(uri, generate(100000).text);
    await server.waitForVersion(uri, 1, {timeoutMs: 120000});
    // The analysis's own time decides (progress starts 500 ms into it);
    // the time to the publish also counts sending and parsing the text.
    const stats =
        await server.request('memlint/analysisStats', {textDocument : {uri}});
    if (stats.milliseconds < 700)
      return; // too fast on this machine to need progress
    assert.equal(created.length, 1);
    assert.deepEqual(progress.map((p) => [p.token, p.value.kind]),
                     [[created[0], 'begin'], [created[0], 'end']]);
    assert.equal(progress[0].value.title, 'memlint');
    assert.equal(progress[0].value.message, `analysing ${uri}`);
  } finally {
    assert.equal((await server.shutdown()).code, 0);
  }
});

test('a broken .memlint.json is a diagnostic in it and a message', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memlint-broken-'));
  const config = path.join(dir, '.memlint.json');
  const file = path.join(dir, 'a.mlir');
  fs.writeFileSync(config, '{"checks": ');
  fs.writeFileSync(file, read('leaky.mlir'));
  const server = new Server([]);
  try {
    const messages = [];
    server.conn.onNotification('window/showMessage', (m) => messages.push(m));
    await server.initialize({});
    const uri = fileUri(file);
    const configUri = fileUri(config);
    await server.open(uri, read('leaky.mlir'));
    const bad = await server.waitForPublish(configUri);
    assert.equal(bad.diagnostics.length, 1);
    assert.equal(bad.diagnostics[0].code, 'config-error');
    assert.equal(bad.diagnostics[0].severity, rpc.DiagnosticSeverity.Error);
    // The document is linted with the defaults meanwhile.
    const p = await server.waitForVersion(uri, 1);
    assert.deepEqual(p.diagnostics.map((d) => d.code),
                     [ 'leak', 'double-free' ]);
    // The message follows the config's publish; the document's own publish,
    // from another thread, may come before it.
    for (let waited = 0; messages.length === 0 && waited < 5000; waited += 10)
      await new Promise((r) => setTimeout(r, 10));
    assert.equal(messages.length, 1);
    assert.equal(messages[0].type, 1);
    assert.equal(messages[0].message, 'memlint: ' + bad.diagnostics[0].message);
    // Repaired: the diagnostic goes, the new config applies.
    fs.writeFileSync(config, '{"checks": "all,-leak"}');
    await server.conn.sendNotification(
        'workspace/didChangeWatchedFiles',
        {changes : [ {uri : configUri, type : 2} ]});
    const cleared = await server.waitForPublish(
        configUri, (q) => q.diagnostics.length === 0);
    assert.deepEqual(cleared.diagnostics, []);
    const q = await server.waitForPublish(
        uri, (r) => !r.diagnostics.some((d) => d.code === 'leak'));
    assert.deepEqual(q.diagnostics.map((d) => d.code), [ 'double-free' ]);
  } finally {
    assert.equal((await server.shutdown()).code, 0);
    fs.rmSync(dir, {recursive : true});
  }
});
