import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  diagnosticCode,
  filterParseErrors,
  MLIR_LANGUAGE_CONFIGURATION,
  OFFICIAL_MLIR_EXTENSION,
  readParseErrorsMode,
  showParseErrors,
} from '../src/coexist';

describe('memlint.parseErrors', () => {
  it('reads auto, always, never; anything else is auto', () => {
    assert.equal(readParseErrorsMode('always'), 'always');
    assert.equal(readParseErrorsMode('never'), 'never');
    assert.equal(readParseErrorsMode('auto'), 'auto');
    for (const junk of [undefined, null, 'ALWAYS', 1, {}]) {
      assert.equal(readParseErrorsMode(junk), 'auto');
    }
  });

  it('auto leaves parse errors to the official MLIR extension', () => {
    assert.equal(showParseErrors('auto', false), true);
    assert.equal(showParseErrors('auto', true), false);
    assert.equal(showParseErrors('always', true), true);
    assert.equal(showParseErrors('never', false), false);
  });

  it('filters by the diagnostic code, in any of its shapes, and nothing else', () => {
    const diagnostics = [
      { code: 'parse-error', message: 'a' },
      { code: { value: 'parse-error', target: 'https://x' }, message: 'b' },
      { code: 'leak', message: 'c' },
      { code: { value: 'leak' }, message: 'd' },
      { message: 'no code' },
      { code: 7, message: 'number' },
    ];
    assert.deepEqual(
      filterParseErrors(diagnostics, false).map((d) => d.message),
      ['c', 'd', 'no code', 'number'],
    );
    assert.deepEqual(filterParseErrors(diagnostics, true), diagnostics);
    assert.equal(diagnosticCode({ value: 3 }), '3');
    assert.equal(diagnosticCode(undefined), undefined);
    assert.equal(diagnosticCode({ target: 'x' }), undefined);
  });
});

describe('the mlir language configuration', () => {
  it('has // comments and (), [], {} brackets, not <>', () => {
    assert.equal(OFFICIAL_MLIR_EXTENSION, 'llvm-vs-code-extensions.vscode-mlir');
    assert.deepEqual(MLIR_LANGUAGE_CONFIGURATION.comments, { lineComment: '//' });
    const brackets = MLIR_LANGUAGE_CONFIGURATION.brackets.flat();
    assert.ok(!brackets.includes('<') && !brackets.includes('>'));
    assert.deepEqual(MLIR_LANGUAGE_CONFIGURATION.brackets, [
      ['{', '}'],
      ['[', ']'],
      ['(', ')'],
    ]);
    assert.ok(!MLIR_LANGUAGE_CONFIGURATION.autoClosingPairs.some((p) => p.open === '<'));
  });
});
