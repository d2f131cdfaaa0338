import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  capacityArguments,
  checksArgument,
  expandConfiguredPath,
  findOnPath,
  ResolveEnv,
  resolveServerPath,
  serverArguments,
} from '../src/config';

function env(over: Partial<ResolveEnv> & { executables?: string[] } = {}): ResolveEnv {
  const executables = new Set(over.executables ?? []);
  return {
    configured: undefined,
    workspaceFolders: [],
    pathVariable: '/usr/local/bin:/usr/bin',
    platform: 'linux',
    homeDir: '/home/me',
    isExecutable: (f) => executables.has(f),
    ...over,
  };
}

describe('resolveServerPath', () => {
  it('takes the setting first, even when a workspace build exists', () => {
    const e = env({ configured: '/opt/memlint/bin/memlint', workspaceFolders: ['/ws'], executables: ['/ws/build/cli/memlint'] });
    assert.deepEqual(resolveServerPath(e), { command: '/opt/memlint/bin/memlint', source: 'setting' });
  });

  it('keeps a set path that does not exist (the start error then names it)', () => {
    assert.deepEqual(resolveServerPath(env({ configured: '/nowhere/memlint' })), { command: '/nowhere/memlint', source: 'setting' });
  });

  it('expands ~ and ${workspaceFolder}, and anchors relative paths at the first folder', () => {
    const e = env({ workspaceFolders: ['/ws', '/other'] });
    assert.equal(resolveServerPath({ ...e, configured: '~/bin/memlint' }).command, '/home/me/bin/memlint');
    assert.equal(resolveServerPath({ ...e, configured: '${workspaceFolder}/out/memlint' }).command, '/ws/out/memlint');
    assert.equal(resolveServerPath({ ...e, configured: 'build-debug/cli/memlint' }).command, '/ws/build-debug/cli/memlint');
    assert.equal(resolveServerPath({ ...e, configured: './memlint' }).command, '/ws/memlint');
  });

  it('looks a bare name from the setting up on PATH', () => {
    const e = env({ configured: 'memlint-dev', executables: ['/usr/bin/memlint-dev'], workspaceFolders: ['/ws'] });
    assert.deepEqual(resolveServerPath(e), { command: '/usr/bin/memlint-dev', source: 'setting' });
    assert.deepEqual(resolveServerPath({ ...e, isExecutable: () => false }), { command: 'memlint-dev', source: 'setting' });
  });

  it('treats a blank setting as not set', () => {
    const e = env({ configured: '  ', workspaceFolders: ['/ws'], executables: ['/ws/build/cli/memlint'] });
    assert.deepEqual(resolveServerPath(e), { command: '/ws/build/cli/memlint', source: 'workspace' });
  });

  it('uses build/cli/memlint of the first workspace folder that has it', () => {
    const e = env({ workspaceFolders: ['/a', '/b', '/c'], executables: ['/b/build/cli/memlint', '/c/build/cli/memlint', '/usr/bin/memlint'] });
    assert.deepEqual(resolveServerPath(e), { command: '/b/build/cli/memlint', source: 'workspace' });
  });

  it('uses the bin/memlint of the extension after a workspace build and before PATH', () => {
    const executables = ['/ext/bin/memlint', '/usr/local/bin/memlint'];
    const e = env({ workspaceFolders: ['/ws'], extensionPath: '/ext', executables });
    assert.deepEqual(resolveServerPath(e), { command: '/ext/bin/memlint', source: 'bundled' });
    const withBuild = env({ workspaceFolders: ['/ws'], extensionPath: '/ext', executables: [...executables, '/ws/build/cli/memlint'] });
    assert.deepEqual(resolveServerPath(withBuild), { command: '/ws/build/cli/memlint', source: 'workspace' });
    assert.deepEqual(resolveServerPath({ ...e, configured: '/opt/memlint' }), { command: '/opt/memlint', source: 'setting' });
    // The platform-neutral .vsix has none: PATH, as before.
    const neutral = env({ extensionPath: '/ext', executables: ['/usr/local/bin/memlint'] });
    assert.deepEqual(resolveServerPath(neutral), { command: '/usr/local/bin/memlint', source: 'path' });
    const win = env({ platform: 'win32', pathVariable: '', extensionPath: 'C:\\ext', executables: ['C:\\ext\\bin\\memlint.exe'] });
    assert.deepEqual(resolveServerPath(win), { command: 'C:\\ext\\bin\\memlint.exe', source: 'bundled' });
  });

  it('falls back to memlint on PATH, then to the bare name', () => {
    const e = env({ workspaceFolders: ['/ws'], executables: ['/usr/bin/memlint', '/usr/local/bin/memlint'] });
    assert.deepEqual(resolveServerPath(e), { command: '/usr/local/bin/memlint', source: 'path' });
    assert.deepEqual(resolveServerPath(env({ workspaceFolders: ['/ws'] })), { command: 'memlint', source: 'fallback' });
    assert.deepEqual(resolveServerPath(env({ pathVariable: undefined })), { command: 'memlint', source: 'fallback' });
  });

  it('knows .exe and ; on Windows', () => {
    const e = env({
      platform: 'win32',
      pathVariable: 'C:\\tools;C:\\memlint\\bin',
      homeDir: 'C:\\Users\\me',
      executables: ['C:\\memlint\\bin\\memlint.exe'],
    });
    assert.deepEqual(resolveServerPath(e), { command: 'C:\\memlint\\bin\\memlint.exe', source: 'path' });
    const ws = env({ platform: 'win32', workspaceFolders: ['C:\\ws'], executables: ['C:\\ws\\build\\cli\\memlint.exe'] });
    assert.deepEqual(resolveServerPath(ws), { command: 'C:\\ws\\build\\cli\\memlint.exe', source: 'workspace' });
  });
});

