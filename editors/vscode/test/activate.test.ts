// Loads the built bundle (dist/extension.js) with a stubbed `vscode` module
// and a fake `memlint` binary in the workspace's build/cli/, then checks what
// activation does: the commands, the server command line the client really
// spawns, the LSP handshake and its initialization options (the settings,
// the bundled check pages), settings sent to the running server, the status-bar item, the commands against the
// fake binary (the plan view with answers recorded from the real server),
// and how it lives next to the official MLIR extension (language
// configuration, parse errors).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { KNOWN_CHECKS } from '../src/config';
import { createState, createVscodeStub, installVscodeStub, Range, StubState, Uri } from './vscode-stub';

const root = path.resolve(__dirname, '..', '..');
const bundle = path.join(root, 'dist', 'extension.js');

// The fake memlint: `lsp` speaks just enough LSP (initialize, shutdown,
// exit), publishes a parse error and a leak for PUBLISH_URI once
// initialized, answers memlint/plan with the recorded answers of
// MEMLINT_FAKE_PLANS (by function name; the first without one), and logs
// what it got (with the params of initialize, memlint/plan and
// workspace/didChangeConfiguration).
const PUBLISH_URI = 'file:///ws/published.mlir';
const FAKE_MEMLINT = `#!${process.execPath}
const fs = require('fs');
const log = (entry) => fs.appendFileSync(process.env.MEMLINT_FAKE_LOG, JSON.stringify(entry) + '\\n');
const argv = process.argv.slice(2);
log({ argv, cwd: process.cwd() });
if (argv[0] !== 'lsp') process.exit(2);
const plans = JSON.parse(fs.readFileSync(process.env.MEMLINT_FAKE_PLANS, 'utf8')).answers;
let buffer = Buffer.alloc(0);
const send = (msg) => {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...msg }), 'utf8');
  process.stdout.write('Content-Length: ' + body.length + '\\r\\n\\r\\n');
  process.stdout.write(body);
};
process.stdin.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const headerEnd = buffer.indexOf('\\r\\n\\r\\n');
    if (headerEnd < 0) return;
    const match = /Content-Length: *(\\d+)/i.exec(buffer.subarray(0, headerEnd).toString('ascii'));
    const length = Number(match[1]);
    if (buffer.length < headerEnd + 4 + length) return;
    const msg = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8'));
    buffer = buffer.subarray(headerEnd + 4 + length);
    const logged = ['initialize', 'memlint/plan', 'workspace/didChangeConfiguration'].includes(msg.method);
    log({ method: msg.method, params: logged ? msg.params : undefined });
    if (msg.method === 'initialized') {
      const range = { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } };
      send({ method: 'textDocument/publishDiagnostics', params: { uri: '${PUBLISH_URI}', diagnostics: [
        { range, severity: 1, source: 'memlint', code: 'parse-error', message: "expected ':'" },
        { range, severity: 2, source: 'memlint', code: 'leak', message: 'buffer %a is never freed',
          codeDescription: { href: 'https://memlint.dev/checks/leak' } } ] } });
    } else if (msg.method === 'memlint/plan') {
      const wanted = msg.params.function;
      const answer = wanted === undefined ? plans[0] : plans.find((p) => p.function.name === wanted) ?? { ...plans[0], function: null };
      send({ id: msg.id, result: { ...answer, uri: msg.params.textDocument.uri } });
    } else if (msg.method === 'initialize') {
      send({ id: msg.id, result: { capabilities: { textDocumentSync: 1, codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll.memlint'] } }, serverInfo: { name: 'memlint' } } });
    } else if (msg.method === 'shutdown') {
      send({ id: msg.id, result: null });
    } else if (msg.method === 'exit') {
      process.exit(0);
    } else if (msg.id !== undefined) {
      send({ id: msg.id, error: { code: -32601, message: 'not here' } });
    }
  }
});
`;

interface LogEntry {
  argv?: string[];
  cwd?: string;
  method?: string;
  params?: {
    textDocument?: { uri: string };
    function?: string;
    position?: { line: number; character: number };
    initializationOptions?: { checkDocsUrl?: string; settings?: unknown };
    settings?: unknown;
  };
}

