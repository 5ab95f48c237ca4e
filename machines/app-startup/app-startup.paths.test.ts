/**
 * Path tests of app startup (design.md §3, ADR 003): every state reached and every transition taken, each path
 * replayed on a real actor. Its timers never run side by side, so machine-coverage's clocked replay fits.
 */
import { describe, expect, it } from 'vitest';
import {
  doneEvent,
  errorEvent,
  exploreMachine,
  formatCoverage,
  mergeCoverage,
  printCoverage,
  replayPath,
} from '../../tests/support/machine-coverage';
import { appStartupMachine } from './app-startup.machine';
import type { AppStartupInput } from './app-startup.types';

const machine = appStartupMachine.provide({
  actions: { clearVersionedLocalData: () => {}, reloadPage: () => {} },
});

const events = [
  { type: 'startup.retry' },
  doneEvent('initWorker'),
  errorEvent('initWorker', new TypeError('Failed to fetch')),
  doneEvent('checkVersion', { version: '2.0.0', changed: true }),
  doneEvent('checkVersion', { version: '1.0.0', changed: false }),
  errorEvent('checkVersion', new Error('VERSION_CHECK_ERROR')),
];

const inputs: Array<[string, AppStartupInput]> = [
  ['a browser with service workers', {}],
  ['an embedded web view', { embedded: true }],
  ['no service worker support', { supported: false }],
];
const explorations = inputs.map(([name, input]) => ({
  name,
  input,
  ...exploreMachine(machine, { input, events }),
}));

describe('appStartup paths', () => {
  it('reach every state and take every transition', () => {
    const coverage = mergeCoverage(...explorations.map((e) => e.coverage));
    printCoverage(machine, coverage);
    expect(formatCoverage(machine.id, coverage)).toMatch(
      /states (\d+)\/\1 \(100%\), transitions (\d+)\/\2 \(100%\)/,
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  for (const { name, input, paths } of explorations) {
    describe(name, () => {
      it.each(paths.map((path) => [path.description, path] as const))('replays %s', async (_, path) => {
        await replayPath(machine, path, { input });
      });
    });
  }
});
