/**
 * The bench page's script: exposes the phases as `window.__offlineBench` for bench/offline.ts, run on the
 * page itself (default) or, with `?context=worker`, forwarded to a dedicated worker running the same code.
 */
import { createBench } from './phases';
import type { BenchMethod, OfflineBench, WorkerCall, WorkerReply } from './protocol';

declare global {
  interface Window {
    __offlineBench?: OfflineBench;
  }
}

function inWorker(): OfflineBench {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    const caller = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) caller?.reject(new Error(reply.error));
    else caller?.resolve(reply.value);
  };
  const call =
    (method: BenchMethod) =>
    (...args: unknown[]): Promise<never> =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        const message: WorkerCall = { id, method, args };
        worker.postMessage(message);
      });
  return { setup: call('setup'), fill: call('fill'), round: call('round') };
}

window.__offlineBench =
  new URLSearchParams(location.search).get('context') === 'worker' ? inWorker() : createBench('page');
document.body.dataset.ready = 'true';
