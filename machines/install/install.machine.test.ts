import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { installMachine } from './install.machine';
import {
  selectAutoShow,
  selectBanner,
  selectCanInstall,
  selectCanShowInstallPrompt,
  selectDisplayMode,
  selectInstallError,
  selectInstallOutcome,
  selectIsInstalled,
  selectPlatformInfo,
} from './install.selectors';
import type { InstallInput, InstallOutcome, ShowPromptOutput } from './install.types';

const settle = () => new Promise((resolve) => setImmediate(resolve));

function harness(
  input: InstallInput = { autoShow: false },
  choice: () => Promise<InstallOutcome> = async () => 'accepted',
) {
  const clock = new SimulatedClock();
  let prompts = 0;
  const machine = installMachine.provide({
    actors: {
      showPrompt: fromPromise<ShowPromptOutput>(async () => {
        prompts += 1;
        return { outcome: await choice() };
      }),
    },
  });
  const actor = createActor(machine, { input, clock }).start();
  return { actor, clock, prompts: () => prompts, snapshot: () => actor.getSnapshot() };
}

describe('installation', () => {
  it('prompt captured, then accepted: the prompt is cleared, and appinstalled marks installed', async () => {
    const h = harness();
    expect(selectCanInstall(h.snapshot())).toBe(false);
    h.actor.send({ type: 'install.promptCaptured' });
    expect(selectCanInstall(h.snapshot())).toBe(true);
    h.actor.send({ type: 'install.prompt' });
    await settle();
    expect(h.prompts()).toBe(1);
    expect(selectInstallOutcome(h.snapshot())).toBe('accepted');
    expect(selectCanInstall(h.snapshot())).toBe(false);
    expect(selectIsInstalled(h.snapshot())).toBe(false);
    h.actor.send({ type: 'install.installed' });
    expect(selectIsInstalled(h.snapshot())).toBe(true);
  });

  it('dismissed clears the prompt too; a new beforeinstallprompt can be shown again', async () => {
    const h = harness({ autoShow: false }, async () => 'dismissed');
    h.actor.send({ type: 'install.promptCaptured' });
    h.actor.send({ type: 'install.prompt' });
    await settle();
    expect(selectInstallOutcome(h.snapshot())).toBe('dismissed');
    expect(selectCanInstall(h.snapshot())).toBe(false);
    h.actor.send({ type: 'install.promptCaptured' });
    expect(selectCanInstall(h.snapshot())).toBe(true);
  });

  it('a prompt that throws keeps the message and clears the prompt', async () => {
    const h = harness({ autoShow: false }, () =>
      Promise.reject(new Error('The prompt() method must be called with a user gesture')),
    );
    h.actor.send({ type: 'install.promptCaptured' });
    h.actor.send({ type: 'install.prompt' });
    await settle();
    expect(selectInstallError(h.snapshot())?.message).toBe(
      'The prompt() method must be called with a user gesture',
    );
    expect(selectCanInstall(h.snapshot())).toBe(false);
  });

  it('standalone display mode counts as installed, and nothing is offered', () => {
    const h = harness({ standalone: true, platform: 'ios' });
    expect(selectIsInstalled(h.snapshot())).toBe(true);
    expect(selectDisplayMode(h.snapshot())).toBe('standalone');
    h.actor.send({ type: 'install.showBanner' });
    h.actor.send({ type: 'install.prompt' });
    h.clock.increment(10_000);
    expect(selectBanner(h.snapshot())).toBe('none');
    expect(selectCanShowInstallPrompt(h.snapshot())).toBe(false);
  });

  it('appinstalled from anywhere marks installed and removes a banner', () => {
    const h = harness();
    h.actor.send({ type: 'install.showBanner' });
    h.actor.send({ type: 'install.installed' });
    expect(selectIsInstalled(h.snapshot())).toBe(true);
    expect(selectBanner(h.snapshot())).toBe('none');
  });
});

