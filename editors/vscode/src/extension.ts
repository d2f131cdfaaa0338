// The VS Code side: starts `memlint lsp` for MLIR files, shows its state
// in the status bar, and adds the "Fix all in file", "Show memory plan" and
// "Restart server" commands. Next to the official MLIR extension it adds no
// language configuration of its own and (by default) leaves parse errors to
// it. The settings `checks` and `capacities` reach the running server over
// LSP (initialization options, then workspace/didChangeConfiguration), so a
// change needs no restart; diagnostics link to the check pages the .vsix
// carries (docs/checks/), opened in the editor. The decisions (which
// binary, which settings, which diagnostics, the plan page) live in modules
// that do not need VS Code: config.ts, coexist.ts, status.ts, planPage.ts,
// planProtocol.ts.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
} from 'vscode-languageclient/node';
import {
  filterParseErrors,
  MLIR_LANGUAGE_CONFIGURATION,
  OFFICIAL_MLIR_EXTENSION,
  readParseErrorsMode,
  showParseErrors,
} from './coexist';
import {
  BUNDLED_BINARY,
  BUNDLED_CHECK_DOCS,
  checkDocsUrl,
  EditorSettings,
  editorSettings,
  ResolvedServer,
  resolveServerPath,
  SERVER_ARGUMENTS,
  SettingProblem,
} from './config';
import { PlanPanel } from './planPanel';
import { ServerState, statusPresentation } from './status';

export const FIX_ALL_KIND = 'source.fixAll.memlint';
/** Settings the server reads once, at start. */
const RESTART_SETTINGS = ['memlint.serverPath', 'memlint.checkDocsUrl'];
/** Settings sent to the running server (workspace/didChangeConfiguration). */
const LIVE_SETTINGS = ['memlint.checks', 'memlint.capacities'];

/** What activate returns: for other extensions and for the tests. */
export interface MemlintApi {
  /** The running client, if any. */
  readonly client: LanguageClient | undefined;
  /** The binary and arguments the client was started with. */
  readonly server: { command: string; args: string[]; source: ResolvedServer['source'] } | undefined;
  /** Settles when the latest (re)start has finished, successfully or not. */
  readonly ready: Promise<void>;
  /** What the status-bar item shows. */
  readonly state: ServerState;
  /** memlint sets the `mlir` language configuration (the official MLIR extension is absent). */
  readonly languageConfigured: boolean;
  /** memlint's parse errors are shown now (`memlint.parseErrors`). */
  readonly parseErrorsShown: boolean;
}

let client: LanguageClient | undefined;
let serverInfo: MemlintApi['server'];
let output: vscode.LogOutputChannel;
let lifecycle: Promise<void> = Promise.resolve();
let planPanel: PlanPanel | undefined;
let statusItem: vscode.StatusBarItem | undefined;
let serverState: ServerState = 'stopped';
let stateDetail: string | undefined;
let languageConfiguration: vscode.Disposable | undefined;
/** The extension's folder: a platform-specific .vsix has bin/memlint in it. */
let extensionPath: string | undefined;
/** The extension's folder as a URI: docs/checks/ holds the check pages. */
let extensionUri: vscode.Uri | undefined;
/** The diagnostics the server last published per document, parse errors included. */
const publishedDiagnostics = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The bundled binary, made executable if unpacking lost its mode bits (a
 * .vsix is a zip file). Nothing happens when there is none.
 */
function prepareBundledBinary(folder: string): void {
  const file = path.join(folder, ...BUNDLED_BINARY);
  try {
    if (process.platform !== 'win32' && fs.statSync(file).isFile() && !isExecutable(file)) {
      fs.chmodSync(file, 0o755);
    }
  } catch {
    // No bundled binary (the platform-neutral .vsix), or a read-only folder:
    // the resolver then goes on to PATH.
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
    extensionPath,
    pathVariable: process.env.PATH,
    platform: process.platform,
    homeDir: os.homedir(),
    isExecutable,
  });
}

function warn(problems: SettingProblem[]): void {
  for (const problem of problems) {
    output.warn(`${problem.setting}: ${problem.message}`);
  }
}

/** `memlint.checks` and `memlint.capacities` as the server takes them; what cannot be used is logged. */
function currentSettings(): EditorSettings {
  const config = vscode.workspace.getConfiguration('memlint');
  const { settings, problems } = editorSettings({ checks: config.get('checks'), capacities: config.get('capacities') });
  warn(problems);
  return settings;
}

