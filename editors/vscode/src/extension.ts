// The VS Code side: starts `memlint lsp` for MLIR files and adds the
// "Fix all in file" and "Show memory plan" commands. The decisions (which
// binary, which arguments, how to read the plan run) live in config.ts and
// plan.ts, which do not need VS Code.

import * as cp from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, State } from 'vscode-languageclient/node';
import { ResolvedServer, resolveServerPath, serverArguments } from './config';
import { interpretPlanRun, planCommand, planHtml, PlanRun } from './plan';

export const FIX_ALL_KIND = 'source.fixAll.memlint';
const RESTART_SETTINGS = ['memlint.serverPath', 'memlint.checks', 'memlint.capacities'];
const PLAN_TIMEOUT_MS = 60_000;

/** What activate returns: for other extensions and for the tests. */
export interface MemlintApi {
  /** The running client, if any. */
  readonly client: LanguageClient | undefined;
  /** The binary and arguments the client was started with. */
  readonly server: { command: string; args: string[]; source: ResolvedServer['source'] } | undefined;
  /** Settles when the latest (re)start has finished, successfully or not. */
  readonly ready: Promise<void>;
}

let client: LanguageClient | undefined;
let serverInfo: MemlintApi['server'];
let output: vscode.LogOutputChannel;
let lifecycle: Promise<void> = Promise.resolve();
let planPanel: vscode.WebviewPanel | undefined;

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function workspaceFolderPaths(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

/** The binary to run. In an untrusted workspace, neither workspace settings nor workspace builds are used. */
export function currentServer(): ResolvedServer {
  const trusted = vscode.workspace.isTrusted;
  const inspected = vscode.workspace.getConfiguration('memlint').inspect<string>('serverPath');
  const configured = trusted
    ? inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue
    : inspected?.globalValue;
  return resolveServerPath({
    configured,
    workspaceFolders: trusted ? workspaceFolderPaths() : [],
    pathVariable: process.env.PATH,
    platform: process.platform,
    homeDir: os.homedir(),
    isExecutable,
  });
}

async function startClient(): Promise<void> {
  const config = vscode.workspace.getConfiguration('memlint');
  const server = currentServer();
  const { args, problems } = serverArguments({ checks: config.get('checks'), capacities: config.get('capacities') });
  for (const problem of problems) {
    output.warn(`${problem.setting}: ${problem.message}`);
  }
  serverInfo = { command: server.command, args, source: server.source };
  output.info(`starting ${server.command} ${args.join(' ')} (from ${server.source})`);

  const serverOptions: ServerOptions = {
    command: server.command,
    args,
    // No `transport`: TransportKind.stdio would append `--stdio`, which
    // `memlint lsp` does not take. Without it the client still talks over
    // the process's stdin/stdout.
    options: { cwd: workspaceFolderPaths()[0] },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'mlir' },
      { scheme: 'untitled', language: 'mlir' },
    ],
    outputChannel: output,
  };
  const hint =
    server.source === 'fallback'
      ? 'memlint is not on PATH and no build/cli/memlint was found in the workspace; set memlint.serverPath.'
      : 'Check memlint.serverPath.';
  // A missing binary is the common case: say so once, in our words, rather
  // than let the client report a failed spawn as well.
  if (server.source === 'fallback' || (path.isAbsolute(server.command) && !isExecutable(server.command))) {
    reportStartFailure(`memlint: cannot find the language server "${server.command}". ${hint}`);
    return;
  }
  try {
    client = new LanguageClient('memlint', 'memlint', serverOptions, clientOptions);
    await client.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    reportStartFailure(`memlint: could not start the language server "${server.command}": ${reason}. ${hint}`);
  }
}

function reportStartFailure(message: string): void {
  output.error(message);
  // Not awaited: a restart must not wait for the user to close the message.
  void vscode.window.showErrorMessage(message, 'Open Settings').then((choice) => {
    if (choice === 'Open Settings') {
      void vscode.commands.executeCommand('workbench.action.openSettings', 'memlint.serverPath');
    }
  });
}

