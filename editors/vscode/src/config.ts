// Settings -> the server's binary, command line and LSP options. No
// `vscode` import here: this module is tested with plain `node --test`.

import * as path from 'path';

/** The check names of CONTRACT.md ("Checks"). Unknown names are still passed on. */
export const KNOWN_CHECKS: readonly string[] = [
  'leak',
  'double-free',
  'use-after-free',
  'invalid-free',
  'missed-reuse',
  'over-capacity',
  'not-checked',
];

/** The default of `memlint.serverPath`: `memlint` looked up on PATH. */
export const DEFAULT_SERVER = 'memlint';

/** Where a workspace build puts the binary, relative to the folder root. */
export const WORKSPACE_BUILD_BINARY = ['build', 'cli', 'memlint'];

/**
 * Where a platform-specific .vsix (`vsce package --target linux-x64`,
 * scripts/package.sh) carries its own binary, relative to the extension's
 * folder.
 */
export const BUNDLED_BINARY = ['bin', 'memlint'];

/** What the resolver may look at; injected so that tests need no real files. */
export interface ResolveEnv {
  /** `memlint.serverPath` when the user set it (any scope), else undefined. */
  configured: string | undefined;
  /** File system paths of the workspace folders, in order. */
  workspaceFolders: readonly string[];
  /** The extension's own folder (context.extensionPath), for a bundled binary. */
  extensionPath?: string;
  /** The PATH variable. */
  pathVariable: string | undefined;
  /** process.platform. */
  platform: string;
  /** The user's home directory, for `~`. */
  homeDir: string;
  /** True when `file` exists and may be executed. */
  isExecutable(file: string): boolean;
}

export type ServerSource = 'setting' | 'workspace' | 'bundled' | 'path' | 'fallback';

export interface ResolvedServer {
  /** The command to spawn: an absolute path, or a bare name left to the OS. */
  command: string;
  /** Which rule chose it, for the log and error messages. */
  source: ServerSource;
}

function exeName(name: string, platform: string): string[] {
  return platform === 'win32' && !/\.(exe|cmd|bat)$/i.test(name) ? [name + '.exe', name] : [name];
}

function hasDirectoryPart(p: string): boolean {
  return p.includes('/') || p.includes('\\');
}

/** Looks `name` up in PATH; undefined when not found there. */
export function findOnPath(name: string, env: Pick<ResolveEnv, 'pathVariable' | 'platform' | 'isExecutable'>): string | undefined {
  if (!env.pathVariable) {
    return undefined;
  }
  const pathApi = env.platform === 'win32' ? path.win32 : path.posix;
  const separator = env.platform === 'win32' ? ';' : ':';
  for (const dir of env.pathVariable.split(separator)) {
    if (dir === '') {
      continue;
    }
    for (const candidate of exeName(name, env.platform)) {
      const full = pathApi.join(dir, candidate);
      if (env.isExecutable(full)) {
        return full;
      }
    }
  }
  return undefined;
}

/** Expands `~` and `${workspaceFolder}`, and anchors a relative path with a directory part at the first folder. */
export function expandConfiguredPath(value: string, env: Pick<ResolveEnv, 'workspaceFolders' | 'homeDir' | 'platform'>): string {
  const pathApi = env.platform === 'win32' ? path.win32 : path.posix;
  const folder = env.workspaceFolders[0];
  let result = value.trim();
  if (folder !== undefined) {
    result = result.split('${workspaceFolder}').join(folder);
  }
  if (result === '~') {
    result = env.homeDir;
  } else if (result.startsWith('~/') || result.startsWith('~\\')) {
    result = pathApi.join(env.homeDir, result.slice(2));
  }
  if (hasDirectoryPart(result) && !pathApi.isAbsolute(result) && folder !== undefined) {
    result = pathApi.join(folder, result);
  }
  return result;
}

/**
 * The memlint binary to run: the `memlint.serverPath` setting when the user
 * set one, else `build/cli/memlint` in the first workspace folder that has it,
 * else the extension's own `bin/memlint` (a platform-specific .vsix), else
 * `memlint` on PATH.
 */
