// The packaged extension: `npm run package` must have written memlint.vsix
// (with the check pages npm run build copies into docs/checks/).

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { it } from 'node:test';
import { KNOWN_CHECKS } from '../src/config';

const root = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
// vsce's default name: NAME-VERSION.vsix.
const vsix = path.join(root, `${manifest.name}-${manifest.version}.vsix`);

/** The names in a zip file, from its central directory (no unzip needed). */
function zipEntries(file: string): string[] {
  const data = fs.readFileSync(file);
  // End of central directory record: signature 0x06054b50, at most 64 KiB + 22 bytes from the end.
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 65557); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  assert.ok(eocd >= 0, `${file} is not a zip file`);
  const count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    assert.equal(data.readUInt32LE(offset), 0x02014b50, 'central directory entry');
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    names.push(data.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

it('the .vsix holds the bundle and the manifest, and nothing it should not', () => {
  assert.ok(fs.existsSync(vsix), `${vsix} is missing: run npm run package first`);
  const names = zipEntries(vsix);
  for (const needed of [
    'extension.vsixmanifest',
    'extension/package.json',
    'extension/dist/extension.js',
    'extension/dist/planView.js',
    'extension/readme.md',
    'extension/images/plan-view.png',
    'extension/images/diagnostics.png',
  ]) {
    assert.ok(names.includes(needed), `${needed} in ${names.join(', ')}`);
  }
  assert.ok(!names.some((n) => n.startsWith('extension/node_modules/')), 'no node_modules');
  assert.ok(
    !names.some((n) => /^extension\/(src|out|test|webview)\//.test(n) || n.endsWith('.map') || n.endsWith('.ts')),
    'no sources, tests or maps',
  );
  assert.ok(!names.includes('extension/language-configuration.json'), 'the language configuration is set at run time');
});

it('the .vsix carries the page of every check, which diagnostics link to', () => {
  const names = zipEntries(vsix);
  const docs = path.resolve(root, '..', '..', 'docs', 'checks');
  for (const check of KNOWN_CHECKS) {
    assert.ok(names.includes(`extension/docs/checks/${check}.md`), `docs/checks/${check}.md in the .vsix`);
  }
  assert.ok(names.includes('extension/docs/checks/README.md'), 'docs/checks/README.md in the .vsix');
  // Exactly the repository's pages: nothing stale, nothing else.
  const pages = names.filter((n) => n.startsWith('extension/docs/')).map((n) => n.slice('extension/docs/checks/'.length));
  assert.deepEqual(pages.sort(), fs.readdirSync(docs).filter((n) => n.endsWith('.md')).sort());
});

it('unzip agrees, where it is installed', (t) => {
  let listing: string;
  try {
    listing = execFileSync('unzip', ['-l', vsix], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      t.skip('no unzip');
      return;
    }
    throw error;
  }
  assert.match(listing, /\sextension\/dist\/extension\.js\n/);
  assert.match(listing, /\sextension\/package\.json\n/);
});

it('package.json is the extension manifest the brief asks for', () => {
  assert.equal(manifest.main, './dist/extension.js');
  assert.deepEqual(manifest.activationEvents, ['onLanguage:mlir']);
  assert.equal(manifest.engines.vscode, '^1.91.0');
  assert.equal(manifest.devDependencies['@types/vscode'], '1.91.0');
  const commands = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
  assert.deepEqual(commands, ['memlint.fixAll', 'memlint.restartServer', 'memlint.showOutput', 'memlint.showPlan']);
  const settings = Object.keys(manifest.contributes.configuration.properties).sort();
  assert.deepEqual(settings, [
    'memlint.capacities',
    'memlint.checkDocsUrl',
    'memlint.checks',
    'memlint.parseErrors',
    'memlint.serverPath',
    'memlint.trace.server',
  ]);
  const docsUrl = manifest.contributes.configuration.properties['memlint.checkDocsUrl'];
  assert.equal(docsUrl.type, 'string');
  assert.equal(docsUrl.default, '');
  assert.match(docsUrl.markdownDescription, /\{check\}/);
  const parseErrors = manifest.contributes.configuration.properties['memlint.parseErrors'];
  assert.deepEqual(parseErrors.enum, ['auto', 'always', 'never']);
  assert.equal(parseErrors.default, 'auto');
  // The language without a configuration file: with the official MLIR
  // extension installed, VS Code would merge two (memlint sets its own at
  // run time only when that extension is absent).
  const mlir = manifest.contributes.languages.filter((l: { id: string }) => l.id === 'mlir');
  assert.equal(mlir.length, 1);
  assert.deepEqual(mlir[0].extensions, ['.mlir']);
  assert.equal(mlir[0].configuration, undefined);
});

it('the README documents every setting and command of the manifest, with its default', () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  for (const [name, schema] of Object.entries(manifest.contributes.configuration.properties) as [string, { default: unknown }][]) {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    assert.ok(row, `a settings table row for ${name}`);
    assert.ok(row.includes(`\`${JSON.stringify(schema.default)}\``), `${name}'s default ${JSON.stringify(schema.default)} in: ${row}`);
  }
  for (const c of manifest.contributes.commands as { command: string; title: string }[]) {
    assert.ok(readme.includes(`**memlint: ${c.title}** (\`${c.command}\`)`), `${c.command} in the README`);
  }
  for (const image of ['images/plan-view.png', 'images/diagnostics.png']) {
    assert.ok(readme.includes(image), `the screenshot ${image}`);
  }
  // Its table of checks is the server's (KNOWN_CHECKS, itself held to the check table by a C++ test).
  const rows = readme.split('\n').filter((line) => /^\| `[a-z-]+` \| (error|warning|information) \|/.test(line));
  assert.deepEqual(rows.map((r) => /^\| `([a-z-]+)`/.exec(r)![1]), [...KNOWN_CHECKS]);
});
