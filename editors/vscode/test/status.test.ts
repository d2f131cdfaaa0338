import * as assert from 'node:assert/strict';
import { it } from 'node:test';
import { statusPresentation } from '../src/status';

it('the status-bar item: running and starting open the output, stopped and failed restart', () => {
  const running = statusPresentation({ state: 'running', command: '/usr/bin/memlint' });
  assert.equal(running.text, '$(check) memlint');
  assert.equal(running.command, 'memlint.showOutput');
  assert.match(running.tooltip, /running\n\/usr\/bin\/memlint/);
  assert.equal(running.background, undefined);

  assert.equal(statusPresentation({ state: 'starting' }).text, '$(sync~spin) memlint');

  const failed = statusPresentation({ state: 'failed', command: 'memlint', detail: 'cannot find the language server "memlint".' });
  assert.equal(failed.text, '$(error) memlint');
  assert.equal(failed.command, 'memlint.restartServer');
  assert.equal(failed.background, 'error');
  assert.match(failed.tooltip, /cannot find the language server/);

  const stopped = statusPresentation({ state: 'stopped' });
  assert.equal(stopped.command, 'memlint.restartServer');
  assert.equal(stopped.background, 'warning');
  assert.match(stopped.tooltip, /Click to restart it/);
});
