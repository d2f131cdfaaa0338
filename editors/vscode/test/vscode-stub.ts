// A stand-in for the `vscode` module, enough for the bundled extension and
// vscode-languageclient to activate and talk to a server in plain Node.
// Explicit members are the ones the tests look at; anything else the
// client touches gets a harmless default (a no-op returning a disposable, or
// a plain class), so that a new client release does not break the stub.

import * as Module from 'module';
import * as path from 'path';

export class Disposable {
  constructor(private readonly onDispose: () => void = () => {}) {}
  dispose(): void {
    this.onDispose();
  }
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((d) => d?.dispose?.()));
  }
}

export class EventEmitter<T> {
  private listeners: ((e: T) => unknown)[] = [];
  readonly event = (listener: (e: T) => unknown, thisArgs?: unknown, disposables?: Disposable[]): Disposable => {
    const bound = thisArgs === undefined ? listener : listener.bind(thisArgs);
    this.listeners.push(bound);
    const d = new Disposable(() => {
      this.listeners = this.listeners.filter((l) => l !== bound);
    });
    disposables?.push(d);
    return d;
  };
  fire(e: T): void {
    for (const l of [...this.listeners]) {
      l(e);
    }
  }
  dispose(): void {
    this.listeners = [];
  }
}

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

export class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(a: Position | number, b: Position | number, c?: number, d?: number) {
    if (typeof a === 'number') {
      this.start = new Position(a, b as number);
      this.end = new Position(c!, d!);
    } else {
      this.start = a;
      this.end = b as Position;
    }
  }
}

export class Uri {
  static joinPath(base: Uri, ...parts: string[]): Uri {
    return new Uri(base.scheme, path.posix.join(base.fsPath, ...parts));
  }
  private constructor(
    readonly scheme: string,
    readonly fsPath: string,
  ) {}
  get path(): string {
    return this.fsPath;
  }
  static file(p: string): Uri {
    return new Uri('file', p);
  }
  static parse(s: string): Uri {
    const m = /^([a-z][a-z0-9+.-]*):(?:\/\/)?(.*)$/i.exec(s);
    return m ? new Uri(m[1], m[1] === 'file' ? decodeURIComponent(m[2]) : m[2]) : new Uri('file', s);
  }
  toString(): string {
    return this.scheme === 'file' ? `file://${this.fsPath}` : `${this.scheme}:${this.fsPath}`;
  }
  toJSON(): unknown {
    return { scheme: this.scheme, path: this.fsPath };
  }
}

export class CodeActionKind {
  constructor(readonly value: string) {}
  static readonly Empty = new CodeActionKind('');
  static readonly QuickFix = new CodeActionKind('quickfix');
  static readonly Source = new CodeActionKind('source');
  static readonly SourceFixAll = new CodeActionKind('source.fixAll');
  append(part: string): CodeActionKind {
    return new CodeActionKind(this.value ? `${this.value}.${part}` : part);
  }
  contains(other: CodeActionKind): boolean {
    return this.value === other.value || other.value.startsWith(this.value + '.');
  }
  intersects(other: CodeActionKind): boolean {
    return this.contains(other) || other.contains(this);
  }
}

class CancellationTokenSource {
  private readonly emitter = new EventEmitter<void>();
  readonly token = { isCancellationRequested: false, onCancellationRequested: this.emitter.event };
  cancel(): void {
    this.token.isCancellationRequested = true;
    this.emitter.fire();
  }
  dispose(): void {}
}

/** A plain class for any other vscode class or enum the client names. */
function genericClass(name: string): unknown {
  const cls = class {
    constructor(...args: unknown[]) {
      (this as { args?: unknown[] }).args = args;
    }
  };
  Object.defineProperty(cls, 'name', { value: name });
  // Enum members (DiagnosticSeverity.Error, ...) read as their names.
  return new Proxy(cls, {
    get(target, prop, receiver) {
      if (prop in target || typeof prop === 'symbol') {
        return Reflect.get(target, prop, receiver);
      }
      return prop;
    },
  });
}

/** A namespace: explicit members, and for anything else a no-op returning a disposable. */
function namespace(explicit: Record<string, unknown>): Record<string, unknown> {
  return new Proxy(explicit, {
    get(target, prop) {
      if (prop in target || typeof prop === 'symbol') {
        return target[prop as string];
      }
      return () => new Disposable();
    },
  });
}

export interface OutputLine {
  channel: string;
  level: string;
  text: string;
}

