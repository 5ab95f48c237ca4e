/**
 * The install prompt (docs/architecture.md#statecharts; docs/platform.md#install-prompt "Install prompts"
 * tab, docs/platform.md#install-prompt "Install", docs/platform.md#install-prompt timings). Three regions
 * side by side:
 *
 *   installation  notInstalled (noPrompt ─▶ promptHeld ─▶ prompting ─▶ accepted | back to noPrompt) ─▶ installed
 *   banner        hidden ⇄ custom (10 s) | iosInstructions (15 s) | androidInstructions (15 s)
 *   autoShow      off ⇄ waiting ─(delay)─▶ armed ─▶ shown
 *
 * Why it is shaped so:
 * - "Standalone display mode counts as installed": a page opened from the home screen starts `installed`, and
 *   appinstalled gets there from anywhere. Nothing offers installation once installed.
 * - The browser's prompt can be shown once per beforeinstallprompt: accepted clears it (and waits for
 *   appinstalled), dismissed clears it too (docs/platform.md#install-prompt "prompt captured, then accepted
 *   (prompt cleared) or dismissed"), so both leave `promptHeld`.
 * - iOS never fires beforeinstallprompt, and some Android browsers do not either: "show install prompt" there
 *   shows the platform's instructions banner instead (15 s), so the button always does something useful.
 * - Auto-show waits its delay (3000 ms by default, 5000 ms from the tab's button), then stays `armed` until
 *   there is something to show (a held prompt, or iOS), and shows it once: beforeinstallprompt often comes
 *   after the delay, and a banner on every event would nag. It never shows anything once installed.
 * - The prompt itself (event.prompt(), userChoice) is an actor the app provides; the stub fails loudly.
 */
import { and, assertEvent, assign, not, or, raise, setup, stateIn } from 'xstate';
import { requiredActor } from '../support/required-actor';
import { doneTo, failTo } from '../support/transitions';
import { INSTALL } from '../../src/domain/constants';
import type { InstallContext, InstallEvent, InstallInput, ShowPromptOutput } from './install.types';

