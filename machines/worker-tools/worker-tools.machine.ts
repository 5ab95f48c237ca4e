/**
 * The worker tools (docs/platform.md#worker-tools "Service-worker status panel" buttons Clear Cache, Cache
 * Info, Force Update, Test SW Response, Force Reload SW; the "Advanced caching" tab's clear all, refresh
 * stats and per-cache clear; docs/platform.md#worker-tools worker messages; docs/platform.md#worker-tools
 * errors and the force-reload question): one operation at a time.
 *
 *   starting ─▶ running (an initial operation) | idle
 *   idle ─tools.run─▶ running ─done/error─▶ idle
 *     └─tools.run (forceReload, removeFailed)─▶ confirming ─tools.confirm─▶ running
 *                                     └─tools.cancel─▶ idle
 *
 * Why it is shaped so:
 * - Every button is a request with a result or a failure the panel shows (docs/architecture.md#statecharts:
 *   request, success, failure visible in the snapshot); one at a time, because two cache operations racing
 *   would report counts of a state that never existed. A click while one runs is dropped (the buttons are
 *   disabled meanwhile).
 * - Force Reload SW unregisters the worker and deletes every cache: the spec asks first ("This will force
 *   reload the service worker and clear all caches. Continue?"), so the chart waits for the answer. Remove
 *   failed deletes queued sales and payments for good (docs/offline.md: never without the user asking), so it
 *   asks too.
 * - The last list of failed requests read by any operation is kept, like the caches.
 * - The time-outs of docs/platform.md#worker-tools (cache operations 10 s, force update 15 s, responsiveness
 *   3 s) are the actor's: each message waits for its own reply, and the worker manager's texts ('Cache clear
 *   operation timeout', …) come back as the failure's message.
 * - The last cache list read by any operation is kept, so the caching tab's counts stay on screen while a
 *   refresh runs and after a failed one.
 * - The operation itself (postMessage to the worker, Cache Storage, the offline queue) is an actor the app
 *   provides; the stub fails loudly.
 */
import { assertEvent, assign, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import { failTo } from '../support/transitions';
import type {
  OperationOutput,
  OperationRequest,
  WorkerToolsContext,
  WorkerToolsError,
  WorkerToolsEvent,
  WorkerToolsInput,
} from './worker-tools.types';

function toToolsError(error: unknown, request: OperationRequest | null): WorkerToolsError {
  const message =
    error instanceof Error && error.message
      ? error.message
      : typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
        ? error.message
        : 'Unknown error';
  return { operation: request?.operation ?? 'checkResponse', code: 'pwa.tools.errors.failed', message };
}

function requestOf(event: {
  operation: OperationRequest['operation'];
  cacheName?: string;
}): OperationRequest {
  return event.cacheName === undefined
    ? { operation: event.operation }
    : { operation: event.operation, cacheName: event.cacheName };
}

export const workerToolsMachine = setup({
  types: {
    context: {} as WorkerToolsContext,
    events: {} as WorkerToolsEvent,
    input: {} as WorkerToolsInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Runs one operation and answers what it found. */
    runOperation: requiredActor<OperationOutput, OperationRequest>('workerTools', 'runOperation'),
  },
  guards: {
    hasInitial: ({ context }) => context.initial !== null,
    needsConfirmation: ({ event }) => {
      assertEvent(event, 'tools.run');
      return event.operation === 'forceReload' || event.operation === 'removeFailed';
    },
  },
  actions: {
    takeInitial: assign({ request: ({ context }) => context.initial, error: null }),
    takeRequest: assign({
      request: ({ event }) => {
        assertEvent(event, 'tools.run');
        return requestOf(event);
      },
      error: null,
    }),
    recordResult: assign((_, output: OperationOutput) => ({
      result: output,
      error: null,
    })),
    recordCaches: assign(({ context }, output: OperationOutput) => ({
      caches: output.caches ? output.caches.map((cache) => ({ ...cache })) : context.caches,
    })),
    recordFailed: assign(({ context }, output: OperationOutput) => ({
      failed: output.failed ? output.failed.map((request) => ({ ...request })) : context.failed,
    })),
    recordError: assign({
      error: ({ context }, params: { error: unknown }) => toToolsError(params.error, context.request),
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'workerTools',
  initial: 'starting',
  context: ({ input }) => ({
    request: null,
    result: null,
    caches: null,
    failed: null,
    error: null,
    initial: input.initial ?? null,
  }),
  on: {
    'error.dismiss': { actions: 'clearError' },
  },
  states: {
    starting: {
      always: [{ guard: 'hasInitial', target: 'running', actions: 'takeInitial' }, { target: 'idle' }],
    },
    idle: {
      on: {
        'tools.run': [
          { guard: 'needsConfirmation', target: 'confirming', actions: 'takeRequest' },
          { target: 'running', actions: 'takeRequest' },
        ],
      },
    },
    // "This will force reload the service worker and clear all caches. Continue?"
    // (docs/platform.md#worker-tools); Remove failed.
    confirming: {
      on: {
        'tools.confirm': { target: 'running' },
        'tools.cancel': { target: 'idle' },
      },
    },
    running: {
      tags: 'busy',
      invoke: {
        id: 'runOperation',
        src: 'runOperation',
        input: ({ context }) => context.request ?? { operation: 'checkResponse' },
        onDone: {
          target: 'idle',
          actions: [
            { type: 'recordResult', params: ({ event }) => event.output },
            { type: 'recordCaches', params: ({ event }) => event.output },
            { type: 'recordFailed', params: ({ event }) => event.output },
          ],
        },
        onError: failTo('idle', 'recordError'),
      },
    },
  },
});
