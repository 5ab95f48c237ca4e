/**
 * The spec's exact English texts (docs/platform.md#languages; kept in src/domain/constants.ts) mapped to
 * their translation keys, so a message that arrives as text (a chart's error, a worker reply) is still shown
 * in the reader's language. An unknown text is shown as it came (the server's or the browser's own words).
 */
import {
  OFFLINE_QUEUE_ERROR,
  PUSH_ERROR,
  STARTUP_BANNER,
  UPDATE_BUTTON,
  WORKER_ERROR,
} from '../../../domain/constants';

export const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [STARTUP_BANNER.FAILED]: 'pwa.startup.failed',
  [STARTUP_BANNER.NETWORK]: 'pwa.startup.network',
  [STARTUP_BANNER.TIMEOUT]: 'pwa.startup.timeout',
  [STARTUP_BANNER.PERMISSION]: 'pwa.startup.permission',
  [WORKER_ERROR.MANAGER_UNAVAILABLE]: 'pwa.workerErrors.managerUnavailable',
  [WORKER_ERROR.INIT_FAILED]: 'pwa.workerErrors.initFailed',
  [WORKER_ERROR.UNKNOWN]: 'pwa.workerErrors.unknown',
  [WORKER_ERROR.NOT_READY]: 'pwa.workerErrors.notReady',
  [WORKER_ERROR.NOT_ACTIVE]: 'pwa.workerErrors.notActive',
  [WORKER_ERROR.CACHE_CLEAR_TIMEOUT]: 'pwa.workerErrors.cacheClearTimeout',
  [WORKER_ERROR.CACHE_INFO_TIMEOUT]: 'pwa.workerErrors.cacheInfoTimeout',
  [WORKER_ERROR.ACTIVATION_TIMEOUT]: 'pwa.workerErrors.activationTimeout',
  'Service Worker did not answer within 3 seconds': 'pwa.workerErrors.noAnswer',
  'Force update operation timeout': 'pwa.workerErrors.forceUpdateTimeout',
  'Caching is not supported in this browser': 'pwa.workerErrors.cachingUnsupported',
  'No install prompt is available': 'pwa.install.noPrompt',
  'Force reload needs a connection': 'pwa.panel.forceReloadOffline',
  [PUSH_ERROR.UNSUPPORTED]: 'push.errors.unsupported',
  [PUSH_ERROR.DENIED]: 'push.errors.denied',
  [PUSH_ERROR.REQUIRED]: 'push.errors.required',
  [PUSH_ERROR.WORKER_NOT_READY]: 'pwa.push.workerNotReady',
  [PUSH_ERROR.NOT_GRANTED]: 'push.errors.notGranted',
  [OFFLINE_QUEUE_ERROR.OFFLINE]: 'sync.errors.offline',
  [OFFLINE_QUEUE_ERROR.QUEUE_FULL]: 'pwa.sync.queueFull',
};

export const UPDATE_BUTTON_KEYS: Readonly<Record<string, string>> = {
  [UPDATE_BUTTON.UPDATE_NOW]: 'pwa.update.buttons.updateNow',
  [UPDATE_BUTTON.LATER]: 'pwa.update.buttons.later',
  [UPDATE_BUTTON.UPDATING]: 'pwa.update.buttons.updating',
  [UPDATE_BUTTON.RELOADING]: 'pwa.update.buttons.reloading',
  [UPDATE_BUTTON.REFRESH_PAGE]: 'pwa.update.buttons.refreshPage',
  [UPDATE_BUTTON.CLOSE]: 'pwa.update.buttons.close',
  [UPDATE_BUTTON.CHECK_AGAIN]: 'pwa.update.buttons.checkAgain',
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A text in the reader's language: its key when it is one of the spec's, the server status pattern, else as is. */
export function localMessage(t: Translate, message: string): string {
  const key = MESSAGE_KEYS[message];
  if (key) return t(key, { defaultValue: message });
  const server = /^Server error: (\d{3})$/.exec(message);
  if (server) return t('pwa.errors.serverStatus', { status: server[1], defaultValue: message });
  return message;
}

/** A chart's error ({ code, message, params }): the code's text, with the message (translated when known) in it. */
export function errorText(
  t: Translate,
  error: { code: string; message: string; params?: Record<string, number> },
): string {
  return t(error.code, {
    ...error.params,
    message: localMessage(t, error.message),
    defaultValue: error.message,
  });
}
