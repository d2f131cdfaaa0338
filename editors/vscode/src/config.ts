// Settings -> server command line. No `vscode` import here: this module is
// tested with plain `node --test`.

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

/** A setting value that could not be used, with the reason. */
export interface SettingProblem {
  setting: string;
  message: string;
}

export interface ChecksResult {
  /** `--checks=...`, or undefined when the default (`all`) applies. */
  arg: string | undefined;
  problems: SettingProblem[];
}

/**
 * `memlint.checks` -> `--checks=LIST`. Accepts an array of entries (or one
 * comma separated string): `name` enables, `-name` disables, `all` is every
 * check. Empty or just `all` gives no argument, since `all` is the default.
 */
export function checksArgument(value: unknown): ChecksResult {
  const problems: SettingProblem[] = [];
  let raw: unknown[];
  if (value === undefined || value === null) {
    raw = [];
  } else if (typeof value === 'string') {
    raw = value.split(',');
  } else if (Array.isArray(value)) {
    raw = value.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  } else {
    return { arg: undefined, problems: [{ setting: 'memlint.checks', message: 'must be an array of check names' }] };
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
    return { arg: undefined, problems };
  }
  return { arg: `--checks=${entries.join(',')}`, problems };
}

export interface CapacitiesResult {
  /** Pairs of `--capacity`, `SPACE=BYTES`, spaces sorted by name. */
  args: string[];
  problems: SettingProblem[];
}

/** `memlint.capacities` (memory space -> bytes) -> `--capacity SPACE=BYTES` arguments. */
export function capacityArguments(value: unknown): CapacitiesResult {
  const problems: SettingProblem[] = [];
  if (value === undefined || value === null) {
    return { args: [], problems };
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { args: [], problems: [{ setting: 'memlint.capacities', message: 'must be an object mapping memory space to bytes' }] };
  }
  const args: string[] = [];
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
    args.push('--capacity', `${space}=${n}`);
  }
  return { args, problems };
}

export interface ServerSettings {
  checks?: unknown;
  capacities?: unknown;
}

/** The full argument list of the language server: `lsp` and the options. */
export function serverArguments(settings: ServerSettings): { args: string[]; problems: SettingProblem[] } {
  const checks = checksArgument(settings.checks);
  const capacities = capacityArguments(settings.capacities);
  const args = ['lsp'];
  if (checks.arg !== undefined) {
    args.push(checks.arg);
  }
  args.push(...capacities.args);
  return { args, problems: [...checks.problems, ...capacities.problems] };
}
