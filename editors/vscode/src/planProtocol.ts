// The `memlint/plan` request and the messages between the extension and
// the plan view. Types and checks only: no `vscode`, no DOM, so the
// extension, the webview script and the node tests share this file.

/** An LSP range (0-based lines and characters). */
export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** Params of `memlint/plan`. */
export interface PlanParams {
  textDocument: { uri: string };
  /** The function to plan (with or without `@`); without it, the one at `position`, else the first. */
  function?: string;
  position?: { line: number; character: number };
}

/** One buffer of a memory space: Plan JSON's fields, plus the allocation's range and why it is not in the arena. */
export interface PlanBuffer {
  name: string;
  /** 1-based line of the allocation. */
  line: number;
  /** Static size; null when dynamic. */
  bytes: number | null;
  /** Offset in the arena; null when not in it. */
  offset: number | null;
  live: { start_line: number; end_line: number };
  /** The allocating op, in the client's position encoding. */
  range: LspRange;
  /** Why it is not in the arena ("dynamic size", "several instances live at once"). */
  unplanned?: string;
}

export interface PlanSpace {
  space: string;
  peak_bytes: number;
  lower_bound_bytes: number;
  no_reuse_bytes: number;
  /** The most bytes live at once (no alignment padding) and the first line where that happens. */
  max_live_bytes: number;
  max_live_line: number;
  optimal: boolean;
  method: string;
  /** Set when the arena could not be planned. */
  error?: string;
  buffers: PlanBuffer[];
}

export interface PlanFunction {
  name: string;
  line: number;
  range: LspRange;
  alignment: number;
  spaces: PlanSpace[];
}

/** A function the picker offers. */
export interface PlanFunctionItem {
  name: string;
  line: number;
  buffers: number;
}

/** The answer to `memlint/plan` (null when the document is not open). */
export interface PlanAnswer {
  version: 1;
  uri: string;
  documentVersion: number;
  /** Parse errors in the document: functions inside broken operations are missing. */
  parseErrors: number;
  functions: PlanFunctionItem[];
  /** The function planned; null when the one asked for has no plan (or there is none). */
  function: PlanFunction | null;
}

/** Extension -> view. */
export type ToViewMessage =
  | { type: 'plan'; plan: PlanAnswer; file: string; note?: string }
  | { type: 'status'; message: string; busy?: boolean };

/** View -> extension. */
export type FromViewMessage =
  | { type: 'ready' }
  | { type: 'refresh' }
  | { type: 'selectFunction'; name: string }
  | { type: 'reveal'; uri: string; name: string; line: number; range: LspRange };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

function isPosition(v: unknown): v is { line: number; character: number } {
  return isObject(v) && isCount(v.line) && isCount(v.character);
}

export function isLspRange(v: unknown): v is LspRange {
  return isObject(v) && isPosition(v.start) && isPosition(v.end);
}

/** The message the view posted, checked; undefined when it is not one of ours. */
export function readViewMessage(v: unknown): FromViewMessage | undefined {
  if (!isObject(v)) {
    return undefined;
  }
  switch (v.type) {
    case 'ready':
    case 'refresh':
      return { type: v.type };
    case 'selectFunction':
      return typeof v.name === 'string' && v.name !== '' ? { type: 'selectFunction', name: v.name } : undefined;
    case 'reveal':
      if (typeof v.uri === 'string' && typeof v.name === 'string' && isCount(v.line) && isLspRange(v.range)) {
        return { type: 'reveal', uri: v.uri, name: v.name, line: v.line, range: v.range };
      }
      return undefined;
    default:
      return undefined;
  }
}

/** Checks the shape of a `memlint/plan` answer enough for the view to draw it. */
export function isPlanAnswer(v: unknown): v is PlanAnswer {
  if (!isObject(v) || v.version !== 1 || typeof v.uri !== 'string' || !Array.isArray(v.functions)) {
    return false;
  }
  if (v.function === null) {
    return true;
  }
  const f = v.function;
  return isObject(f) && typeof f.name === 'string' && Array.isArray(f.spaces) &&
    f.spaces.every((s: unknown) => isObject(s) && typeof s.space === 'string' && Array.isArray(s.buffers));
}

/** The request for `uri`: a named function, or the one at `position`. */
export function planParams(uri: string, fn?: string, position?: { line: number; character: number }): PlanParams {
  const params: PlanParams = { textDocument: { uri } };
  if (fn !== undefined && fn !== '') {
    params.function = fn;
  } else if (position !== undefined) {
    params.position = { line: position.line, character: position.character };
  }
  return params;
}
