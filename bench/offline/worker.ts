/**
 * The bench in a dedicated worker (`--context=worker`): the same phases off the page's main thread, the
 * closest context a page can start to the service worker where Workbox's Queue normally runs (same
 * IndexedDB, fetch and Web Locks; a service worker would intercept the bench page's own requests).
 */
import { createBench } from './phases';
import type { WorkerCall, WorkerReply } from './protocol';

const bench = createBench('worker');
// tsconfig.node.json has the DOM lib, not WebWorker: the worker's scope is typed by hand.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<WorkerCall>) => void) | null;
  postMessage(message: WorkerReply): void;
};

scope.onmessage = (event) => {
  const { id, method, args } = event.data;
  const call = bench[method] as (...params: unknown[]) => Promise<unknown>;
  call(...args).then(
    (value) => scope.postMessage({ id, value }),
    (error: unknown) =>
      scope.postMessage({
        id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
};
