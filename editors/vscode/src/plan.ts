// `memlint plan --format=svg FILE`: the command, the reading of its result,
// and the webview page. No `vscode` import here.

import * as path from 'path';

export interface PlanCommand {
  command: string;
  args: string[];
  cwd: string;
}

/** The plan command for `file` with the resolved memlint binary. */
export function planCommand(server: string, file: string): PlanCommand {
  return { command: server, args: ['plan', '--format=svg', file], cwd: path.dirname(file) };
}

/** What a finished plan process left behind. */
export interface PlanRun {
  /** The exit code; null when killed by a signal or never started. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Set when the process could not be started or was killed (ENOENT, timeout...). */
  error?: string;
}

export type PlanOutcome = { kind: 'svg'; svg: string } | { kind: 'unavailable'; message: string };

export const PLAN_UNAVAILABLE = 'memlint: the memory plan is unavailable';

function extractSvg(stdout: string): string | undefined {
  const start = stdout.search(/<svg[\s>]/i);
  const end = stdout.toLowerCase().lastIndexOf('</svg>');
  if (start < 0 || end < start) {
    return undefined;
  }
  return stdout.slice(start, end + '</svg>'.length);
}

/**
 * An SVG when the binary printed one and exited 0 or 1 (1: findings, as for
 * every subcommand); otherwise the "unavailable" message with stderr.
 */
export function interpretPlanRun(run: PlanRun): PlanOutcome {
  const svg = extractSvg(run.stdout);
  if (run.error === undefined && (run.exitCode === 0 || run.exitCode === 1) && svg !== undefined) {
    return { kind: 'svg', svg };
  }
  const details = [run.error, run.stderr.trim()].filter((s): s is string => !!s && s.length > 0);
  if (details.length === 0) {
    details.push(run.exitCode === null ? 'no output' : `exit code ${run.exitCode}, no SVG on stdout`);
  }
  return { kind: 'unavailable', message: `${PLAN_UNAVAILABLE}: ${details.join('\n')}` };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The webview page. The SVG is shown through an <img> data URI, so nothing
 * in it can run; the CSP allows only that image and inline styles.
 */
export function planHtml(svg: string, title: string, note?: string): string {
  const data = Buffer.from(svg, 'utf8').toString('base64');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style>
  body { padding: 8px; }
  p.note { font-style: italic; }
  img { display: block; background: white; }
</style>
</head>
<body>
${note ? `<p class="note">${escapeHtml(note)}</p>\n` : ''}<img alt="${escapeHtml(title)}" src="data:image/svg+xml;base64,${data}">
</body>
</html>
`;
}
