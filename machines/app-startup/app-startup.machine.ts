/**
 * App startup: bringing up the service worker (docs/architecture.md#statecharts "app startup (worker init
 * with retries and back-off)"; docs/platform.md#start-up "Startup", docs/platform.md#start-up banners,
 * docs/platform.md#install-prompt timings):
 *
 *   starting ─▶ skipped                                        (embedded web view, no worker support)
 *      └─▶ waiting ─(0 ms)─▶ initialising ─▶ checkingVersion ─▶ ready
 *                              │     ▲
 *                   fail/3 s   ▼     │ min(1000·2^(n-1), 10000) ms
 *                            backingOff        ── after 3 retries ──▶ failed (banner; Retry reloads)
 *
 * Why it is shaped so:
 * - "Initialised after 0 ms": the first render is not held up by the worker.
 * - Each attempt has the 3000 ms init time-out of docs/platform.md#worker-tools as a timer of the chart (not
 *   of the actor), so a registration that never answers is a failure like any other, and the retry counter
 *   sees it.
 * - "On failure retried up to 3 times": one attempt plus three retries, waiting 1 s, 2 s and 4 s before them
 *   (retry n waits min(1000·2^(n-1), 10000) ms). Then the banner for the last failure stays up; its Retry
 *   button reloads the page, as the spec says, rather than trying in place.
 * - After success the version check reports the version and whether it changed; on a change, local data
 *   under app-, pos- and user- is cleared (docs/platform.md#start-up). A version check that fails or takes
 *   more than 10 s does not stop the app: it is ready with the version unknown.
 * - `ready` and `skipped` are final and output what happened, so the app (or a parent chart) reads it in one
 *   place. Side effects (registration, GET_VERSION, storage, reload) are provided by the app; the stubs here
 *   fail loudly.
 */
import { assign, setup } from 'xstate';
import { requiredAction, requiredActor } from '../support/required-actor';
import { doneTo, failTo } from '../support/transitions';
import { VERSIONED_LOCAL_DATA_PREFIXES, WORKER, workerInitBackoffMs } from '../../src/domain/constants';
import { INIT_TIMEOUT_ERROR, startupError } from './app-startup.rules';
import type {
  AppStartupContext,
  AppStartupEvent,
  AppStartupInput,
  AppStartupOutput,
  CheckVersionOutput,
  InitWorkerInput,
} from './app-startup.types';

export const appStartupMachine = setup({
  types: {
    context: {} as AppStartupContext,
    events: {} as AppStartupEvent,
    input: {} as AppStartupInput,
    output: {} as AppStartupOutput,
    tags: {} as 'busy',
  },
  actors: {
    /** Registers the worker (workbox-window) and resolves once it is ready. */
    initWorker: requiredActor<void, InitWorkerInput>('appStartup', 'initWorker'),
    /** GET_VERSION → VERSION_INFO, compared with the version this browser last ran. */
    checkVersion: requiredActor<CheckVersionOutput>('appStartup', 'checkVersion'),
  },
  guards: {
    isEmbedded: ({ context }) => context.embedded,
    isUnsupported: ({ context }) => !context.supported,
    hasRetriesLeft: ({ context }) => context.retries < WORKER.INIT_RETRIES,
    hasVersionChanged: (_, output: CheckVersionOutput) => output.changed,
  },
  actions: {
    recordFailure: assign({ error: (_, params: { error: unknown }) => startupError(params.error) }),
    recordTimeout: assign({ error: { ...INIT_TIMEOUT_ERROR } }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    clearError: assign({ error: null }),
    recordVersion: assign((_, output: CheckVersionOutput) => ({
      version: output.version,
      versionChanged: output.changed,
    })),
    /** Removes local data whose keys start with these prefixes (docs/platform.md#start-up). */
    clearVersionedLocalData: requiredAction<{ prefixes: readonly string[] }>(
      'appStartup',
      'clearVersionedLocalData',
    ),
    /** The banner's Retry: window.location.reload(). */
    reloadPage: requiredAction('appStartup', 'reloadPage'),
  },
  delays: {
    initDelay: WORKER.INIT_DELAY_MS,
    initTimeout: WORKER.INIT_TIMEOUT_MS,
    initBackoff: ({ context }) => workerInitBackoffMs(context.retries),
    versionCheckTimeout: WORKER.VERSION_CHECK_TIMEOUT_MS,
  },
}).createMachine({
  id: 'appStartup',
  initial: 'starting',
  context: ({ input }) => ({
    embedded: input.embedded ?? false,
    supported: input.supported ?? true,
    retries: 0,
    error: null,
    version: null,
    versionChanged: false,
  }),
  states: {
    starting: {
      always: [
        { guard: 'isEmbedded', target: 'skipped' },
        { guard: 'isUnsupported', target: 'skipped' },
        { target: 'waiting' },
      ],
    },
    waiting: {
      tags: 'busy',
      after: { initDelay: { target: 'initialising' } },
    },
    initialising: {
      tags: 'busy',
      invoke: {
        id: 'initWorker',
        src: 'initWorker',
        input: ({ context }) => ({ attempt: context.retries + 1 }),
        onDone: { target: 'checkingVersion', actions: 'clearError' },
        onError: [
          {
            guard: 'hasRetriesLeft',
            target: 'backingOff',
            actions: [
              { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
              'countRetry',
            ],
          },
          failTo('failed', 'recordFailure'),
        ],
      },
      after: {
        initTimeout: [
          { guard: 'hasRetriesLeft', target: 'backingOff', actions: ['recordTimeout', 'countRetry'] },
          { target: 'failed', actions: 'recordTimeout' },
        ],
      },
    },
    backingOff: {
      tags: 'busy',
      after: { initBackoff: { target: 'initialising' } },
    },
    checkingVersion: {
      tags: 'busy',
      invoke: {
        id: 'checkVersion',
        src: 'checkVersion',
        onDone: [
          {
            guard: { type: 'hasVersionChanged', params: ({ event }) => event.output },
            target: 'ready',
            actions: [
              { type: 'recordVersion', params: ({ event }) => event.output },
              { type: 'clearVersionedLocalData', params: { prefixes: VERSIONED_LOCAL_DATA_PREFIXES } },
            ],
          },
          doneTo('ready', 'recordVersion'),
        ],
        onError: { target: 'ready' },
      },
      after: { versionCheckTimeout: { target: 'ready' } },
    },
    // "then an error banner with a Retry button (reloads the page)" (docs/platform.md#start-up).
    failed: {
      on: { 'startup.retry': { actions: 'reloadPage' } },
    },
    ready: { type: 'final' },
    skipped: { type: 'final' },
  },
  output: ({ context }): AppStartupOutput => {
    if (!context.embedded && context.supported) {
      return { status: 'ready', version: context.version, changed: context.versionChanged };
    }
    return { status: 'skipped', reason: context.embedded ? 'embedded' : 'unsupported' };
  },
});
