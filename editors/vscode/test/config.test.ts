import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  capacitiesSetting,
  checkDocsUrl,
  checksSetting,
  editorSettings,
  expandConfiguredPath,
  findOnPath,
  ResolveEnv,
  resolveServerPath,
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

describe('checksSetting', () => {
  it('gives nothing for the default', () => {
    assert.equal(checksSetting(undefined).checks, undefined);
    assert.equal(checksSetting([]).checks, undefined);
    assert.equal(checksSetting(['all']).checks, undefined);
    assert.equal(checksSetting([' all ', '']).checks, undefined);
  });

  it('keeps names and -names, in order, without repeats', () => {
    assert.deepEqual(checksSetting(['all', '-missed-reuse']), { checks: ['all', '-missed-reuse'], problems: [] });
    assert.deepEqual(checksSetting(['leak', 'double-free', 'leak']), { checks: ['leak', 'double-free'], problems: [] });
    assert.deepEqual(checksSetting(['-over-capacity']).checks, ['-over-capacity']);
  });

  it('also takes one comma separated string, or entries holding commas', () => {
    assert.deepEqual(checksSetting('leak, use-after-free').checks, ['leak', 'use-after-free']);
    assert.deepEqual(checksSetting(['all,-leak']).checks, ['all', '-leak']);
  });

  it('passes unknown names on but reports them, and drops what is not a name', () => {
    const r = checksSetting(['leak', 'future-check', 'bad name', 42, '-']);
    assert.deepEqual(r.checks, ['leak', 'future-check']);
    assert.equal(r.problems.length, 4);
    assert.match(r.problems[0].message, /unknown check "future-check"/);
    assert.deepEqual(checksSetting({ leak: true }), {
      checks: undefined,
      problems: [{ setting: 'memlint.checks', message: 'must be an array of check names' }],
    });
  });
});

describe('capacitiesSetting', () => {
  it('gives memory space -> bytes, sorted by space', () => {
    const r = capacitiesSetting({ shared: 49152, default: 1048576 });
    assert.deepEqual(r, { capacities: { default: 1048576, shared: 49152 }, problems: [] });
    assert.deepEqual(Object.keys(r.capacities!), ['default', 'shared']);
    assert.equal(capacitiesSetting({}).capacities, undefined);
    assert.equal(capacitiesSetting(undefined).capacities, undefined);
    assert.deepEqual(capacitiesSetting({ '#gpu.address_space<workgroup>': 0 }).capacities, { '#gpu.address_space<workgroup>': 0 });
  });

  it('accepts digit strings and reports the rest', () => {
    assert.deepEqual(capacitiesSetting({ l1: '4096' }).capacities, { l1: 4096 });
    const r = capacitiesSetting({ a: -1, b: 1.5, c: 'lots', 'x=y': 1, '': 1, ok: 8 });
    assert.deepEqual(r.capacities, { ok: 8 });
    assert.equal(r.problems.length, 5);
    assert.match(r.problems.map((p) => p.message).join('\n'), /ignored a: -1 is not a whole number of bytes/);
    assert.equal(capacitiesSetting([1, 2]).problems.length, 1);
    assert.equal(capacitiesSetting(5).problems.length, 1);
  });

  it('keeps a space named __proto__ as a key', () => {
    const r = capacitiesSetting(JSON.parse('{"__proto__": 16}'));
    assert.equal(JSON.stringify(r.capacities), '{"__proto__":16}');
  });
});

describe('editorSettings', () => {
  it('is empty by default: no key, nothing set', () => {
    assert.deepEqual(editorSettings({}), { settings: {}, problems: [] });
    assert.deepEqual(editorSettings({ checks: ['all'], capacities: {} }), { settings: {}, problems: [] });
  });

  it('holds what the settings set, in the JSON the server takes', () => {
    const r = editorSettings({ checks: ['all', '-leak'], capacities: { shared: 64, default: '128' } });
    assert.deepEqual(r.settings, { checks: ['all', '-leak'], capacities: { default: 128, shared: 64 } });
    assert.equal(JSON.stringify(r.settings), '{"checks":["all","-leak"],"capacities":{"default":128,"shared":64}}');
    assert.deepEqual(editorSettings({ capacities: { l1: 1 } }).settings, { capacities: { l1: 1 } });
  });

  it('reports the problems of both settings', () => {
    const r = editorSettings({ checks: 7, capacities: { a: 'x' } });
    assert.deepEqual(r.settings, {});
    assert.deepEqual(
      r.problems.map((p) => p.setting),
      ['memlint.checks', 'memlint.capacities'],
    );
  });
});

describe('checkDocsUrl', () => {
  const bundled = 'file:///home/me/.vscode/extensions/memlint.memlint-0.1.0/docs/checks';

  it('is the bundled page with a literal {check} when the setting is empty', () => {
    const expected = { url: `${bundled}/{check}.md`, problems: [] };
    assert.deepEqual(checkDocsUrl(undefined, bundled), expected);
    assert.deepEqual(checkDocsUrl('', bundled), expected);
    assert.deepEqual(checkDocsUrl('  ', bundled), expected);
    assert.deepEqual(checkDocsUrl(undefined, bundled + '/'), expected);
  });

  it('takes the setting as it is', () => {
    assert.equal(checkDocsUrl('https://memlint.dev/checks/{check}', bundled).url, 'https://memlint.dev/checks/{check}');
    assert.equal(checkDocsUrl(' https://memlint.dev/checks ', bundled).url, 'https://memlint.dev/checks');
    assert.equal(checkDocsUrl('file:///srv/memlint/docs/checks/{check}.md', bundled).url, 'file:///srv/memlint/docs/checks/{check}.md');
  });

  it('ignores what is not an http, https or file URL, saying so', () => {
    for (const value of ['command:workbench.action.openSettings', 'memlint.dev/checks', 'javascript:alert(1)', 42]) {
      const r = checkDocsUrl(value, bundled);
      assert.equal(r.url, `${bundled}/{check}.md`, String(value));
      assert.equal(r.problems.length, 1);
      assert.equal(r.problems[0].setting, 'memlint.checkDocsUrl');
      assert.match(r.problems[0].message, /not an http, https or file URL/);
    }
  });
});
