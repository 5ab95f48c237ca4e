import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { workerToolsMachine } from './worker-tools.machine';
import {
  selectCacheTotals,
  selectCaches,
  selectCanRun,
  selectConfirmingOperation,
  selectFailedRequests,
  selectIsConfirming,
  selectIsRunning,
  selectLastResult,
  selectRunningOperation,
  selectToolsError,
} from './worker-tools.selectors';
import type { OperationOutput, OperationRequest, WorkerToolsInput } from './worker-tools.types';

const STATIC = { name: 'static-assets', entries: 12, size: 4_000 };
const API = { name: 'api-responses', entries: 3, size: 600 };
const FAILED_SALE = {
  id: 4,
  method: 'POST',
  path: '/api/pos/sales',
  tags: ['order'],
  attempts: 4,
  lastError: 'HTTP 500: Internal Server Error',
  queuedAt: 1_000,
  lastAttemptAt: 2_000,
};

function start(run: (request: OperationRequest) => Promise<OperationOutput>, input: WorkerToolsInput = {}) {
  const asked: OperationRequest[] = [];
  const actor = createActor(
    workerToolsMachine.provide({
      actors: {
        runOperation: fromPromise<OperationOutput, OperationRequest>(({ input: request }) => {
          asked.push(request);
          return run(request);
        }),
      },
    }),
    { input },
  ).start();
  return { actor, asked };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('idle'));

describe('workerTools', () => {
  it('opens the caching tab with its stats and totals them', async () => {
    const { actor, asked } = start(async (r) => ({ operation: r.operation, caches: [STATIC, API] }), {
      initial: { operation: 'cacheStats' },
    });
    expect(selectIsRunning(actor.getSnapshot())).toBe(true);
    expect(selectRunningOperation(actor.getSnapshot())).toBe('cacheStats');
    await settled(actor);
    expect(asked).toEqual([{ operation: 'cacheStats' }]);
    expect(selectCacheTotals(actor.getSnapshot())).toEqual({ caches: 2, entries: 15, size: 4_600 });
  });

  it('starts idle without an initial operation and knows no caches yet', () => {
    const { actor, asked } = start(async (r) => ({ operation: r.operation }));
    expect(selectCanRun(actor.getSnapshot())).toBe(true);
    expect(selectCaches(actor.getSnapshot())).toBeNull();
    expect(selectCacheTotals(actor.getSnapshot())).toBeNull();
    expect(asked).toEqual([]);
  });

  it('clears one cache by name and keeps the list the operation read back', async () => {
    const { actor, asked } = start(async (r) => ({ operation: r.operation, caches: [API], count: 1 }));
    actor.send({ type: 'tools.run', operation: 'clearCache', cacheName: 'static-assets' });
    await settled(actor);
    expect(asked).toEqual([{ operation: 'clearCache', cacheName: 'static-assets' }]);
    expect(selectCaches(actor.getSnapshot())).toEqual([API]);
    expect(selectLastResult(actor.getSnapshot())).toMatchObject({ operation: 'clearCache', count: 1 });
  });

  it('keeps the last cache list when an operation reads none', async () => {
    const { actor } = start(
      async (r) => (r.operation === 'cacheStats' ? { operation: r.operation, caches: [STATIC] } : r),
      { initial: { operation: 'cacheStats' } },
    );
    await settled(actor);
    actor.send({ type: 'tools.run', operation: 'checkResponse' });
    await settled(actor);
    expect(selectCaches(actor.getSnapshot())).toEqual([STATIC]);
  });

  it('asks before a force reload and runs nothing when cancelled', async () => {
    const { actor, asked } = start(async (r) => ({ operation: r.operation }));
    actor.send({ type: 'tools.run', operation: 'forceReload' });
    expect(selectIsConfirming(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'tools.cancel' });
    expect(selectCanRun(actor.getSnapshot())).toBe(true);
    expect(asked).toEqual([]);
    actor.send({ type: 'tools.run', operation: 'forceReload' });
    actor.send({ type: 'tools.confirm' });
    await settled(actor);
    expect(asked).toEqual([{ operation: 'forceReload' }]);
  });

  it('opens the sync tab with the failed requests listed, and keeps the list the last operation read', async () => {
    const { actor, asked } = start(
      async (r) => ({
        operation: r.operation,
        failed: r.operation === 'listFailed' ? [FAILED_SALE] : [],
        count: 1,
      }),
      { initial: { operation: 'listFailed' } },
    );
    await settled(actor);
    expect(selectFailedRequests(actor.getSnapshot())).toEqual([FAILED_SALE]);
    actor.send({ type: 'tools.run', operation: 'retryFailed' });
    await settled(actor);
    expect(selectFailedRequests(actor.getSnapshot())).toEqual([]);
    expect(asked.map((r) => r.operation)).toEqual(['listFailed', 'retryFailed']);
  });

  it('asks before removing the failed requests (a sale among them is gone for good)', async () => {
    const { actor, asked } = start(async (r) => ({ operation: r.operation, count: 1, failed: [] }));
    actor.send({ type: 'tools.run', operation: 'removeFailed' });
    expect(selectConfirmingOperation(actor.getSnapshot())).toBe('removeFailed');
    actor.send({ type: 'tools.cancel' });
    expect(asked).toEqual([]);
    expect(selectConfirmingOperation(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'tools.run', operation: 'removeFailed' });
    actor.send({ type: 'tools.confirm' });
    await settled(actor);
    expect(asked).toEqual([{ operation: 'removeFailed' }]);
    expect(selectLastResult(actor.getSnapshot())).toMatchObject({ operation: 'removeFailed', count: 1 });
  });

  it("shows the worker manager's time-out text and clears it on the next run or on dismiss", async () => {
    let fail = true;
    const { actor } = start(async (r) => {
      if (fail) throw new Error('Cache clear operation timeout');
      return { operation: r.operation };
    });
    actor.send({ type: 'tools.run', operation: 'clearDataCache' });
    await settled(actor);
    expect(selectToolsError(actor.getSnapshot())).toEqual({
      operation: 'clearDataCache',
      code: 'pwa.tools.errors.failed',
      message: 'Cache clear operation timeout',
    });
    actor.send({ type: 'error.dismiss' });
    expect(selectToolsError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'tools.run', operation: 'clearDataCache' });
    await settled(actor);
    fail = false;
    actor.send({ type: 'tools.run', operation: 'clearDataCache' });
    expect(selectToolsError(actor.getSnapshot())).toBeNull();
    await settled(actor);
  });

  it('drops a click while an operation runs', async () => {
    let release: () => void = () => {};
    const { actor, asked } = start(
      (r) => new Promise<OperationOutput>((resolve) => (release = () => resolve({ operation: r.operation }))),
    );
    actor.send({ type: 'tools.run', operation: 'forceUpdate' });
    actor.send({ type: 'tools.run', operation: 'cacheInfo' });
    release();
    await settled(actor);
    expect(asked).toEqual([{ operation: 'forceUpdate' }]);
  });
});