export function resolveServerPath(env: ResolveEnv): ResolvedServer {
  const pathApi = env.platform === 'win32' ? path.win32 : path.posix;
  const configured = env.configured?.trim();
  if (configured) {
    const expanded = expandConfiguredPath(configured, env);
    if (hasDirectoryPart(expanded)) {
      return { command: expanded, source: 'setting' };
    }
    // A bare name: the user means "this name on PATH".
    const found = findOnPath(expanded, env);
    return found ? { command: found, source: 'setting' } : { command: expanded, source: 'setting' };
  }
  for (const folder of env.workspaceFolders) {
    for (const candidate of exeName(pathApi.join(folder, ...WORKSPACE_BUILD_BINARY), env.platform)) {
      if (env.isExecutable(candidate)) {
        return { command: candidate, source: 'workspace' };
      }
    }
  }
  if (env.extensionPath) {
    for (const candidate of exeName(pathApi.join(env.extensionPath, ...BUNDLED_BINARY), env.platform)) {
      if (env.isExecutable(candidate)) {
        return { command: candidate, source: 'bundled' };
      }
    }
  }
  const found = findOnPath(DEFAULT_SERVER, env);
  if (found) {
    return { command: found, source: 'path' };
  }
  return { command: DEFAULT_SERVER, source: 'fallback' };
}

/**
 * The arguments that start the language server. The settings go over LSP
 * instead (editorSettings), so that a change needs no restart.
 */
export const SERVER_ARGUMENTS: readonly string[] = ['lsp'];

/** A setting value that could not be used, with the reason. */
export interface SettingProblem {
  setting: string;
  message: string;
}

export interface ChecksResult {
  /** The entries for the server, or undefined when the default (`all`) applies. */
  checks: string[] | undefined;
  problems: SettingProblem[];
}

/**
 * `memlint.checks` -> the entries of `--checks`. Accepts an array of
 * entries (or one comma separated string): `name` enables, `-name`
 * disables, `all` is every check. Empty or just `all` gives none, since
 * `all` is the default: .memlint.json then decides.
 */
export function checksSetting(value: unknown): ChecksResult {
  const problems: SettingProblem[] = [];
  let raw: unknown[];
  if (value === undefined || value === null) {
    raw = [];
  } else if (typeof value === 'string') {
    raw = value.split(',');
  } else if (Array.isArray(value)) {
    raw = value.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  } else {
    return { checks: undefined, problems: [{ setting: 'memlint.checks', message: 'must be an array of check names' }] };
  }
  const entries: string[] = [];
  for (const item of raw) {
    if (typeof item !== 'string') {
      problems.push({ setting: 'memlint.checks', message: `ignored ${JSON.stringify(item)}: not a string` });
      continue;
    }
    const entry = item.trim();
    if (entry === '') {
      continue;
    }
    if (!/^-?[A-Za-z0-9_.-]+$/.test(entry) || entry === '-') {
      problems.push({ setting: 'memlint.checks', message: `ignored ${JSON.stringify(entry)}: not a check name` });
      continue;
    }
    const name = entry.startsWith('-') ? entry.slice(1) : entry;
    if (name !== 'all' && !KNOWN_CHECKS.includes(name)) {
      problems.push({ setting: 'memlint.checks', message: `unknown check ${JSON.stringify(name)} (passed on to the server)` });
    }
    if (!entries.includes(entry)) {
      entries.push(entry);
    }
  }
  if (entries.length === 0 || (entries.length === 1 && entries[0] === 'all')) {
    return { checks: undefined, problems };
  }
  return { checks: entries, problems };
}

export interface CapacitiesResult {
  /** Memory space -> bytes, spaces sorted by name; undefined when there are none. */
  capacities: Record<string, number> | undefined;
  problems: SettingProblem[];
}