export interface StubState {
  settings: Record<string, unknown>;
  workspaceFolders: string[];
  isTrusted: boolean;
  activeTextEditor: unknown;
  commands: Map<string, (...args: unknown[]) => unknown>;
  /** Answers vscode.commands.executeCommand for commands nobody registered. */
  executeCommand: (command: string, ...args: unknown[]) => unknown;
  infoMessages: string[];
  errorMessages: string[];
  warningMessages: string[];
  appliedEdits: unknown[];
  /** When true, message boxes never get an answer (a user who leaves them open). */
  messagesStayOpen: boolean;
  webviews: StubWebview[];
  output: OutputLine[];
  /** The status-bar items created. */
  statusItems: Record<string, unknown>[];
  /** Language configurations set and not disposed, by language id. */
  languageConfigurations: { language: string; configuration: unknown }[];
  /** Installed extensions by id (vscode.extensions.getExtension). */
  extensions: Map<string, { id: string; isActive: boolean; packageJSON: unknown }>;
  /** Fire after changing `extensions`. */
  extensionsChanged: EventEmitter<void>;
  /** Every DiagnosticCollection.set(uri, diagnostics), in order. */
  diagnosticSets: { uri: string; diagnostics: { code?: unknown; message?: unknown }[] }[];
  /** window.showTextDocument calls. */
  shownDocuments: { uri: string; options: unknown }[];
  /** Fire to tell listeners of workspace.onDidChangeTextDocument. */
  textDocumentChanged: EventEmitter<unknown>;
  /** Fire to tell listeners of workspace.onDidChangeConfiguration. */
  configurationChanged: EventEmitter<{ affectsConfiguration(section: string): boolean }>;
}

export interface StubWebview {
  viewType: string;
  title: string;
  html: string;
  options: unknown;
  /** What the extension posted to the page. */
  posted: unknown[];
  /** Fire to deliver a message from the page to the extension. */
  fromPage: EventEmitter<unknown>;
  disposed: boolean;
}

export function createState(): StubState {
  return {
    settings: {},
    workspaceFolders: [],
    isTrusted: true,
    activeTextEditor: undefined,
    commands: new Map(),
    executeCommand: () => undefined,
    infoMessages: [],
    errorMessages: [],
    warningMessages: [],
    appliedEdits: [],
    messagesStayOpen: false,
    webviews: [],
    output: [],
    configurationChanged: new EventEmitter(),
    statusItems: [],
    languageConfigurations: [],
    extensions: new Map(),
    extensionsChanged: new EventEmitter(),
    diagnosticSets: [],
    shownDocuments: [],
    textDocumentChanged: new EventEmitter(),
  };
}

function outputChannel(state: StubState, name: string): Record<string, unknown> {
  const line = (level: string) => (text: string) => state.output.push({ channel: name, level, text: String(text) });
  return namespace({
    name,
    logLevel: 2,
    onDidChangeLogLevel: () => new Disposable(),
    append: line('append'),
    appendLine: line('line'),
    trace: line('trace'),
    debug: line('debug'),
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    replace: () => {},
    clear: () => {},
    show: () => {},
    hide: () => {},
    dispose: () => {},
  });
}

function configuration(state: StubState, section: string | undefined): Record<string, unknown> {
  const key = (k: string) => (section ? `${section}.${k}` : k);
  return {
    get: (k: string, def?: unknown) => (key(k) in state.settings ? state.settings[key(k)] : def),
    has: (k: string) => key(k) in state.settings,
    inspect: (k: string) => ({ key: key(k), globalValue: state.settings[key(k)] }),
    update: async () => {},
  };
}