async function stopClient(): Promise<void> {
  const old = client;
  client = undefined;
  serverInfo = undefined;
  if (old === undefined) {
    return;
  }
  try {
    if (old.state !== State.Stopped) {
      await old.stop();
    }
  } catch (error) {
    output.warn(`stopping the server: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Queues a restart after any start or stop still running. */
function restart(): Promise<void> {
  lifecycle = lifecycle
    .then(stopClient)
    .then(startClient)
    .catch((error) => output.error(`restarting the server: ${error instanceof Error ? error.message : String(error)}`));
  return lifecycle;
}

function activeMlirEditor(): vscode.TextEditor | undefined {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== 'mlir') {
    void vscode.window.showInformationMessage('memlint: open an MLIR file first.');
    return undefined;
  }
  return editor;
}

function isCommand(item: vscode.CodeAction | vscode.Command): item is vscode.Command {
  return typeof (item as vscode.Command).command === 'string';
}

function isFixAll(action: vscode.CodeAction): boolean {
  const kind = action.kind?.value;
  return kind === FIX_ALL_KIND || (kind !== undefined && kind.startsWith(FIX_ALL_KIND + '.'));
}

/** memlint.fixAll: runs the server's `source.fixAll.memlint` action on the active file. */
async function fixAll(): Promise<void> {
  const editor = activeMlirEditor();
  if (editor === undefined) {
    return;
  }
  if (client === undefined || client.state !== State.Running) {
    void vscode.window.showInformationMessage('memlint: the language server is not running.');
    return;
  }
  const document = editor.document;
  const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  const items =
    (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      whole,
      FIX_ALL_KIND,
      1,
    )) ?? [];
  const actions = items.filter((item): item is vscode.CodeAction => !isCommand(item) && isFixAll(item));
  if (actions.length === 0) {
    void vscode.window.showInformationMessage('memlint: nothing to fix in this file.');
    return;
  }
  const action = actions[0];
  if (action.edit !== undefined && !(await vscode.workspace.applyEdit(action.edit))) {
    void vscode.window.showErrorMessage('memlint: the fixes could not be applied (the file changed?).');
    return;
  }
  if (action.command !== undefined) {
    await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
  }
}

function runPlan(command: string, args: string[], cwd: string): Promise<PlanRun> {
  return new Promise((resolve) => {
    cp.execFile(
      command,
      args,
      { cwd, timeout: PLAN_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024, windowsHide: true, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve({ exitCode: 0, stdout, stderr });
          return;
        }
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'number') {
          resolve({ exitCode: code, stdout, stderr });
        } else {
          const reason = error.killed ? `timed out or killed (${error.signal ?? 'signal'})` : error.message;
          resolve({ exitCode: null, stdout, stderr, error: reason });
        }
      },
    );
  });
}

/** memlint.showPlan: `memlint plan --format=svg FILE`, shown in a webview. */
async function showPlan(): Promise<void> {
  const editor = activeMlirEditor();
  if (editor === undefined) {
    return;
  }
  const document = editor.document;
  if (document.uri.scheme !== 'file') {
    void vscode.window.showInformationMessage('memlint: save the file to disk to see its memory plan.');
    return;
  }
  const file = document.uri.fsPath;
  const plan = planCommand(currentServer().command, file);
  const run = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'memlint: planning memory' },
    () => runPlan(plan.command, plan.args, plan.cwd),
  );
  const outcome = interpretPlanRun(run);
  if (outcome.kind === 'unavailable') {
    output.info(outcome.message);
    void vscode.window.showInformationMessage(outcome.message);
    return;
  }
  const title = `Memory plan: ${path.basename(file)}`;
  if (planPanel === undefined) {
    planPanel = vscode.window.createWebviewPanel('memlint.plan', title, vscode.ViewColumn.Beside, {
      enableScripts: false,
      localResourceRoots: [],
    });
    planPanel.onDidDispose(() => {
      planPanel = undefined;
    });
  } else {
    planPanel.title = title;
    planPanel.reveal(vscode.ViewColumn.Beside, true);
  }
  const note = document.isDirty ? 'This plan is of the file as saved on disk; unsaved changes are not in it.' : undefined;
  planPanel.webview.html = planHtml(outcome.svg, title, note);
}

export function activate(context: vscode.ExtensionContext): MemlintApi {
  output = vscode.window.createOutputChannel('memlint', { log: true });
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('memlint.fixAll', fixAll),
    vscode.commands.registerCommand('memlint.showPlan', showPlan),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (RESTART_SETTINGS.some((s) => event.affectsConfiguration(s))) {
        void restart();
      }
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void restart()),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void restart()),
    { dispose: () => void stopClient() },
  );
  void restart();
  return {
    get client() {
      return client;
    },
    get server() {
      return serverInfo;
    },
    get ready() {
      return lifecycle;
    },
  };
}

export function deactivate(): Promise<void> {
  lifecycle = lifecycle.then(stopClient, stopClient);
  return lifecycle;
}