/** `memlint.capacities` (memory space -> bytes) -> what `--capacity SPACE=BYTES` gives, checked. */
export function capacitiesSetting(value: unknown): CapacitiesResult {
  const problems: SettingProblem[] = [];
  if (value === undefined || value === null) {
    return { capacities: undefined, problems };
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    return {
      capacities: undefined,
      problems: [{ setting: 'memlint.capacities', message: 'must be an object mapping memory space to bytes' }],
    };
  }
  const entries: [string, number][] = [];
  for (const space of Object.keys(value).sort()) {
    const bytes = (value as Record<string, unknown>)[space];
    if (space.trim() === '' || space.includes('=')) {
      problems.push({ setting: 'memlint.capacities', message: `ignored memory space ${JSON.stringify(space)}: not a valid name` });
      continue;
    }
    let n: number | undefined;
    if (typeof bytes === 'number') {
      n = bytes;
    } else if (typeof bytes === 'string' && /^\s*\d+\s*$/.test(bytes)) {
      n = Number(bytes);
    }
    if (n === undefined || !Number.isSafeInteger(n) || n < 0) {
      problems.push({ setting: 'memlint.capacities', message: `ignored ${space}: ${JSON.stringify(bytes)} is not a whole number of bytes` });
      continue;
    }
    entries.push([space, n]);
  }
  // fromEntries: a space named `__proto__` stays a key.
  return { capacities: entries.length === 0 ? undefined : Object.fromEntries(entries), problems };
}

/**
 * The editor's settings as the server takes them, in
 * `initializationOptions.settings` and in workspace/didChangeConfiguration's
 * `settings.memlint`: the meaning of `--checks` and `--capacity`, applied
 * over .memlint.json. Each object replaces the previous one; a key left
 * out is not set.
 */
export interface EditorSettings {
  checks?: string[];
  capacities?: Record<string, number>;
}

export interface SettingValues {
  checks?: unknown;
  capacities?: unknown;
}

/** `memlint.checks` and `memlint.capacities` -> EditorSettings, what could not be used reported. */
export function editorSettings(values: SettingValues): { settings: EditorSettings; problems: SettingProblem[] } {
  const checks = checksSetting(values.checks);
  const capacities = capacitiesSetting(values.capacities);
  const settings: EditorSettings = {};
  if (checks.checks !== undefined) {
    settings.checks = checks.checks;
  }
  if (capacities.capacities !== undefined) {
    settings.capacities = capacities.capacities;
  }
  return { settings, problems: [...checks.problems, ...capacities.problems] };
}

/** What the server replaces with a check's name in `initializationOptions.checkDocsUrl`. */
export const CHECK_PLACEHOLDER = '{check}';

/**
 * Where the .vsix carries the check pages (docs/checks/NAME.md, copied from
 * the repository's docs/checks by `npm run build:docs`), relative to the
 * extension's folder.
 */
export const BUNDLED_CHECK_DOCS = ['docs', 'checks'];

/**
 * `initializationOptions.checkDocsUrl`: where a diagnostic's link goes.
 * `memlint.checkDocsUrl` when set (an http, https or file URL; `{check}`
 * stands for the check's name, else the server appends `/NAME`), else the
 * bundled page `NAME.md` in `bundledFolder` (the URI, as a string, of the
 * extension's docs/checks). The placeholder is added after the URI is
 * made, so that it reaches the server as it is, not percent-encoded.
 */
export function checkDocsUrl(configured: unknown, bundledFolder: string): { url: string; problems: SettingProblem[] } {
  const bundled = `${bundledFolder.replace(/\/+$/, '')}/${CHECK_PLACEHOLDER}.md`;
  if (configured === undefined || configured === null || (typeof configured === 'string' && configured.trim() === '')) {
    return { url: bundled, problems: [] };
  }
  if (typeof configured !== 'string' || !/^(https?|file):\/\/\S+$/i.test(configured.trim())) {
    const message = `ignored ${JSON.stringify(configured)}: not an http, https or file URL (the bundled pages are used)`;
    return { url: bundled, problems: [{ setting: 'memlint.checkDocsUrl', message }] };
  }
  return { url: configured.trim(), problems: [] };
}
