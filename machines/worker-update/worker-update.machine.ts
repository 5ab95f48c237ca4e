/**
 * The service-worker update lifecycle (docs/architecture.md#statecharts; docs/platform.md#worker-tools status
 * panel, docs/platform.md#updates "Worker update", docs/platform.md#updates update messages,
 * docs/platform.md#updates timings): initialising → running, where two regions go side by side:
 *
 *   update     idle ⇄ checking ─▶ installing ─▶ available ─(Later, 30 s)─▶ deferred
 *                                                (offered ⇄ rechecking: Check Again)
 *                                                   │ Update Now            │ Apply Update (panel)
 *                                                   ▼                       ▼
 *                                              activating ─▶ activated ─(2 s)─▶ reloading ◀─(active, 100 ms)─ applying
 *                                                   └─▶ failed (Refresh Page ─▶ reloading; Close ─▶ idle)
 *   flagSweep  every 5 min: an update-in-progress flag older than 10 min is cleared
 *
 * Why it is shaped so:
 * - Skipped in embedded web views and in browsers without service workers (`embedded`, `unsupported`): the
 *   native wrapper updates the app, and the panel shows its notice with every action disabled
 *   (docs/platform.md#updates).
 * - Update Now and Apply Update differ as the spec says: Update Now skips waiting, waits until the new worker
 *   is active (at most the 30 s activation timeout, else 'Service Worker activation timeout'), shows "Update
 *   Successful" and reloads after 2 s; Apply Update in the panel sets the in-progress flag (session storage),
 *   skips waiting and reloads 100 ms after the new worker took control (or after the 30 s activation timeout),
 *   so that the reload is answered by the new worker and not by the old one.
 * - The in-progress flag keeps a reloading page from offering the same update again ("update available unless
 *   an update-in-progress flag is set"): a `waiting` seen while it is set is not offered. It is cleared by the
 *   worker's VERSION_CHANGED, by Clear Update State, or by the sweep once stale, so a lost VERSION_CHANGED can
 *   hide an update for 10 minutes at most.
 * - At start, the app's version check says whether the version changed since this browser last ran (the update
 *   is done: the flags go, as for VERSION_CHANGED, which the page reloading after Apply Update may never get)
 *   and whether a new worker already waits (Later, then a reload: offered at once; its workbox-window event came
 *   while this chart was still initialising).
 * - Later and the banner's 30 s auto-dismiss both go to `deferred`: the new worker still waits, Apply Update
 *   and Update Now still work, and Check Again shows the prompt again without asking the server.
 * - When another tab applies the update, this page is taken over by the new worker (`worker.activated` while
 *   an update is available): it reloads too, rather than run old code under a new worker.
 * - Side effects (reading the version, registration.update(), SKIP_WAITING, session storage, reload) are
 *   actors and actions the app provides; the stubs here fail loudly.
 */
import { assertEvent, assign, not, setup } from 'xstate';
import { requiredAction, requiredActor } from '../support/required-actor';
import { doneTo, failTo } from '../support/transitions';
import { WORKER, WORKER_ERROR } from '../../src/domain/constants';
import type {
  InitialiseOutput,
  PersistUpdateFlagParams,
  WorkerUpdateContext,
  WorkerUpdateError,
  WorkerUpdateEvent,
  WorkerUpdateInput,
} from './worker-update.types';

function toUpdateError(error: unknown, code: string, fallback: string): WorkerUpdateError {
  if (error instanceof Error && error.message) return { code, message: error.message };
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return { code, message: error.message };
  }
  return { code, message: fallback };
}

