// Loads the built bundle (dist/extension.js) with a stubbed `vscode` module
// and a fake `memlint` binary in the workspace's build/cli/, then checks what
// activation does: the commands, the server command line the client really
// spawns, the LSP handshake, and the two commands against the fake binary.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createState, createVscodeStub, installVscodeStub, Range, StubState, Uri } from './vscode-stub';

const root = path.resolve(__dirname, '..', '..');
const bundle = path.join(root, 'dist', 'extension.js');

// The fake memlint: `lsp` speaks just enough LSP (initialize, shutdown,
// exit) and logs what it got; `plan` prints an SVG or fails, by env var.
const FAKE_MEMLINT = `#!${process.execPath}
const fs = require('fs');
const log = (entry) => fs.appendFileSync(process.env.MEMLINT_FAKE_LOG, JSON.stringify(entry) + '\\n');
const argv = process.argv.slice(2);
log({ argv, cwd: process.cwd() });
if (argv[0] === 'plan') {
  if (process.env.MEMLINT_FAKE_PLAN === 'svg') {
    process.stdout.write('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\\n');
    process.exit(0);
  }
  process.stderr.write('memlint: plan is unavailable: built without the planner\\n');
  process.exit(2);
}
if (argv[0] !== 'lsp') process.exit(2);
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
    log({ method: msg.method });
    if (msg.method === 'initialize') {
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
}

interface Extension {
  activate(context: { subscriptions: { dispose(): unknown }[] }): Api;
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
  const context = { subscriptions: [] as { dispose(): unknown }[] };

  before(() => {
    assert.ok(fs.existsSync(bundle), `${bundle} is missing: run npm run build first`);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'memlint-vscode-'));
    workspace = path.join(tmp, 'ws');
    fakeServer = path.join(workspace, 'build', 'cli', 'memlint');
    fs.mkdirSync(path.dirname(fakeServer), { recursive: true });
    fs.writeFileSync(fakeServer, FAKE_MEMLINT, { mode: 0o755 });
    logFile = path.join(tmp, 'log.jsonl');
    process.env.MEMLINT_FAKE_LOG = logFile;

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

  it('activates and registers the two commands', () => {
    api = extension.activate(context);
    assert.ok(state.commands.has('memlint.fixAll'), 'memlint.fixAll registered');
    assert.ok(state.commands.has('memlint.showPlan'), 'memlint.showPlan registered');
  });

  it('starts `memlint lsp` from build/cli/ with the settings as arguments', async () => {
    await api.ready;
    const expectedArgs = ['lsp', '--checks=all,-missed-reuse', '--capacity', 'default=1048576', '--capacity', 'shared=49152'];
    assert.deepEqual(api.server, { command: fakeServer, args: expectedArgs, source: 'workspace' });
    assert.ok(api.client !== undefined, 'a LanguageClient was created');
    assert.deepEqual(state.errorMessages, []);
    // What the client really spawned, as the fake binary saw it.
    const spawned = readLog(logFile).find((e) => e.argv !== undefined);
    assert.deepEqual(spawned?.argv, expectedArgs);
    assert.equal(spawned?.cwd, workspace);
    assert.ok(readLog(logFile).some((e) => e.method === 'initialize'), 'initialize was sent');
    await waitFor('initialized', () => (readLog(logFile).some((e) => e.method === 'initialized') ? true : undefined));
    assert.equal(api.client?.state, 2 /* State.Running */);
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

  it('showPlan runs `memlint plan --format=svg FILE` and shows the SVG', async () => {
    const file = path.join(workspace, 'a.mlir');
    process.env.MEMLINT_FAKE_PLAN = 'svg';
    state.activeTextEditor = mlirEditor(file);
    await state.commands.get('memlint.showPlan')!();
    const planRun = readLog(logFile).filter((e) => e.argv?.[0] === 'plan');
    assert.deepEqual(planRun.at(-1)?.argv, ['plan', '--format=svg', file]);
    assert.equal(state.webviews.length, 1);
    const view = state.webviews[0];
    assert.equal(view.title, 'Memory plan: a.mlir');
    assert.equal((view.options as { enableScripts?: boolean }).enableScripts, false);
    const data = /src="data:image\/svg\+xml;base64,([^"]+)"/.exec(view.html);
    assert.ok(data, 'the page holds the SVG as an image');
    assert.match(Buffer.from(data[1], 'base64').toString('utf8'), /^<svg[\s\S]*<\/svg>$/);
  });

  it('showPlan says the plan is unavailable, with stderr, when plan fails', async () => {
    process.env.MEMLINT_FAKE_PLAN = 'fail';
    state.infoMessages = [];
    await state.commands.get('memlint.showPlan')!();
    assert.equal(state.infoMessages.length, 1);
    assert.match(state.infoMessages[0], /memory plan is unavailable/);
    assert.match(state.infoMessages[0], /built without the planner/);
    assert.equal(state.webviews.length, 1, 'no new webview');
  });

  it('restarts the server with the new arguments when a setting changes', async () => {
    state.settings['memlint.checks'] = ['leak'];
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'memlint.checks' || section === 'memlint' });
    await api.ready;
    const expectedArgs = ['lsp', '--checks=leak', '--capacity', 'default=1048576', '--capacity', 'shared=49152'];
    assert.deepEqual(api.server?.args, expectedArgs);
    const log = readLog(logFile);
    const lspStarts = log.filter((e) => e.argv?.[0] === 'lsp');
    assert.equal(lspStarts.length, 2);
    assert.deepEqual(lspStarts[1].argv, expectedArgs);
    assert.ok(log.some((e) => e.method === 'shutdown'), 'the old server was shut down');
    assert.equal(api.client?.state, 2 /* State.Running */);
  });

  it('ignores changes to other settings', async () => {
    state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'editor.fontSize' });
    await api.ready;
    assert.equal(readLog(logFile).filter((e) => e.argv?.[0] === 'lsp').length, 2);
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
});