export const installMachine = setup({
  types: {
    context: {} as InstallContext,
    events: {} as InstallEvent,
    input: {} as InstallInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Calls prompt() on the held beforeinstallprompt event and answers its userChoice. */
    showPrompt: requiredActor<ShowPromptOutput>('install', 'showPrompt'),
  },
  guards: {
    isStandalone: ({ context }) => context.standalone,
    isIos: ({ context }) => context.platform === 'ios',
    isAndroid: ({ context }) => context.platform === 'android',
    startsWithAutoShow: ({ context }) => context.autoShowAtStart,
    isPromptHeld: stateIn('#install.installation.notInstalled.promptHeld'),
    isInstalled: stateIn('#install.installation.installed'),
    wasAccepted: (_, output: ShowPromptOutput) => output.outcome === 'accepted',
    /** Auto-show has something to show: a held prompt, or iOS instructions; never once installed. */
    canAutoShow: and([not('isInstalled'), or(['isPromptHeld', 'isIos'])]),
  },
  actions: {
    recordOutcome: assign({ outcome: (_, output: ShowPromptOutput) => output.outcome, error: null }),
    recordPromptError: assign({
      error: (_, params: { error: unknown }) => ({
        code: 'install.errors.prompt',
        message: params.error instanceof Error ? params.error.message : 'Unknown error',
      }),
    }),
    setAutoShowDelay: assign({
      autoShowDelay: ({ event }) => {
        assertEvent(event, 'autoShow.enable');
        return event.delay ?? INSTALL.AUTO_SHOW_BUTTON_DELAY_MS;
      },
    }),
    announceAutoShow: raise({ type: 'install.autoShow' as const }),
  },
  delays: {
    bannerDismissDelay: INSTALL.BANNER_DISMISS_MS,
    instructionsDismissDelay: INSTALL.INSTRUCTIONS_DISMISS_MS,
    autoShowDelay: ({ context }) => context.autoShowDelay,
  },
}).createMachine({
  id: 'install',
  type: 'parallel',
  context: ({ input }) => ({
    platform: input.platform ?? 'other',
    deviceType: input.deviceType ?? 'desktop',
    standalone: input.standalone ?? false,
    autoShowDelay: input.autoShowDelay ?? INSTALL.AUTO_SHOW_DELAY_MS,
    autoShowAtStart: input.autoShow ?? true,
    outcome: null,
    error: null,
  }),
  states: {
    installation: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'isStandalone', target: 'installed' }, { target: 'notInstalled' }],
        },
        notInstalled: {
          initial: 'noPrompt',
          on: { 'install.installed': { target: 'installed' } },
          states: {
            noPrompt: {
              on: { 'install.promptCaptured': { target: 'promptHeld' } },
            },
            promptHeld: {
              on: { 'install.prompt': { target: 'prompting' } },
            },
            prompting: {
              tags: 'busy',
              invoke: {
                id: 'showPrompt',
                src: 'showPrompt',
                onDone: [
                  {
                    guard: { type: 'wasAccepted', params: ({ event }) => event.output },
                    target: 'accepted',
                    actions: { type: 'recordOutcome', params: ({ event }) => event.output },
                  },
                  doneTo('noPrompt', 'recordOutcome'),
                ],
                onError: failTo('noPrompt', 'recordPromptError'),
              },
            },
            // Accepted: the prompt is cleared; appinstalled follows when the browser has installed the app.
            accepted: {},
          },
        },
        installed: {},
      },
    },
    banner: {
      initial: 'hidden',
      on: {
        'banner.close': { target: '.hidden' },
        'install.installed': { target: '.hidden' },
      },
      states: {
        hidden: {
          on: {
            'install.showBanner': { guard: not('isInstalled'), target: 'custom' },
            'install.prompt': [
              { guard: and([not('isInstalled'), not('isPromptHeld'), 'isIos']), target: 'iosInstructions' },
              {
                guard: and([not('isInstalled'), not('isPromptHeld'), 'isAndroid']),
                target: 'androidInstructions',
              },
            ],
            'install.autoShow': [
              { guard: 'isPromptHeld', target: 'custom' },
              { guard: 'isIos', target: 'iosInstructions' },
            ],
          },
        },
        // "Install banner auto-removes after 10 s" (docs/platform.md#install-prompt).
        custom: {
          after: { bannerDismissDelay: { target: 'hidden' } },
          on: {
            'install.prompt': [
              // The browser's own prompt takes over from our banner.
              { guard: 'isPromptHeld', target: 'hidden' },
              { guard: 'isIos', target: 'iosInstructions' },
              { guard: 'isAndroid', target: 'androidInstructions' },
            ],
          },
        },
        // "iOS/Android instruction banners after 15 s" (docs/platform.md#install-prompt).
        iosInstructions: {
          after: { instructionsDismissDelay: { target: 'hidden' } },
        },
        androidInstructions: {
          after: { instructionsDismissDelay: { target: 'hidden' } },
        },
      },
    },
    autoShow: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'startsWithAutoShow', target: 'waiting' }, { target: 'off' }],
        },
        off: {
          on: { 'autoShow.enable': { target: 'waiting', actions: 'setAutoShowDelay' } },
        },
        waiting: {
          after: { autoShowDelay: { target: 'armed' } },
          on: {
            'autoShow.enable': { target: 'waiting', reenter: true, actions: 'setAutoShowDelay' },
            'autoShow.disable': { target: 'off' },
          },
        },
        armed: {
          always: [{ guard: 'canAutoShow', target: 'shown', actions: 'announceAutoShow' }],
          on: {
            'autoShow.enable': { target: 'waiting', actions: 'setAutoShowDelay' },
            'autoShow.disable': { target: 'off' },
          },
        },
        shown: {
          on: {
            'autoShow.enable': { target: 'waiting', actions: 'setAutoShowDelay' },
            'autoShow.disable': { target: 'off' },
          },
        },
      },
    },
  },
});
