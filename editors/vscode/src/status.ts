// The status-bar item's wording for each state of the language server. No
// `vscode` import.

export type ServerState = 'starting' | 'running' | 'stopped' | 'failed';

export interface StatusInput {
  state: ServerState;
  /** The binary, when one was chosen. */
  command?: string;
  /** Why it failed or stopped, when known. */
  detail?: string;
}

export interface StatusPresentation {
  text: string;
  tooltip: string;
  /** The command a click runs. */
  command: string;
  /** An error or warning background, for a server that is not running. */
  background?: 'error' | 'warning';
}

export function statusPresentation(s: StatusInput): StatusPresentation {
  const binary = s.command ? `\n${s.command}` : '';
  const detail = s.detail ? `\n${s.detail}` : '';
  switch (s.state) {
    case 'starting':
      return { text: '$(sync~spin) memlint', tooltip: `memlint: starting the language server${binary}`, command: 'memlint.showOutput' };
    case 'running':
      return { text: '$(check) memlint', tooltip: `memlint: the language server is running${binary}\nClick for its output.`, command: 'memlint.showOutput' };
    case 'stopped':
      return {
        text: '$(debug-stop) memlint',
        tooltip: `memlint: the language server stopped${binary}${detail}\nClick to restart it.`,
        command: 'memlint.restartServer',
        background: 'warning',
      };
    case 'failed':
      return {
        text: '$(error) memlint',
        tooltip: `memlint: the language server could not start${binary}${detail}\nClick to restart it.`,
        command: 'memlint.restartServer',
        background: 'error',
      };
  }
}