/** Where diagnostics link to: `memlint.checkDocsUrl`, else the pages in the extension. */
function currentCheckDocsUrl(): string {
  const bundled = extensionUri === undefined ? '' : vscode.Uri.joinPath(extensionUri, ...BUNDLED_CHECK_DOCS).toString();
  const { url, problems } = checkDocsUrl(vscode.workspace.getConfiguration('memlint').get('checkDocsUrl'), bundled);
  warn(problems);
  return url;
}

async function startClient(): Promise<void> {
  const server = currentServer();
  const args = [...SERVER_ARGUMENTS];
  const initializationOptions = { checkDocsUrl: currentCheckDocsUrl(), settings: currentSettings() };
  serverInfo = { command: server.command, args, source: server.source };
  output.info(`starting ${server.command} ${args.join(' ')} (from ${server.source}), settings ${JSON.stringify(initializationOptions.settings)}`);

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
    initializationOptions,
    middleware: {
      // Parse errors may be the official MLIR extension's to report
      // (memlint.parseErrors): keep what came, show what is wanted.
      handleDiagnostics: (uri, diagnostics, next) => {
        if (diagnostics.length === 0) {
          publishedDiagnostics.delete(uri.toString());
        } else {
          publishedDiagnostics.set(uri.toString(), { uri, diagnostics });
        }
        next(uri, filterParseErrors(diagnostics, parseErrorsShown()));
      },
    },
  };
  const hint =
    server.source === 'fallback'
      ? 'memlint is not on PATH, this extension carries no bin/memlint and no build/cli/memlint was found in the workspace; set memlint.serverPath.'
      : 'Check memlint.serverPath.';
  // A missing binary is the common case: say so once, in our words, rather
  // than let the client report a failed spawn as well.
  if (server.source === 'fallback' || (path.isAbsolute(server.command) && !isExecutable(server.command))) {
    reportStartFailure(`memlint: cannot find the language server "${server.command}". ${hint}`);
    return;
  }
  setState('starting');
  try {
    const started = new LanguageClient('memlint', 'memlint', serverOptions, clientOptions);
    client = started;
    started.onDidChangeState((e) => {
      if (client !== started) {
        return;
      }
      if (e.newState === State.Running) {
        setState('running');
      } else if (e.newState === State.Starting) {
        setState('starting');
      } else if (serverState !== 'failed') {
        setState('stopped', 'It exited; the memlint output says why.');
      }
    });
    await started.start();
    if (client === started && started.state === State.Running) {
      setState('running');
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    reportStartFailure(`memlint: could not start the language server "${server.command}": ${reason}. ${hint}`);
  }
}

function setState(state: ServerState, detail?: string): void {
  serverState = state;
  stateDetail = detail;
  if (statusItem === undefined) {
    return;
  }
  const p = statusPresentation({ state, command: serverInfo?.command, detail });
  statusItem.text = p.text;
  statusItem.tooltip = p.tooltip;
  statusItem.command = p.command;
  statusItem.backgroundColor =
    p.background === undefined ? undefined : new vscode.ThemeColor(p.background === 'error' ? 'statusBarItem.errorBackground' : 'statusBarItem.warningBackground');
  statusItem.show();
}

