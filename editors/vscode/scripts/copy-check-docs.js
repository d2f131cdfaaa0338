// Copies the check pages of the memlint repository (docs/checks/*.md) into
// docs/checks/ here, for the .vsix: diagnostics link to them
// (initializationOptions.checkDocsUrl), and VS Code opens them in the
// editor. `npm run build` runs it (build:docs). The copies are build output,
// ignored by git: edit the pages in docs/checks/ of the repository.
//
// The pages are taken from MEMLINT_DOCS_DIR when set (scripts/package.sh
// packages a copy of editors/vscode made elsewhere and sets it), else from
// ../../docs/checks.

'use strict';
const fs = require('fs');
const path = require('path');

const here = path.resolve(__dirname, '..');
const target = path.join(here, 'docs', 'checks');

const candidates = [process.env.MEMLINT_DOCS_DIR, path.join(here, '..', '..', 'docs', 'checks')];
const source = candidates.find((dir) => dir && fs.existsSync(path.join(dir, 'README.md')));
if (source === undefined) {
  console.error(`copy-check-docs: no docs/checks found (looked in ${candidates.filter(Boolean).join(', ')}); set MEMLINT_DOCS_DIR`);
  process.exit(1);
}
if (path.resolve(source) === target) {
  process.exit(0);
}
const pages = fs.readdirSync(source).filter((name) => name.endsWith('.md'));
fs.rmSync(target, { recursive: true, force: true });
fs.mkdirSync(target, { recursive: true });
for (const page of pages) {
  fs.copyFileSync(path.join(source, page), path.join(target, page));
}
console.log(`copy-check-docs: ${pages.length} pages from ${path.relative(here, source) || '.'} to docs/checks/`);