export function createVscodeStub(state: StubState): Record<string, unknown> {
  const answer = (): Promise<undefined> => (state.messagesStayOpen ? new Promise(() => {}) : Promise.resolve(undefined));
  const explicit: Record<string, unknown> = {
    version: '1.91.0',
    Disposable,
    EventEmitter,
    Position,
    Range,
    Uri,
    CodeActionKind,
    CancellationTokenSource,
    CancellationError: class CancellationError extends Error {},
    LogLevel: { Off: 0, Trace: 1, Debug: 2, Info: 3, Warning: 4, Error: 5 },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    ViewColumn: { Active: -1, Beside: -2, One: 1, Two: 2 },
    // What the extension names itself: the bundle copies the module's
    // members when it loads, so they must exist up front.
    StatusBarAlignment: { Left: 1, Right: 2 },
    SyntaxTokenType: { Other: 'Other', Comment: 'Comment', String: 'String', RegEx: 'RegEx' },
    TextEditorRevealType: { Default: 0, InCenter: 1, InCenterIfOutsideViewport: 2, AtTop: 3 },
    ThemeColor: class ThemeColor {
      constructor(readonly id: string) {}
    },
    window: namespace({
      get activeTextEditor() {
        return state.activeTextEditor;
      },
      visibleTextEditors: [],
      tabGroups: namespace({ all: [] }),
      createOutputChannel: (name: string) => outputChannel(state, name),
      showInformationMessage: (message: string) => {
        state.infoMessages.push(message);
        return answer();
      },
      showWarningMessage: (message: string) => {
        state.warningMessages.push(message);
        return answer();
      },
      showErrorMessage: (message: string) => {
        state.errorMessages.push(message);
        return answer();
      },
      withProgress: async (_options: unknown, task: (p: unknown, t: unknown) => Promise<unknown>) =>
        task({ report: () => {} }, new CancellationTokenSource().token),
      createStatusBarItem: (id: string, alignment: unknown, priority: unknown) => {
        const item: Record<string, unknown> = { id, alignment, priority, visible: false };
        item.show = () => {
          item.visible = true;
        };
        item.hide = () => {
          item.visible = false;
        };
        item.dispose = () => {
          item.disposed = true;
        };
        state.statusItems.push(item);
        return item;
      },
      showTextDocument: async (document: { uri: Uri }, options: unknown) => {
        state.shownDocuments.push({ uri: document.uri.toString(), options });
        return { document, revealRange: () => {} };
      },
      createWebviewPanel: (viewType: string, title: string, _column: unknown, options: unknown) => {
        const record: StubWebview = { viewType, title, html: '', options, posted: [], fromPage: new EventEmitter(), disposed: false };
        state.webviews.push(record);
        const disposeEmitter = new EventEmitter<void>();
        return {
          webview: {
            get html() {
              return record.html;
            },
            set html(value: string) {
              record.html = value;
            },
            cspSource: 'vscode-webview:',
            asWebviewUri: (uri: Uri) => Uri.parse(`vscode-webview-resource:${uri.fsPath}`),
            postMessage: async (message: unknown) => {
              record.posted.push(message);
              return true;
            },
            onDidReceiveMessage: record.fromPage.event,
          },
          get title() {
            return record.title;
          },
          set title(value: string) {
            record.title = value;
          },
          reveal: () => {},
          onDidDispose: disposeEmitter.event,
          dispose: () => {
            record.disposed = true;
            disposeEmitter.fire();
          },
        };
      },
    }),
    workspace: namespace({
      get workspaceFolders() {
        return state.workspaceFolders.map((p, index) => ({ uri: Uri.file(p), name: path.basename(p), index }));
      },
      get isTrusted() {
        return state.isTrusted;
      },
      textDocuments: [],
      notebookDocuments: [],
      getConfiguration: (section?: string) => configuration(state, section),
      onDidChangeConfiguration: state.configurationChanged.event,
      onDidChangeTextDocument: state.textDocumentChanged.event,
      openTextDocument: async (uri: Uri) => ({ uri, fileName: uri.fsPath, languageId: 'mlir' }),
      applyEdit: async (edit: unknown) => {
        state.appliedEdits.push(edit);
        return true;
      },
      createFileSystemWatcher: () => namespace({ dispose: () => {} }),
    }),
    languages: namespace({
      match: () => 0,
      createDiagnosticCollection: (name: string) =>
        namespace({
          name,
          set: (uri: Uri, diagnostics: { code?: unknown; message?: unknown }[]) => {
            state.diagnosticSets.push({ uri: uri.toString(), diagnostics: [...(diagnostics ?? [])] });
          },
          delete: () => {},
          clear: () => {},
          get: () => undefined,
          dispose: () => {},
        }),
      setLanguageConfiguration: (language: string, configuration: unknown) => {
        const entry = { language, configuration };
        state.languageConfigurations.push(entry);
        return new Disposable(() => {
          state.languageConfigurations = state.languageConfigurations.filter((e) => e !== entry);
        });
      },
    }),
    commands: namespace({
      registerCommand: (id: string, handler: (...args: unknown[]) => unknown) => {
        if (state.commands.has(id)) {
          throw new Error(`command ${id} registered twice`);
        }
        state.commands.set(id, handler);
        return new Disposable(() => state.commands.delete(id));
      },
      executeCommand: async (id: string, ...args: unknown[]) => {
        const handler = state.commands.get(id);
        return handler ? handler(...args) : state.executeCommand(id, ...args);
      },
    }),
    env: namespace({ appName: 'Visual Studio Code (stub)', language: 'en', machineId: 'stub', sessionId: 'stub' }),
    extensions: namespace({
      get all() {
        return [...state.extensions.values()];
      },
      getExtension: (id: string) => state.extensions.get(id),
      onDidChange: state.extensionsChanged.event,
    }),
  };
  return new Proxy(explicit, {
    get(target, prop) {
      if (prop in target || typeof prop === 'symbol') {
        return target[prop as string];
      }
      if (/^[A-Z]/.test(prop)) {
        target[prop] = genericClass(prop);
        return target[prop];
      }
      target[prop] = namespace({});
      return target[prop];
    },
  });
}

/** Makes `require('vscode')` return `stub` from now on. */
export function installVscodeStub(stub: unknown): void {
  const mod = Module as unknown as {
    _resolveFilename(request: string, ...rest: unknown[]): string;
  };
  const original = mod._resolveFilename;
  const id = '\0vscode-stub';
  mod._resolveFilename = function (request: string, ...rest: unknown[]): string {
    return request === 'vscode' ? id : original.call(this, request, ...rest);
  };
  const fake = new Module.Module(id);
  fake.filename = id;
  fake.loaded = true;
  fake.exports = stub;
  require.cache[id] = fake;
}
