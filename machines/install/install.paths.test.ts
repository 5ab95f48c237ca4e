/**
 * Path tests of the install prompt (docs/architecture.md#statecharts, ADR 003). Delayed events are sent, not
 * clocked (tests/support/machines/timed-path-replay.ts): the banners' timers and auto-show run side by side.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { replayTimedPath } from '../../tests/support/machines/timed-path-replay';
import { installMachine } from './install.machine';
import type { InstallEvent } from './install.types';

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

describeMachinePaths(installMachine, {
  events: [...userEvents, ...actorEvents],
  minimal: true,
  compareContext: true,
  replay: replayTimedPath,
  starts: [
    { name: 'a desktop browser', input: {} },
    { name: 'iOS Safari', input: { platform: 'ios', deviceType: 'mobile' } },
    {
      name: 'an Android browser, auto-show off',
      input: { platform: 'android', deviceType: 'mobile', autoShow: false },
    },
    { name: 'opened from the home screen', input: { standalone: true } },
  ],
});
