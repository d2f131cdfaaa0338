// The memory-plan view in VS Code: one webview panel that follows an MLIR
// document, asks the server for one function's plan (`memlint/plan`, on
// the text as it is in the editor, saved or not), draws it with the page of
// planPage.ts, re-plans after edits, and reveals an allocation when the
// page says a buffer was clicked.

import * as crypto from 'crypto';
import * as path from 'path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { newNonce, planPageHtml } from './planPage';
import { isPlanAnswer, planParams, PlanAnswer, readViewMessage, ToViewMessage, FromViewMessage } from './planProtocol';

export const PLAN_REQUEST = 'memlint/plan';
/** Edits closer together than this are planned once. */
const REPLAN_DELAY_MS = 400;

export interface PlanHost {
  /** The running client, or undefined. */
  client(): LanguageClient | undefined;
  log(message: string): void;
}

export class PlanPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private document: vscode.TextDocument | undefined;
  private functionName: string | undefined;
  private latest: ToViewMessage | undefined;
  private replanTimer: ReturnType<typeof setTimeout> | undefined;
  private requestSerial = 0;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly host: PlanHost,
  ) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.panel !== undefined && e.document === this.document && e.contentChanges.length > 0) {
          this.scheduleReplan();
        }
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (d === this.document) {
          this.post({ type: 'status', message: `${path.basename(d.fileName)} was closed` });
          this.document = undefined;
        }
      }),
    );
  }

  /** Shows the plan of the function at the cursor of `editor`. */
  async show(editor: vscode.TextEditor): Promise<void> {
    this.document = editor.document;
    this.functionName = undefined;
    const title = `Memory plan: ${path.basename(editor.document.fileName)}`;
    if (this.panel === undefined) {
      this.panel = vscode.window.createWebviewPanel(
        'memlint.plan',
        title,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        {
          enableScripts: true,
          enableCommandUris: false,
          localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist')],
        },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.latest = undefined;
        clearTimeout(this.replanTimer);
      });
      this.panel.webview.onDidReceiveMessage((m: unknown) => this.onMessage(m));
    } else {
      this.panel.title = title;
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    const first = await this.request(planParams(editor.document.uri.toString(), undefined, editor.selection.active));
    this.setPage(first);
  }

  private setPage(initial: ToViewMessage | undefined): void {
    if (this.panel === undefined) {
      return;
    }
    const webview = this.panel.webview;
    this.panel.webview.html = planPageHtml({
      nonce: newNonce((n) => crypto.randomBytes(n)),
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'planView.js')).toString(),
      title: this.panel.title,
      initial,
    });
  }

  private post(message: ToViewMessage): void {
    if (message.type === 'plan') {
      this.latest = message;
    }
    void this.panel?.webview.postMessage(message);
  }

  private scheduleReplan(): void {
    clearTimeout(this.replanTimer);
    this.replanTimer = setTimeout(() => void this.replan(), REPLAN_DELAY_MS);
  }

  private async replan(): Promise<void> {
    if (this.document === undefined) {
      return;
    }
    const message = await this.request(planParams(this.document.uri.toString(), this.functionName));
    if (message !== undefined) {
      this.post(message);
    }
  }

  /** Asks the server; the answer as a message for the page (a plan or a status line). Stale answers are dropped. */
  private async request(params: ReturnType<typeof planParams>): Promise<ToViewMessage | undefined> {
    const serial = ++this.requestSerial;
    const client = this.host.client();
    const document = this.document;
    if (client === undefined || document === undefined) {
      return { type: 'status', message: 'The memlint language server is not running: see the memlint output, or run "memlint: Restart server".' };
    }
    let answer: unknown;
    try {
      answer = await client.sendRequest(PLAN_REQUEST, params);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.host.log(`${PLAN_REQUEST}: ${reason}`);
      return { type: 'status', message: `No plan: ${reason}` };
    }
    if (serial !== this.requestSerial) {
      return undefined;
    }
    if (answer === null) {
      return { type: 'status', message: `The server has no analysis of ${path.basename(document.fileName)}.` };
    }
    if (!isPlanAnswer(answer)) {
      this.host.log(`${PLAN_REQUEST}: an answer of an unknown shape`);
      return { type: 'status', message: 'No plan: the server answered something this extension does not read (update memlint?).' };
    }
    const plan: PlanAnswer = answer;
    this.functionName = plan.function?.name ?? this.functionName;
    return { type: 'plan', plan, file: path.basename(document.fileName) };
  }

  private async onMessage(raw: unknown): Promise<void> {
    const message: FromViewMessage | undefined = readViewMessage(raw);
    if (message === undefined || this.panel === undefined) {
      return;
    }
    switch (message.type) {
      case 'ready':
        // The page was (re)loaded: give it the latest plan.
        if (this.latest !== undefined) {
          this.post(this.latest);
        }
        return;
      case 'refresh':
        await this.replan();
        return;
      case 'selectFunction':
        this.functionName = message.name;
        await this.replan();
        return;
      case 'reveal':
        await this.reveal(message.uri, message.range);
        return;
    }
  }

  private async reveal(uri: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }): Promise<void> {
    const target = vscode.Uri.parse(uri);
    const r = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
    const shown = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === target.toString());
    const document = shown?.document ?? (await vscode.workspace.openTextDocument(target));
    const editor = await vscode.window.showTextDocument(document, {
      viewColumn: shown?.viewColumn ?? vscode.ViewColumn.One,
      selection: r,
      // The view keeps the focus: hover and click on, the editor follows.
      preserveFocus: true,
    });
    editor.revealRange(r, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    clearTimeout(this.replanTimer);
    this.panel?.dispose();
    for (const d of this.subscriptions) {
      d.dispose();
    }
  }
}
