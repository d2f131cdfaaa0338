// Living next to the official MLIR extension
// (llvm-vs-code-extensions.vscode-mlir): the language configuration, and
// which parse errors to show. No `vscode` import: tested in plain node.

/** The official MLIR extension's id. */
export const OFFICIAL_MLIR_EXTENSION = 'llvm-vs-code-extensions.vscode-mlir';

/** The diagnostic code of the server's parse errors (CONTRACT.md, "Language server"). */
export const PARSE_ERROR_CODE = 'parse-error';

export type ParseErrorsMode = 'auto' | 'always' | 'never';

/** `memlint.parseErrors`; anything else reads as the default, `auto`. */
export function readParseErrorsMode(value: unknown): ParseErrorsMode {
  return value === 'always' || value === 'never' ? value : 'auto';
}

/**
 * Whether memlint's own parse errors are shown: always, never, or (auto)
 * unless the official MLIR extension is active, whose mlir-lsp-server
 * reports the same errors.
 */
export function showParseErrors(mode: ParseErrorsMode, officialActive: boolean): boolean {
  return mode === 'always' || (mode === 'auto' && !officialActive);
}

/** A diagnostic's code as a string (LSP allows a number, or `{value, target}` in VS Code). */
export function diagnosticCode(code: unknown): string | undefined {
  if (typeof code === 'string' || typeof code === 'number') {
    return String(code);
  }
  if (typeof code === 'object' && code !== null && 'value' in code) {
    const value = (code as { value: unknown }).value;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  }
  return undefined;
}

/** `diagnostics` without the parse errors when they are not to be shown. */
export function filterParseErrors<T extends { code?: unknown }>(diagnostics: readonly T[], show: boolean): T[] {
  return show ? [...diagnostics] : diagnostics.filter((d) => diagnosticCode(d.code) !== PARSE_ERROR_CODE);
}

/**
 * The `mlir` language configuration memlint sets when the official
 * extension is absent (with it, that extension's configuration applies
 * alone). `<` and `>` are not brackets: `->`, `<=` in affine maps and
 * comparisons would unbalance them.
 */
export const MLIR_LANGUAGE_CONFIGURATION = {
  comments: { lineComment: '//' },
  brackets: [
    ['{', '}'],
    ['[', ']'],
    ['(', ')'],
  ] as [string, string][],
  autoClosingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '(', close: ')' },
    { open: '"', close: '"', notIn: ['string', 'comment'] },
  ] as { open: string; close: string; notIn?: ('string' | 'comment')[] }[],
};