describe('banners', () => {
  it('the custom banner auto-removes after 10 s', () => {
    const h = harness();
    h.actor.send({ type: 'install.showBanner' });
    expect(selectBanner(h.snapshot())).toBe('custom');
    h.clock.increment(9_999);
    expect(selectBanner(h.snapshot())).toBe('custom');
    h.clock.increment(1);
    expect(selectBanner(h.snapshot())).toBe('none');
  });

  it("Install on the custom banner hands over to the browser's prompt", async () => {
    const h = harness();
    h.actor.send({ type: 'install.promptCaptured' });
    h.actor.send({ type: 'install.showBanner' });
    h.actor.send({ type: 'install.prompt' });
    expect(selectBanner(h.snapshot())).toBe('none');
    await settle();
    expect(h.prompts()).toBe(1);
  });

  it('on iOS, show install prompt shows the instructions, removed after 15 s', () => {
    const h = harness({ autoShow: false, platform: 'ios', deviceType: 'mobile' });
    expect(selectCanShowInstallPrompt(h.snapshot())).toBe(true);
    h.actor.send({ type: 'install.prompt' });
    expect(selectBanner(h.snapshot())).toBe('iosInstructions');
    h.clock.increment(14_999);
    expect(selectBanner(h.snapshot())).toBe('iosInstructions');
    h.clock.increment(1);
    expect(selectBanner(h.snapshot())).toBe('none');
  });

  it('on Android without a prompt, the Android instructions, also from the custom banner', () => {
    const h = harness({ autoShow: false, platform: 'android' });
    h.actor.send({ type: 'install.showBanner' });
    h.actor.send({ type: 'install.prompt' });
    expect(selectBanner(h.snapshot())).toBe('androidInstructions');
    h.actor.send({ type: 'banner.close' });
    expect(selectBanner(h.snapshot())).toBe('none');
    h.clock.increment(15_000);
    h.actor.send({ type: 'install.prompt' });
    expect(selectBanner(h.snapshot())).toBe('androidInstructions');
  });

  it('on a desktop without a prompt, show install prompt has nothing to show', () => {
    const h = harness();
    expect(selectCanShowInstallPrompt(h.snapshot())).toBe(false);
    h.actor.send({ type: 'install.prompt' });
    expect(selectBanner(h.snapshot())).toBe('none');
  });
});

describe('auto-show', () => {
  it('is on by default: after 3000 ms the custom banner shows for a held prompt', () => {
    const h = harness({});
    h.actor.send({ type: 'install.promptCaptured' });
    h.clock.increment(2_999);
    expect(selectBanner(h.snapshot())).toBe('none');
    h.clock.increment(1);
    expect(selectBanner(h.snapshot())).toBe('custom');
  });

  it('waits, armed, for a prompt that comes after the delay, and shows once', () => {
    const h = harness({});
    h.clock.increment(3_000);
    expect(selectBanner(h.snapshot())).toBe('none');
    h.actor.send({ type: 'install.promptCaptured' });
    expect(selectBanner(h.snapshot())).toBe('custom');
    h.clock.increment(10_000);
    h.actor.send({ type: 'install.promptCaptured' });
    expect(selectBanner(h.snapshot())).toBe('none');
  });

  it('on iOS it shows the instructions', () => {
    const h = harness({ platform: 'ios' });
    h.clock.increment(3_000);
    expect(selectBanner(h.snapshot())).toBe('iosInstructions');
  });

  it('the tab enables it after 5 s and disables it; status and delay are shown', () => {
    const h = harness();
    expect(selectAutoShow(h.snapshot())).toEqual({ enabled: false, delay: 3_000 });
    h.actor.send({ type: 'autoShow.enable' });
    expect(selectAutoShow(h.snapshot())).toEqual({ enabled: true, delay: 5_000 });
    h.actor.send({ type: 'install.promptCaptured' });
    h.clock.increment(4_999);
    expect(selectBanner(h.snapshot())).toBe('none');
    h.clock.increment(1);
    expect(selectBanner(h.snapshot())).toBe('custom');
    h.actor.send({ type: 'autoShow.disable' });
    expect(selectAutoShow(h.snapshot()).enabled).toBe(false);
  });

  it('disabled before the delay, it shows nothing', () => {
    const h = harness({});
    h.actor.send({ type: 'install.promptCaptured' });
    h.actor.send({ type: 'autoShow.disable' });
    h.clock.increment(10_000);
    expect(selectBanner(h.snapshot())).toBe('none');
  });

  it('never shows once installed', () => {
    const h = harness({ platform: 'ios' });
    h.actor.send({ type: 'install.installed' });
    h.clock.increment(3_000);
    expect(selectBanner(h.snapshot())).toBe('none');
  });
});

describe('platform info', () => {
  it('lists device type, platform, instructions, auto-show status and delay, and whether a prompt is held', () => {
    const h = harness({ platform: 'android', deviceType: 'tablet', autoShowDelay: 4_000 });
    expect(selectPlatformInfo(h.snapshot())).toEqual({
      deviceType: 'tablet',
      platform: 'android',
      instructions: 'install.instructions.android',
      autoShow: true,
      delay: 4_000,
      hasPrompt: false,
    });
  });
});

describe('side effects not provided', () => {
  it('fail loudly', async () => {
    const actor = createActor(installMachine, { input: { autoShow: false } }).start();
    actor.send({ type: 'install.promptCaptured' });
    actor.send({ type: 'install.prompt' });
    await settle();
    expect(selectInstallError(actor.getSnapshot())?.message).toContain(
      "the 'showPrompt' actor must be provided",
    );
    actor.stop();
  });
});
