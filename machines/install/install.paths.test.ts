/**
 * Path tests of the install prompt (design.md §3, ADR 003). Delayed events are sent, not clocked
 * (tests/support/machines/timed-path-replay.ts): the banners' timers and auto-show run side by side.
 */
import { describe, expect, it } from 'vitest';
import {
  doneEvent,
  errorEvent,
  exploreMachine,
  formatCoverage,
  mergeCoverage,
  printCoverage,
} from '../../tests/support/machine-coverage';
import { replayTimedPath } from '../../tests/support/machines/timed-path-replay';
import { installMachine } from './install.machine';
import type { InstallEvent, InstallInput } from './install.types';

const userEvents: InstallEvent[] = [
  { type: 'install.promptCaptured' },
  { type: 'install.prompt' },
  { type: 'install.installed' },
  { type: 'install.showBanner' },
  { type: 'banner.close' },
  { type: 'autoShow.enable', delay: 5_000 },
  { type: 'autoShow.disable' },
  { type: 'install.autoShow' },
];

const actorEvents = [
  doneEvent('showPrompt', { outcome: 'accepted' }),
  doneEvent('showPrompt', { outcome: 'dismissed' }),
  errorEvent('showPrompt', new Error('NotAllowedError')),
];

const inputs: Array<[string, InstallInput]> = [
  ['a desktop browser', {}],
  ['iOS Safari', { platform: 'ios', deviceType: 'mobile' }],
  ['an Android browser, auto-show off', { platform: 'android', deviceType: 'mobile', autoShow: false }],
  ['opened from the home screen', { standalone: true }],
];
const explorations = inputs.map(([name, input]) => ({
  name,
  input,
  ...exploreMachine(installMachine, { input, events: [...userEvents, ...actorEvents], minimal: true }),
}));

describe('install paths', () => {
  it('reach every state and take every transition', () => {
    const coverage = mergeCoverage(...explorations.map((e) => e.coverage));
    printCoverage(installMachine, coverage);
    expect(formatCoverage(installMachine.id, coverage)).toMatch(
      /states (\d+)\/\1 \(100%\), transitions (\d+)\/\2 \(100%\)/,
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  for (const { name, input, paths } of explorations) {
    describe(name, () => {
      it.each(paths.map((path) => [path.description, path] as const))('replays %s', async (_, path) => {
        await replayTimedPath(installMachine, path, { input, compareContext: true });
      });
    });
  }
});