export const workerUpdateMachine = setup({
  types: {
    context: {} as WorkerUpdateContext,
    events: {} as WorkerUpdateEvent,
    input: {} as WorkerUpdateInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Waits for the registration and reads the active worker's version (GET_VERSION, 10 s). */
    initialise: requiredActor<InitialiseOutput>('workerUpdate', 'initialise'),
    /** registration.update(): a new worker, if any, then shows up as update.found / update.waiting. */
    checkForUpdate: requiredActor<void>('workerUpdate', 'checkForUpdate'),
  },
  guards: {
    isEmbedded: ({ context }) => context.embedded,
    isUnsupported: ({ context }) => !context.supported,
    isUpdateInProgress: ({ context }) => context.updateFlagSetAt !== null,
    isFlagStale: ({ context }) =>
      context.updateFlagSetAt !== null && context.now() - context.updateFlagSetAt >= WORKER.STALE_FLAG_MS,
    hasVersionChangedAtStart: (_, output: InitialiseOutput) => output.versionChanged === true,
    /** The version changed (its flags go) and a newer worker already waits. */
    hasChangedWithUpdateWaiting: (_, output: InitialiseOutput) =>
      output.versionChanged === true && output.updateWaiting === true,
    /** A worker waits at start and no update-in-progress flag holds it back. */
    isUpdateOfferedAtStart: ({ context }, output: InitialiseOutput) =>
      output.updateWaiting === true && context.updateFlagSetAt === null,
  },
  actions: {
    assignVersion: assign({ currentVersion: (_, output: InitialiseOutput) => output.version }),
    assignChangedVersion: assign({
      currentVersion: ({ event }) => {
        assertEvent(event, 'version.changed');
        return event.version;
      },
    }),
    recordInitError: assign({
      error: (_, params: { error: unknown }) =>
        toUpdateError(params.error, 'update.errors.init', WORKER_ERROR.INIT_FAILED),
    }),
    recordCheckError: assign({
      error: (_, params: { error: unknown }) =>
        toUpdateError(params.error, 'update.errors.check', WORKER_ERROR.UNKNOWN),
    }),
    recordActivationTimeout: assign({
      error: { code: 'update.errors.activationTimeout', message: WORKER_ERROR.ACTIVATION_TIMEOUT },
    }),
    recordUpdateFailure: assign({
      error: ({ event }) => {
        assertEvent(event, 'update.failed');
        return { code: 'update.errors.failed', message: event.message ?? WORKER_ERROR.UNKNOWN };
      },
    }),
    clearError: assign({ error: null }),
    markUpdateInProgress: assign({ updateFlagSetAt: ({ context }) => context.now() }),
    forgetUpdateFlags: assign({ updateFlagSetAt: null }),
    /** Writes the in-progress flag to session storage (docs/platform.md#updates). */
    persistUpdateFlag: requiredAction<PersistUpdateFlagParams>('workerUpdate', 'persistUpdateFlag'),
    /** Removes the update flags from session storage. */
    clearUpdateFlags: requiredAction('workerUpdate', 'clearUpdateFlags'),
    /** Posts SKIP_WAITING to the waiting worker (docs/platform.md#worker-tools). */
    sendSkipWaiting: requiredAction('workerUpdate', 'sendSkipWaiting'),
    reloadPage: requiredAction('workerUpdate', 'reloadPage'),
  },
  delays: {
    bannerDismissDelay: WORKER.UPDATE_BANNER_DISMISS_MS,
    activationTimeout: WORKER.ACTIVATION_TIMEOUT_MS,
    updateNowReloadDelay: WORKER.UPDATE_NOW_RELOAD_DELAY_MS,
    applyUpdateReloadDelay: WORKER.APPLY_UPDATE_RELOAD_DELAY_MS,
    staleFlagCheckInterval: WORKER.STALE_FLAG_CHECK_MS,
  },
}).createMachine({
  id: 'workerUpdate',
  initial: 'starting',
  context: ({ input }) => ({
    currentVersion: null,
    updateFlagSetAt: input.updateFlagSetAt ?? null,
    error: null,
    embedded: input.embedded ?? false,
    supported: input.supported ?? true,
    now: input.now ?? (() => Date.now()),
  }),
  states: {
    starting: {
      always: [
        { guard: 'isEmbedded', target: 'embedded' },
        { guard: 'isUnsupported', target: 'unsupported' },
        { target: 'initialising' },
      ],
    },
    // "In a native WebView or wrapper these actions are disabled and a notice says updates are handled by the
    // native app" (docs/platform.md#updates).
    embedded: { type: 'final' },
    unsupported: { type: 'final' },
    initialising: {
      tags: 'busy',
      invoke: {
        id: 'initialise',
        src: 'initialise',
        // A version changed since this browser last ran means the update is done: its flags go (see
        // InitialiseOutput). A worker already waiting is offered at once: workbox-window reported it while this
        // chart was still initialising, where the event is lost.
        onDone: [
          {
            guard: { type: 'hasChangedWithUpdateWaiting', params: ({ event }) => event.output },
            target: '#workerUpdate.running.update.available',
            actions: [
              { type: 'assignVersion', params: ({ event }) => event.output },
              'forgetUpdateFlags',
              'clearUpdateFlags',
            ],
          },
          {
            guard: { type: 'hasVersionChangedAtStart', params: ({ event }) => event.output },
            target: 'running',
            actions: [
              { type: 'assignVersion', params: ({ event }) => event.output },
              'forgetUpdateFlags',
              'clearUpdateFlags',
            ],
          },
          {
            guard: { type: 'isUpdateOfferedAtStart', params: ({ event }) => event.output },
            target: '#workerUpdate.running.update.available',
            actions: { type: 'assignVersion', params: ({ event }) => event.output },
          },
          doneTo('running', 'assignVersion'),
        ],
        onError: failTo('unavailable', 'recordInitError'),
      },
    },
    // The worker never came up (app startup shows the banner); Check for Updates tries again.
    unavailable: {
      on: { 'update.check': { target: 'initialising', actions: 'clearError' } },
    },
    running: {
      type: 'parallel',
      on: {
        'version.changed': { actions: ['assignChangedVersion', 'forgetUpdateFlags', 'clearUpdateFlags'] },
        'flags.clear': { actions: ['forgetUpdateFlags', 'clearUpdateFlags'] },
      },
      states: {
        update: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'update.check': { target: 'checking', actions: 'clearError' },
                'update.found': { target: 'installing' },
                'update.waiting': { guard: not('isUpdateInProgress'), target: 'available' },
              },
            },
            checking: {
              tags: 'busy',
              invoke: {
                id: 'checkForUpdate',
                src: 'checkForUpdate',
                onDone: { target: 'idle' },
                onError: failTo('idle', 'recordCheckError'),
              },
              on: {
                'update.found': { target: 'installing' },
                'update.waiting': { guard: not('isUpdateInProgress'), target: 'available' },
              },
            },
            installing: {
              on: {
                'update.waiting': [
                  { guard: not('isUpdateInProgress'), target: 'available' },
                  { target: 'idle' },
                ],
                'update.failed': { target: 'failed', actions: 'recordUpdateFailure' },
              },
            },
            // "App Update Available": Update Now or Later; the banner goes after 30 s
            // (docs/platform.md#updates). Check Again
            // (the panel's banner, docs/platform.md#updates) asks the server for a newer worker while the
            // offer stays up: a newer
            // one found installs as any update does; none found, or a failed check, leaves this one offered.
            available: {
              initial: 'offered',
              after: { bannerDismissDelay: { target: 'deferred' } },
              states: {
                offered: {
                  on: { 'update.check': { target: 'rechecking', actions: 'clearError' } },
                },
                rechecking: {
                  tags: 'busy',
                  invoke: {
                    id: 'checkForUpdate',
                    src: 'checkForUpdate',
                    onDone: { target: 'offered' },
                    onError: failTo('offered', 'recordCheckError'),
                  },
                },
              },
              on: {
                'update.now': { target: 'activating' },
                'update.later': { target: 'deferred' },
                'update.apply': { target: 'applying' },
                'update.found': { target: 'installing' },
                'worker.activated': { target: 'activated' },
              },
            },
            deferred: {
              on: {
                'update.now': { target: 'activating' },
                'update.apply': { target: 'applying' },
                'update.check': { target: 'available' },
                'update.found': { target: 'installing' },
                'worker.activated': { target: 'activated' },
              },
            },
            // Update Now: skip waiting, then active (docs/platform.md#updates).
            activating: {
              tags: 'busy',
              entry: 'sendSkipWaiting',
              after: {
                activationTimeout: { target: 'failed', actions: 'recordActivationTimeout' },
              },
              on: {
                'worker.activated': { target: 'activated' },
                'update.failed': { target: 'failed', actions: 'recordUpdateFailure' },
              },
            },
            // "Update Successful … The page will reload in a few seconds": after 2 s.
            activated: {
              tags: 'busy',
              after: { updateNowReloadDelay: { target: 'reloading' } },
            },
            // Apply Update (panel): flag in session storage, skip waiting, reload 100 ms after the new worker took
            // control. Reloading on a bare 100 ms timer raced the activation on a busy machine: the old worker
            // answered the reload and the page stayed on the old build (docs/platform.md#updates "Apply Update").
            // A worker that never takes control still gets the reload after the activation timeout.
            applying: {
              tags: 'busy',
              initial: 'activating',
              entry: [
                'markUpdateInProgress',
                {
                  type: 'persistUpdateFlag',
                  params: ({ context }) => ({ setAt: context.updateFlagSetAt ?? context.now() }),
                },
                'sendSkipWaiting',
              ],
              after: { activationTimeout: { target: 'reloading' } },
              states: {
                activating: {
                  on: { 'worker.activated': { target: 'activated' } },
                },
                activated: {
                  after: { applyUpdateReloadDelay: { target: '#workerUpdate.running.update.reloading' } },
                },
              },
            },
            // "Update Failed … Please refresh the page manually." with Refresh Page and Close.
            failed: {
              on: {
                'update.refresh': { target: 'reloading' },
                'update.close': { target: 'idle', actions: 'clearError' },
              },
            },
            reloading: {
              tags: 'busy',
              type: 'final',
              entry: 'reloadPage',
            },
          },
        },
        // "Stale update flags are cleared after 10 minutes, checked every 5 minutes" (docs/platform.md#updates).
        flagSweep: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                staleFlagCheckInterval: [
                  {
                    guard: 'isFlagStale',
                    target: 'waiting',
                    reenter: true,
                    actions: ['forgetUpdateFlags', 'clearUpdateFlags'],
                  },
                  { target: 'waiting', reenter: true },
                ],
              },
            },
          },
        },
      },
    },
  },
});
