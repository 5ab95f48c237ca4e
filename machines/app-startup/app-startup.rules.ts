/**
 * Pure rules of app startup: which banner a failed worker start shows (docs/platform.md#start-up).
 */
import { STARTUP_BANNER, WORKER_ERROR } from '../../src/domain/constants';
import type { StartupError } from './app-startup.types';

function nameAndMessage(error: unknown): { name: string; message: string } {
  if (typeof error === 'object' && error !== null) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return {
      name: typeof name === 'string' ? name : '',
      message: typeof message === 'string' ? message : '',
    };
  }
  return { name: '', message: typeof error === 'string' ? error : '' };
}

/**
 * The spec lists four banners without saying which failure gives which; ours reads the error: a time-out
 * (ours or the worker manager's 'failed or timed out') → "taking too long"; a network failure → "Network
 * connection issue"; a refused permission (NotAllowedError, SecurityError) → "Permission denied"; anything
 * else → "failed to start".
 */
export function startupError(error: unknown): StartupError {
  const { name, message } = nameAndMessage(error);
  const text = `${name} ${message}`;
  const shown = message || WORKER_ERROR.UNKNOWN;
  if (/timeout|timed out|taking too long/i.test(text))
    return { message: shown, banner: STARTUP_BANNER.TIMEOUT };
  if (/network|failed to fetch|load failed|offline/i.test(text)) {
    return { message: shown, banner: STARTUP_BANNER.NETWORK };
  }
  if (/notallowed|security|permission|denied/i.test(text)) {
    return { message: shown, banner: STARTUP_BANNER.PERMISSION };
  }
  return { message: shown, banner: STARTUP_BANNER.FAILED };
}

/** The init time-out of one attempt (3000 ms, docs/platform.md#worker-tools). */
export const INIT_TIMEOUT_ERROR: StartupError = {
  message: WORKER_ERROR.INIT_FAILED,
  banner: STARTUP_BANNER.TIMEOUT,
};
