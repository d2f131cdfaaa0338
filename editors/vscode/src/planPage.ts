// The memory-plan view's HTML page: a toolbar (function picker, refresh),
// the charts' container and the tooltip, the style sheet, and the page
// script (webview/planView.ts, bundled to dist/planView.js) loaded with a
// nonce under a strict Content-Security-Policy. No `vscode` import: the
// browser test loads this same page with a recorded plan.

import type { ToViewMessage } from './planProtocol';

export interface PlanPageOptions {
  /** A fresh random value per page: the only scripts and styles that run carry it. */
  nonce: string;
  /** The webview's `cspSource` (where dist/ may be loaded from). */
  cspSource: string;
  /** The URI of dist/planView.js as the webview sees it. */
  scriptUri: string;
  title: string;
  /** Drawn at once, before any message arrives. */
  initial?: ToViewMessage;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** For a double-quoted attribute: the CSP's single quotes stay as they are. */
export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** JSON that can sit inside a <script> element: no `<`, `>`, `&` or line separators that could end it or confuse a parser. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** 32 random characters from [A-Za-z0-9], for a CSP nonce. */
export function newNonce(random: (n: number) => Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(random(32), (b) => alphabet[b % alphabet.length]).join('');
}

export function contentSecurityPolicy(nonce: string, cspSource: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

// VS Code sets the --vscode-* variables; the fallbacks are Dark+'s, for a browser.
const STYLE = `
:root { color-scheme: light dark; }
body {
  margin: 0; padding: 8px 12px 24px;
  font-family: var(--vscode-font-family, system-ui, sans-serif);
  font-size: var(--vscode-font-size, 13px);
  color: var(--vscode-foreground, #cccccc);
  background: var(--vscode-editor-background, #1e1e1e);
}
header { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-bottom: 8px; }
header label { font-weight: 600; }
select, button {
  font: inherit;
  color: var(--vscode-dropdown-foreground, #f0f0f0);
  background: var(--vscode-dropdown-background, #3c3c3c);
  border: 1px solid var(--vscode-dropdown-border, #3c3c3c);
  padding: 2px 6px; border-radius: 2px;
}
button { cursor: pointer; color: var(--vscode-button-secondaryForeground, #ffffff); background: var(--vscode-button-secondaryBackground, #3a3d41); }
button:hover { background: var(--vscode-button-secondaryHoverBackground, #45494e); }
select:focus, button:focus, .buffer:focus, .outside-row:focus { outline: 1px solid var(--vscode-focusBorder, #007fd4); outline-offset: 1px; }
#status { opacity: 0.8; }
#status.busy::after { content: " …"; }
.note { font-style: italic; margin: 4px 0; }
.empty { opacity: 0.8; }
section.space { margin: 12px 0 18px; }
.space-header { display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
.space-header h2 { font-size: 1.1em; margin: 0; }
.summary { opacity: 0.85; }
.zoom-tools { margin-left: auto; display: flex; gap: 4px; }
button.zoom { min-width: 28px; }
svg.chart { display: block; margin-top: 6px; user-select: none; }
.frame { fill: none; stroke: var(--vscode-panel-border, #80808059); }
.grid { stroke: var(--vscode-panel-border, #80808033); stroke-dasharray: 2 3; }
.tick { fill: var(--vscode-descriptionForeground, #9d9d9d); font-size: 11px; }
.buffer { stroke: var(--vscode-editor-background, #1e1e1e); stroke-width: 1; cursor: pointer; fill-opacity: 0.85; }
.buffer:hover, .buffer:focus { fill-opacity: 1; stroke: var(--vscode-editor-foreground, #ffffff); stroke-width: 1.5; }
.buffer-label { fill: #ffffff; font-size: 11px; pointer-events: none; }
.c0 { fill: var(--vscode-charts-blue, #3794ff); }
.c1 { fill: var(--vscode-charts-orange, #d18616); }
.c2 { fill: var(--vscode-charts-green, #89d185); }
.c3 { fill: var(--vscode-charts-purple, #b180d7); }
.c4 { fill: var(--vscode-charts-red, #f14c4c); }
.c5 { fill: var(--vscode-charts-yellow, #cca700); }
.c6 { fill: #2aa198; }
.c7 { fill: #d33682; }
.mark { stroke-width: 1.5; pointer-events: none; }
.mark.peak { stroke: var(--vscode-charts-red, #f14c4c); }
.mark.lower-bound { stroke: var(--vscode-charts-green, #89d185); stroke-dasharray: 6 4; }
.mark.max-live { stroke: var(--vscode-charts-yellow, #cca700); stroke-dasharray: 2 3; }
.mark-label { font-size: 11px; pointer-events: none; paint-order: stroke; stroke: var(--vscode-editor-background, #1e1e1e); stroke-width: 3px; }
.mark-label.peak { fill: var(--vscode-charts-red, #f14c4c); }
.mark-label.lower-bound { fill: var(--vscode-charts-green, #89d185); }
.mark-label.max-live { fill: var(--vscode-charts-yellow, #cca700); }
.outside h3 { font-size: 1em; margin: 8px 0 4px; }
.outside table { border-collapse: collapse; }
.outside th, .outside td { text-align: left; padding: 1px 10px 1px 0; }
.outside-row { cursor: pointer; }
.outside-row:hover { background: var(--vscode-list-hoverBackground, #2a2d2e); }
#tooltip {
  position: fixed; z-index: 10; pointer-events: none; max-width: 360px;
  padding: 6px 8px; border-radius: 3px;
  color: var(--vscode-editorHoverWidget-foreground, #cccccc);
  background: var(--vscode-editorHoverWidget-background, #252526);
  border: 1px solid var(--vscode-editorHoverWidget-border, #454545);
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.36);
}
#tooltip[hidden] { display: none; }
.tt-title { font-weight: 600; font-family: var(--vscode-editor-font-family, monospace); margin-bottom: 2px; }
#tooltip th { text-align: left; font-weight: normal; opacity: 0.75; padding-right: 10px; }
#tooltip td, #tooltip th { padding-top: 0; padding-bottom: 0; }
.tt-hint { margin-top: 4px; opacity: 0.7; font-size: 0.9em; }
`;

export function planPageHtml(o: PlanPageOptions): string {
  const nonce = escapeHtml(o.nonce);
  const data =
    o.initial === undefined
      ? ''
      : `<script type="application/json" id="memlint-plan-data" nonce="${nonce}">${scriptSafeJson(o.initial)}</script>\n`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(o.nonce, o.cspSource))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(o.title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<header>
<label for="function">Function</label>
<select id="function" aria-label="Function to show"></select>
<button id="refresh" title="Plan again">Refresh</button>
<span id="status" role="status"></span>
</header>
<main id="root"></main>
<div id="tooltip" role="tooltip" hidden></div>
${data}<script nonce="${nonce}" src="${escapeHtml(o.scriptUri)}"></script>
</body>
</html>
`;
}