function reportStartFailure(message: string): void {
  setState('failed', message.replace(/^memlint: /, ''));
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
  publishedDiagnostics.clear();
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

/**
 * Sends `memlint.checks` and `memlint.capacities` to the running server,
 * after any start or stop still running (a start in progress has read
 * them already, perhaps before the change). A server not running gets them
 * at its next start.
 */
function sendSettings(): Promise<void> {
  lifecycle = lifecycle
    .then(async () => {
      if (client === undefined || client.state !== State.Running) {
        return;
      }
      const settings = currentSettings();
      output.info(`settings ${JSON.stringify(settings)}`);
      await client.sendNotification(DidChangeConfigurationNotification.type, { settings: { memlint: settings } });
    })
    .catch((error) => output.error(`sending the settings: ${error instanceof Error ? error.message : String(error)}`));
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

/** memlint.showPlan: the memory plan of the function at the cursor, drawn beside the editor. */
async function showPlan(context: vscode.ExtensionContext): Promise<void> {
  const editor = activeMlirEditor();
  if (editor === undefined) {
    return;
  }
  if (planPanel === undefined) {
    planPanel = new PlanPanel(context.extensionUri, {
      client: () => (client !== undefined && client.state === State.Running ? client : undefined),
      log: (message) => output.warn(message),
    });
    context.subscriptions.push(planPanel);
  }
  await planPanel.show(editor);
}

function officialMlirExtension(): vscode.Extension<unknown> | undefined {
  return vscode.extensions.getExtension(OFFICIAL_MLIR_EXTENSION);
}

/**
 * True when memlint's parse errors are to be shown. `auto` leaves them to
 * the official MLIR extension when it is installed and enabled: it
 * activates on every MLIR file (as memlint does), and its mlir-lsp-server
 * reports the same errors. Asking `isActive` instead would race with its
 * activation on the first file opened.
 */
function parseErrorsShown(): boolean {
  const mode = readParseErrorsMode(vscode.workspace.getConfiguration('memlint').get('parseErrors'));
  return showParseErrors(mode, officialMlirExtension() !== undefined);
}

/** Shows the kept diagnostics again through the current filter (the setting or the extensions changed). */
function refilterDiagnostics(): void {
  const collection = client?.diagnostics;
  if (collection === undefined) {
    return;
  }
  const show = parseErrorsShown();
  for (const { uri, diagnostics } of publishedDiagnostics.values()) {
    collection.set(uri, filterParseErrors(diagnostics, show));
  }
}

/**
 * The `mlir` language configuration (comments, brackets), set by memlint
 * only when the official MLIR extension, which has its own, is absent: the
 * manifest contributes the language without a configuration file, since
 * VS Code would merge two.
 */
function updateLanguageConfiguration(): void {
  const official = officialMlirExtension() !== undefined;
  if (official && languageConfiguration !== undefined) {
    languageConfiguration.dispose();
    languageConfiguration = undefined;
    output.info(`${OFFICIAL_MLIR_EXTENSION} is present: its MLIR language configuration applies`);
  } else if (!official && languageConfiguration === undefined) {
    const tokenType = { string: vscode.SyntaxTokenType.String, comment: vscode.SyntaxTokenType.Comment };
    languageConfiguration = vscode.languages.setLanguageConfiguration('mlir', {
      comments: MLIR_LANGUAGE_CONFIGURATION.comments,
      brackets: MLIR_LANGUAGE_CONFIGURATION.brackets,
      autoClosingPairs: MLIR_LANGUAGE_CONFIGURATION.autoClosingPairs.map((p) => ({
        open: p.open,
        close: p.close,
        notIn: p.notIn?.map((t) => tokenType[t]),
      })),
    });
  }
}

export function activate(context: vscode.ExtensionContext): MemlintApi {
  output = vscode.window.createOutputChannel('memlint', { log: true });
  extensionPath = context.extensionPath;
  extensionUri = context.extensionUri;
  if (extensionPath) {
    prepareBundledBinary(extensionPath);
  }
  statusItem = vscode.window.createStatusBarItem('memlint.status', vscode.StatusBarAlignment.Right, 100);
  statusItem.name = 'memlint';
  setState(serverState, stateDetail);
  updateLanguageConfiguration();
  context.subscriptions.push(
    output,
    statusItem,
    vscode.commands.registerCommand('memlint.fixAll', fixAll),
    vscode.commands.registerCommand('memlint.showPlan', () => showPlan(context)),
    vscode.commands.registerCommand('memlint.restartServer', () => {
      output.info('restarting the server (memlint.restartServer)');
      return restart();
    }),
    vscode.commands.registerCommand('memlint.showOutput', () => output.show(true)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (RESTART_SETTINGS.some((s) => event.affectsConfiguration(s))) {
        void restart();
        return;
      }
      if (LIVE_SETTINGS.some((s) => event.affectsConfiguration(s))) {
        void sendSettings();
      }
      if (event.affectsConfiguration('memlint.parseErrors')) {
        refilterDiagnostics();
      }
    }),
    vscode.extensions.onDidChange(() => {
      updateLanguageConfiguration();
      refilterDiagnostics();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void restart()),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void restart()),
    {
      dispose: () => {
        languageConfiguration?.dispose();
        languageConfiguration = undefined;
        statusItem = undefined;
        planPanel = undefined;
        void stopClient();
      },
    },
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
    get state() {
      return serverState;
    },
    get languageConfigured() {
      return languageConfiguration !== undefined;
    },
    get parseErrorsShown() {
      return parseErrorsShown();
    },
  };
}

export function deactivate(): Promise<void> {
  lifecycle = lifecycle.then(stopClient, stopClient);
  return lifecycle;
}