function readLog(file: string): LogEntry[] {
  if (!fs.existsSync(file)) {
    return [];
  }
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as LogEntry);
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

function mlirEditor(file: string, dirty = false): unknown {
  const text = 'func.func @f() {\n  return\n}\n';
  return {
    selection: { active: { line: 20, character: 3 } },
    document: {
      uri: Uri.file(file),
      fileName: file,
      languageId: 'mlir',
      isDirty: dirty,
      isUntitled: false,
      version: 1,
      getText: () => text,
      positionAt: (offset: number) => {
        const before = text.slice(0, offset).split('\n');
        return { line: before.length - 1, character: before[before.length - 1].length };
      },
    },
  };
}

interface Api {
  client: { state: number } | undefined;
  server: { command: string; args: string[]; source: string } | undefined;
  ready: Promise<void>;
  state: string;
  languageConfigured: boolean;
  parseErrorsShown: boolean;
}

interface Context {
  subscriptions: { dispose(): unknown }[];
  extensionUri: Uri;
  extensionPath?: string;
}

interface Extension {
  activate(context: Context): Api;
  deactivate(): Promise<void>;
}

describe('the bundled extension', () => {
  let tmp: string;
  let workspace: string;
  let fakeServer: string;
  let logFile: string;
  let state: StubState;
  let extension: Extension;
  let api: Api;
  const context: Context = { subscriptions: [], extensionUri: Uri.file(root) };
  const recorded = JSON.parse(fs.readFileSync(path.join(root, 'test', 'fixtures', 'plan-transformer_block.json'), 'utf8')) as {
    answers: { function: { name: string } }[];
  };
  const OFFICIAL = 'llvm-vs-code-extensions.vscode-mlir';
  const statusItem = () => state.statusItems.at(-1)!;
  const codes = (set: StubState['diagnosticSets'][number] | undefined) =>
    (set?.diagnostics ?? []).map((d) => (typeof d.code === 'object' && d.code !== null ? (d.code as { value: unknown }).value : d.code));
  const lastSetFor = (uri: string) => state.diagnosticSets.filter((d) => d.uri === uri).at(-1);

  before(() => {
    assert.ok(fs.existsSync(bundle), `${bundle} is missing: run npm run build first`);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'memlint-vscode-'));
    workspace = path.join(tmp, 'ws');
    fakeServer = path.join(workspace, 'build', 'cli', 'memlint');
    fs.mkdirSync(path.dirname(fakeServer), { recursive: true });
    fs.writeFileSync(fakeServer, FAKE_MEMLINT, { mode: 0o755 });
    logFile = path.join(tmp, 'log.jsonl');
    process.env.MEMLINT_FAKE_LOG = logFile;
    process.env.MEMLINT_FAKE_PLANS = path.join(root, 'test', 'fixtures', 'plan-transformer_block.json');

    state = createState();
    state.workspaceFolders = [workspace];
    state.settings = {
      'memlint.checks': ['all', '-missed-reuse'],
      'memlint.capacities': { shared: 49152, default: 1048576 },
    };
    installVscodeStub(createVscodeStub(state));
    extension = require(bundle) as Extension;
  });

  after(async () => {
    await extension?.deactivate();
    for (const d of context.subscriptions) {
      d.dispose();
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('activates and registers the commands', () => {
    api = extension.activate(context);
    for (const command of ['memlint.fixAll', 'memlint.showPlan', 'memlint.restartServer', 'memlint.showOutput']) {
      assert.ok(state.commands.has(command), `${command} registered`);
    }
  });

  it('sets the mlir language configuration, without <> brackets, when the official MLIR extension is absent', () => {
    assert.equal(api.languageConfigured, true);
    assert.equal(state.languageConfigurations.length, 1);
    const { language, configuration } = state.languageConfigurations[0] as {
      language: string;
      configuration: { comments: unknown; brackets: string[][]; autoClosingPairs: { open: string; notIn?: unknown[] }[] };
    };
    assert.equal(language, 'mlir');
    assert.deepEqual(configuration.comments, { lineComment: '//' });
    assert.deepEqual(configuration.brackets, [['{', '}'], ['[', ']'], ['(', ')']]);
    assert.deepEqual(configuration.autoClosingPairs.find((p) => p.open === '"')?.notIn, ['String', 'Comment']);
  });

  it('starts `memlint lsp` from build/cli/, the settings in its initialization options', async () => {
    await api.ready;
    assert.deepEqual(api.server, { command: fakeServer, args: ['lsp'], source: 'workspace' });
    assert.ok(api.client !== undefined, 'a LanguageClient was created');
    assert.deepEqual(state.errorMessages, []);
    // What the client really spawned, as the fake binary saw it.
    const spawned = readLog(logFile).find((e) => e.argv !== undefined);
    assert.deepEqual(spawned?.argv, ['lsp']);
    assert.equal(spawned?.cwd, workspace);
    const initialize = readLog(logFile).find((e) => e.method === 'initialize');
    assert.ok(initialize, 'initialize was sent');
    assert.deepEqual(initialize.params?.initializationOptions, {
      checkDocsUrl: `${Uri.file(path.join(root, 'docs', 'checks')).toString()}/{check}.md`,
      settings: { checks: ['all', '-missed-reuse'], capacities: { default: 1048576, shared: 49152 } },
    });
    await waitFor('initialized', () => (readLog(logFile).some((e) => e.method === 'initialized') ? true : undefined));
    assert.equal(api.client?.state, 2 /* State.Running */);
  });

  it('links diagnostics to the check pages in the extension, {check} left for the server', () => {
    const url = readLog(logFile).find((e) => e.method === 'initialize')?.params?.initializationOptions?.checkDocsUrl ?? '';
    assert.ok(url.startsWith('file://'), url);
    assert.ok(url.endsWith('/docs/checks/{check}.md'), url);
    assert.ok(!/%7B|%7D/i.test(url), `not percent-encoded: ${url}`);
    // Each check's link, as the server makes it, names a page the build copied.
    for (const check of KNOWN_CHECKS) {
      const page = fileURLToPath(url.replace('{check}', check));
      assert.ok(fs.existsSync(page), `${page} (npm run build:docs)`);
      assert.match(fs.readFileSync(page, 'utf8'), new RegExp(`^# ${check}\\b`));
    }
  });

  it('shows the running server in the status bar', async () => {
    await waitFor('running', () => (api.state === 'running' ? true : undefined));
    const item = statusItem();
    assert.equal(item.id, 'memlint.status');
    assert.equal(item.visible, true);
    assert.equal(item.text, '$(check) memlint');
    assert.ok(String(item.tooltip).includes(`running\n${fakeServer}`), String(item.tooltip));
    assert.equal(item.command, 'memlint.showOutput');
  });

  it('parse errors: shown by default without the official MLIR extension', async () => {
    const set = await waitFor('diagnostics', () => lastSetFor(PUBLISH_URI));
    assert.deepEqual(codes(set), ['parse-error', 'leak']);
    assert.equal(api.parseErrorsShown, true);
  });

  it('parse errors: memlint.parseErrors = never hides them at once', async () => {
    state.settings['memlint.parseErrors'] = 'never';
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'memlint.parseErrors' || section === 'memlint' });
    assert.deepEqual(codes(lastSetFor(PUBLISH_URI)), ['leak']);
    assert.equal(readLog(logFile).filter((e) => e.argv?.[0] === 'lsp').length, 1, 'no restart for this setting');
    state.settings['memlint.parseErrors'] = 'always';
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'memlint.parseErrors' });
    assert.deepEqual(codes(lastSetFor(PUBLISH_URI)), ['parse-error', 'leak']);
  });

  it('with the official MLIR extension: its language configuration alone, parse errors left to it (auto)', () => {
    state.extensions.set(OFFICIAL, { id: OFFICIAL, isActive: true, packageJSON: { contributes: { languages: [{ id: 'mlir' }] } } });
    state.extensionsChanged.fire();
    assert.equal(api.languageConfigured, false);
    assert.deepEqual(state.languageConfigurations, []);
    // `always` (set above) still shows them.
    assert.deepEqual(codes(lastSetFor(PUBLISH_URI)), ['parse-error', 'leak']);
    delete state.settings['memlint.parseErrors'];
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'memlint.parseErrors' });
    assert.equal(api.parseErrorsShown, false);
    assert.deepEqual(codes(lastSetFor(PUBLISH_URI)), ['leak']);
    // Uninstalled again: memlint's configuration and parse errors come back.
    state.extensions.delete(OFFICIAL);
    state.extensionsChanged.fire();
    assert.equal(api.languageConfigured, true);
    assert.equal(state.languageConfigurations.length, 1);
    assert.deepEqual(codes(lastSetFor(PUBLISH_URI)), ['parse-error', 'leak']);
  });

  it('fixAll runs the source.fixAll.memlint action and applies its edit', async () => {
    const edit = { marker: 'the fix-all edit' };
    const requests: unknown[][] = [];
    state.executeCommand = (id, ...args) => {
      if (id === 'vscode.executeCodeActionProvider') {
        requests.push(args);
        return [
          { title: 'a quick fix', kind: { value: 'quickfix' }, edit: { marker: 'wrong' } },
          { title: 'Fix all memlint findings', kind: { value: 'source.fixAll.memlint' }, edit },
        ];
      }
      return undefined;
    };
    state.activeTextEditor = mlirEditor(path.join(workspace, 'a.mlir'));
    await state.commands.get('memlint.fixAll')!();
    assert.equal(requests.length, 1);
    assert.equal((requests[0][0] as Uri).fsPath, path.join(workspace, 'a.mlir'));
    assert.ok(requests[0][1] instanceof Range);
    assert.equal(requests[0][2], 'source.fixAll.memlint');
    assert.deepEqual(state.appliedEdits, [edit]);
  });

  it('fixAll says so when there is nothing to fix', async () => {
    state.appliedEdits = [];
    state.infoMessages = [];
    state.executeCommand = () => [];
    await state.commands.get('memlint.fixAll')!();
    assert.deepEqual(state.appliedEdits, []);
    assert.match(state.infoMessages.join('\n'), /nothing to fix/);
  });

  it('showPlan asks the server for the function at the cursor and draws its answer in a webview', async () => {
    const file = path.join(workspace, 'a.mlir');
    const uri = Uri.file(file).toString();
    state.activeTextEditor = mlirEditor(file, true);
    await state.commands.get('memlint.showPlan')!();
    const asked = readLog(logFile).filter((e) => e.method === 'memlint/plan');
    assert.deepEqual(asked.at(-1)?.params, { textDocument: { uri }, position: { line: 20, character: 3 } });
    assert.equal(state.webviews.length, 1);
    const view = state.webviews[0];
    assert.equal(view.viewType, 'memlint.plan');
    assert.equal(view.title, 'Memory plan: a.mlir');
    const options = view.options as { enableScripts?: boolean; enableCommandUris?: boolean; localResourceRoots?: Uri[] };
    assert.equal(options.enableScripts, true);
    assert.equal(options.enableCommandUris, false);
    assert.deepEqual(options.localResourceRoots?.map((u) => u.fsPath), [path.join(root, 'dist')]);
    // A strict CSP whose nonce the one script and the style carry.
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(view.html)?.[1] ?? '';
    const nonce = /script-src 'nonce-([A-Za-z0-9]{32})'/.exec(csp)?.[1];
    assert.ok(nonce, csp);
    assert.match(csp, /^default-src 'none'; /);
    assert.ok(!/unsafe-inline|unsafe-eval/.test(csp), csp);
    assert.ok(view.html.includes(`<style nonce="${nonce}">`));
    const scripts = [...view.html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    assert.equal(scripts.length, 2, 'the plan data and the page script');
    assert.ok(scripts.every((attrs) => attrs.includes(`nonce="${nonce}"`)));
    const pageScript = `src="vscode-webview-resource:${path.join(root, 'dist', 'planView.js')}"`;
    assert.equal(scripts.filter((attrs) => attrs.includes(pageScript)).length, 1, 'one of them is the page script');
    assert.ok(fs.existsSync(path.join(root, 'dist', 'planView.js')), 'the page script is built');
    const data = /<script type="application\/json" id="memlint-plan-data"[^>]*>([^<]*)<\/script>/.exec(view.html)?.[1];
    const initial = JSON.parse(data!) as { type: string; file: string; plan: { uri: string; function: { name: string } } };
    assert.equal(initial.type, 'plan');
    assert.equal(initial.file, 'a.mlir');
    assert.equal(initial.plan.uri, uri);
    assert.equal(initial.plan.function.name, recorded.answers[0].function.name);
    // A second run reuses the panel, with a fresh nonce.
    await state.commands.get('memlint.showPlan')!();
    assert.equal(state.webviews.length, 1);
    assert.ok(!view.html.includes(nonce));
  });

  it('the view picks another function: the extension asks for it and posts the answer', async () => {
    const view = state.webviews[0];
    const second = recorded.answers[1].function.name;
    view.fromPage.fire({ type: 'selectFunction', name: second });
    const posted = (await waitFor('a posted plan', () => (view.posted.length > 0 ? view.posted : undefined))) as {
      type: string;
      plan: { function: { name: string } };
    }[];
    assert.equal(posted.at(-1)?.type, 'plan');
    assert.equal(posted.at(-1)?.plan.function.name, second);
    assert.equal(readLog(logFile).filter((e) => e.method === 'memlint/plan').at(-1)?.params?.function, second);
    // `ready` (a reloaded page) gets the latest plan again; junk is ignored.
    view.fromPage.fire({ type: 'ready' });
    view.fromPage.fire({ type: 'reveal', uri: 42 });
    view.fromPage.fire('nonsense');
    await waitFor('the plan again', () => (view.posted.length === 2 ? true : undefined));
    assert.deepEqual(view.posted[1], view.posted[0]);
  });

  it('an edit of the document plans its function again', async () => {
    const view = state.webviews[0];
    const before = view.posted.length;
    const document = (state.activeTextEditor as { document: unknown }).document;
    state.textDocumentChanged.fire({ document, contentChanges: [{ text: 'x' }] });
    state.textDocumentChanged.fire({ document, contentChanges: [{ text: 'y' }] });
    await waitFor('a new plan', () => (view.posted.length > before ? true : undefined), 5000);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(view.posted.length, before + 1, 'two quick edits, one request');
    const last = view.posted.at(-1) as { plan: { function: { name: string } } };
    assert.equal(last.plan.function.name, recorded.answers[1].function.name, 'the function shown stays');
  });

  it('clicking a buffer reveals its allocation, the view keeping the focus', async () => {
    const view = state.webviews[0];
    const uri = Uri.file(path.join(workspace, 'a.mlir')).toString();
    const range = { start: { line: 6, character: 9 }, end: { line: 6, character: 55 } };
    view.fromPage.fire({ type: 'reveal', uri, name: '%act', line: 7, range });
    const shown = await waitFor('showTextDocument', () => state.shownDocuments.at(-1));
    assert.equal(shown.uri, uri);
    const options = shown.options as { selection: Range; preserveFocus: boolean };
    assert.ok(options.selection instanceof Range);
    assert.deepEqual(
      [options.selection.start.line, options.selection.start.character, options.selection.end.line, options.selection.end.character],
      [6, 9, 6, 55],
    );
    assert.equal(options.preserveFocus, true);
  });

  const lspStarts = () => readLog(logFile).filter((e) => e.argv?.[0] === 'lsp').length;
  const settingsSent = () => readLog(logFile).filter((e) => e.method === 'workspace/didChangeConfiguration');

  it('sends changed checks and capacities to the running server, without a restart', async () => {
    state.settings['memlint.checks'] = ['leak'];
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'memlint.checks' || section === 'memlint' });
    await api.ready;
    const first = await waitFor('didChangeConfiguration', () => settingsSent()[0]);
    assert.deepEqual(first.params, { settings: { memlint: { checks: ['leak'], capacities: { default: 1048576, shared: 49152 } } } });
    // Back to the defaults: the keys are left out (not set), so .memlint.json decides.
    state.settings['memlint.checks'] = ['all'];
    state.settings['memlint.capacities'] = {};
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'memlint.capacities' || section === 'memlint.checks' });
    await api.ready;
    const second = await waitFor('a second didChangeConfiguration', () => settingsSent()[1]);
    assert.deepEqual(second.params, { settings: { memlint: {} } });
    // What could not be used is logged, the rest sent.
    state.settings['memlint.capacities'] = { l1: 'lots', l2: 4096 };
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'memlint.capacities' });
    await api.ready;
    const third = await waitFor('a third didChangeConfiguration', () => settingsSent()[2]);
    assert.deepEqual(third.params, { settings: { memlint: { capacities: { l2: 4096 } } } });
    assert.ok(
      state.output.some((l) => l.level === 'warn' && l.text === 'memlint.capacities: ignored l1: "lots" is not a whole number of bytes'),
      'the ignored entry is logged',
    );
    assert.equal(lspStarts(), 1, 'no restart');
    assert.ok(!readLog(logFile).some((e) => e.method === 'shutdown'), 'the server was not shut down');
    assert.equal(api.client?.state, 2 /* State.Running */);
    state.settings['memlint.checks'] = ['leak'];
    state.settings['memlint.capacities'] = { shared: 49152, default: 1048576 };
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'memlint.capacities' || section === 'memlint.checks' });
    await api.ready;
    await waitFor('a fourth didChangeConfiguration', () => settingsSent()[3]);
  });

  it('restarts the server when memlint.checkDocsUrl changes: the setting replaces the bundled pages', async () => {
    state.settings['memlint.checkDocsUrl'] = 'https://memlint.dev/checks/{check}';
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'memlint.checkDocsUrl' || section === 'memlint' });
    await api.ready;
    assert.equal(lspStarts(), 2);
    assert.ok(readLog(logFile).some((e) => e.method === 'shutdown'), 'the old server was shut down');
    const initialize = readLog(logFile).filter((e) => e.method === 'initialize').at(-1);
    // The latest editor settings go with the new start.
    assert.deepEqual(initialize?.params?.initializationOptions, {
      checkDocsUrl: 'https://memlint.dev/checks/{check}',
      settings: { checks: ['leak'], capacities: { default: 1048576, shared: 49152 } },
    });
    assert.equal(api.client?.state, 2 /* State.Running */);
    delete state.settings['memlint.checkDocsUrl'];
  });

  it('restarts the server when memlint.serverPath changes', async () => {
    state.settings['memlint.serverPath'] = fakeServer;
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'memlint.serverPath' || section === 'memlint' });
    await api.ready;
    assert.equal(lspStarts(), 3);
    assert.deepEqual(api.server, { command: fakeServer, args: ['lsp'], source: 'setting' });
    const initialize = readLog(logFile).filter((e) => e.method === 'initialize').at(-1);
    assert.ok(initialize?.params?.initializationOptions?.checkDocsUrl?.endsWith('/docs/checks/{check}.md'), 'the bundled pages again');
    assert.equal(api.client?.state, 2 /* State.Running */);
    delete state.settings['memlint.serverPath'];
  });

  it('ignores changes to other settings', async () => {
    const sent = settingsSent().length;
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'editor.fontSize' });
    await api.ready;
    assert.equal(lspStarts(), 3);
    assert.equal(settingsSent().length, sent);
  });

  it('memlint.restartServer restarts the server', async () => {
    const starts = readLog(logFile).filter((e) => e.argv?.[0] === 'lsp').length;
    await state.commands.get('memlint.restartServer')!();
    await api.ready;
    assert.equal(readLog(logFile).filter((e) => e.argv?.[0] === 'lsp').length, starts + 1);
    assert.equal(api.client?.state, 2 /* State.Running */);
    assert.equal(api.state, 'running');
    assert.equal(statusItem().text, '$(check) memlint');
  });

  it('stops the server on deactivate', async () => {
    const before = readLog(logFile).filter((e) => e.method === 'exit').length;
    await extension.deactivate();
    await waitFor('exit', () => (readLog(logFile).filter((e) => e.method === 'exit').length > before ? true : undefined));
    assert.equal(api.client, undefined);
  });

  it('reports a missing server once, without waiting for the user', async () => {
    for (const d of context.subscriptions.splice(0)) {
      d.dispose();
    }
    state.settings['memlint.serverPath'] = path.join(tmp, 'nowhere', 'memlint');
    state.messagesStayOpen = true;
    state.errorMessages = [];
    state.infoMessages = [];
    api = extension.activate(context);
    await Promise.race([
      api.ready,
      new Promise((_, reject) => setTimeout(() => reject(new Error('activation waits for the error message')), 10_000)),
    ]);
    assert.equal(api.server?.source, 'setting');
    assert.equal(state.errorMessages.length, 1, state.errorMessages.join('\n'));
    assert.match(state.errorMessages[0], /cannot find the language server ".*nowhere\/memlint"\. Check memlint\.serverPath\./);
    assert.equal(api.client, undefined);
    state.activeTextEditor = mlirEditor(path.join(workspace, 'a.mlir'));
    await state.commands.get('memlint.fixAll')!();
    assert.match(state.infoMessages.join('\n'), /not running/);
    // The status bar says so, and a click restarts.
    assert.equal(api.state, 'failed');
    assert.equal(statusItem().text, '$(error) memlint');
    assert.equal(statusItem().command, 'memlint.restartServer');
    assert.match(String(statusItem().tooltip), /cannot find the language server/);
    // The plan view says the server is not running.
    await state.commands.get('memlint.showPlan')!();
    const data = /id="memlint-plan-data"[^>]*>([^<]*)</.exec(state.webviews.at(-1)!.html)?.[1];
    const initial = JSON.parse(data!) as { type: string; message: string };
    assert.equal(initial.type, 'status');
    assert.match(initial.message, /not running/);
  });

  it('reports a server that dies at start', async () => {
    const broken = path.join(tmp, 'broken-memlint');
    fs.writeFileSync(broken, `#!/bin/sh\necho 'memlint: unknown option' >&2\nexit 2\n`, { mode: 0o755 });
    state.settings['memlint.serverPath'] = broken;
    state.errorMessages = [];
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'memlint.serverPath' });
    await api.ready;
    assert.ok(
      state.errorMessages.some((m) => m.startsWith(`memlint: could not start the language server "${broken}"`)),
      state.errorMessages.join('\n'),
    );
    assert.notEqual(api.client?.state, 2 /* State.Running */);
    await extension.deactivate();
  });

  it('runs the bin/memlint a platform .vsix carries when nothing else is set, made executable if unzipping lost its mode', async () => {
    for (const d of context.subscriptions.splice(0)) {
      d.dispose();
    }
    // The extension's folder as VS Code unpacks a linux-x64 .vsix: the fake
    // server as bin/memlint, here without its x bits. No setting, no
    // workspace build.
    const extensionFolder = path.join(tmp, 'extension');
    const bundled = path.join(extensionFolder, 'bin', 'memlint');
    fs.mkdirSync(path.dirname(bundled), { recursive: true });
    fs.writeFileSync(bundled, FAKE_MEMLINT, { mode: 0o644 });
    delete state.settings['memlint.serverPath'];
    state.workspaceFolders = [];
    const bundledContext: Context = { subscriptions: [], extensionUri: Uri.file(root), extensionPath: extensionFolder };
    try {
      api = extension.activate(bundledContext);
      await api.ready;
      assert.equal(api.server?.source, 'bundled');
      assert.equal(api.server?.command, bundled);
      // (Messages of the broken server above may still come in: not checked.)
      assert.ok((fs.statSync(bundled).mode & 0o111) !== 0, 'bin/memlint is executable');
      await waitFor('running', () => (api.state === 'running' ? true : undefined));
      assert.ok(readLog(logFile).some((e) => e.argv?.[0] === 'lsp' && e.cwd === process.cwd()), 'the bundled binary was spawned');
    } finally {
      await extension.deactivate();
      for (const d of bundledContext.subscriptions) {
        d.dispose();
      }
    }
  });
});