describe('findOnPath and expandConfiguredPath', () => {
  it('skips empty PATH entries', () => {
    assert.equal(findOnPath('memlint', env({ pathVariable: '::/x', executables: ['/x/memlint', 'memlint'] })), '/x/memlint');
  });

  it('leaves a relative path alone when there is no workspace', () => {
    assert.equal(expandConfiguredPath('bin/memlint', env()), 'bin/memlint');
    assert.equal(expandConfiguredPath('~', env()), '/home/me');
  });
});

describe('checksArgument', () => {
  it('gives no argument for the default', () => {
    assert.equal(checksArgument(undefined).arg, undefined);
    assert.equal(checksArgument([]).arg, undefined);
    assert.equal(checksArgument(['all']).arg, undefined);
    assert.equal(checksArgument([' all ', '']).arg, undefined);
  });

  it('joins names and -names with commas, in order, without repeats', () => {
    assert.deepEqual(checksArgument(['all', '-missed-reuse']), { arg: '--checks=all,-missed-reuse', problems: [] });
    assert.deepEqual(checksArgument(['leak', 'double-free', 'leak']), { arg: '--checks=leak,double-free', problems: [] });
    assert.equal(checksArgument(['-over-capacity']).arg, '--checks=-over-capacity');
  });

  it('also takes one comma separated string, or entries holding commas', () => {
    assert.equal(checksArgument('leak, use-after-free').arg, '--checks=leak,use-after-free');
    assert.equal(checksArgument(['all,-leak']).arg, '--checks=all,-leak');
  });

  it('passes unknown names on but reports them, and drops what is not a name', () => {
    const r = checksArgument(['leak', 'future-check', 'bad name', 42, '-']);
    assert.equal(r.arg, '--checks=leak,future-check');
    assert.equal(r.problems.length, 4);
    assert.match(r.problems[0].message, /unknown check "future-check"/);
    assert.equal(checksArgument({ leak: true }).problems.length, 1);
  });
});

describe('capacityArguments', () => {
  it('gives --capacity SPACE=BYTES pairs, sorted by space', () => {
    assert.deepEqual(capacityArguments({ shared: 49152, default: 1048576 }), {
      args: ['--capacity', 'default=1048576', '--capacity', 'shared=49152'],
      problems: [],
    });
    assert.deepEqual(capacityArguments({}).args, []);
    assert.deepEqual(capacityArguments(undefined).args, []);
    assert.deepEqual(capacityArguments({ '#gpu.address_space<workgroup>': 0 }).args, ['--capacity', '#gpu.address_space<workgroup>=0']);
  });

  it('accepts digit strings and reports the rest', () => {
    assert.deepEqual(capacityArguments({ l1: '4096' }).args, ['--capacity', 'l1=4096']);
    const r = capacityArguments({ a: -1, b: 1.5, c: 'lots', 'x=y': 1, '': 1, ok: 8 });
    assert.deepEqual(r.args, ['--capacity', 'ok=8']);
    assert.equal(r.problems.length, 5);
    assert.equal(capacityArguments([1, 2]).problems.length, 1);
    assert.equal(capacityArguments(5).problems.length, 1);
  });
});

describe('serverArguments', () => {
  it('is just lsp by default', () => {
    assert.deepEqual(serverArguments({}), { args: ['lsp'], problems: [] });
  });

  it('puts the options after the subcommand', () => {
    assert.deepEqual(serverArguments({ checks: ['all', '-leak'], capacities: { default: 64 } }).args, [
      'lsp',
      '--checks=all,-leak',
      '--capacity',
      'default=64',
    ]);
  });
});
