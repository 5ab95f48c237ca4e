/**
 * Hands the "Advanced caching" tab's saved configurations to the service worker, which keeps and applies them
 * (SET_CACHE_CONFIGS, worker-messages.ts; src/sw/custom-caches.ts). The list in localStorage stays the page's
 * record (local-settings.ts); the tab sends it whenever it changes and when the tab opens, so a worker that
 * missed a change (none controlled the page then) catches up.
 *
 * Without service worker support (plain http on the salon's LAN, embedded web views) or with none registered,
 * there is nothing to apply: resolves null.
 */
import { WORKER, WORKER_ERROR } from '../../../domain/constants';
import type { CacheConfig } from './local-settings';
import {
  CACHE_CONFIGS_APPLIED,
  cacheConfigsMessage,
  expectReply,
  replyAppliedConfigs,
} from './worker-messages';

const SW_SCOPE = '/';

export type AppliedConfigs = ReturnType<typeof replyAppliedConfigs>;

async function activeWorker(): Promise<ServiceWorker | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const container = navigator.serviceWorker;
  if (container.controller) return container.controller;
  const registration = await container.getRegistration(SW_SCOPE);
  return registration?.active ?? null;
}

export async function applyCacheConfigsInWorker(
  configs: readonly CacheConfig[],
  timeoutMs: number = WORKER.CACHE_OPERATION_TIMEOUT_MS,
): Promise<AppliedConfigs | null> {
  const worker = await activeWorker();
  if (!worker) return null;
  const channel = new MessageChannel();
  try {
    const reply = await new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(WORKER_ERROR.NOT_READY)), timeoutMs);
      channel.port1.onmessage = (event: MessageEvent) => {
        clearTimeout(timer);
        resolve(event.data);
      };
      worker.postMessage(cacheConfigsMessage(configs), [channel.port2]);
    });
    return replyAppliedConfigs(expectReply(reply, CACHE_CONFIGS_APPLIED));
  } finally {
    channel.port1.close();
  }
}
