/**
 * Context, events, input and actor contracts of app startup (docs/platform.md#start-up "Startup",
 * docs/platform.md#start-up startup banners, docs/platform.md#install-prompt worker timings).
 */
import type { StartupBanner } from '../../src/domain/constants';

export interface StartupError {
  /** What went wrong, in the worker manager's words (docs/platform.md#start-up) or the error's own. */
  message: string;
  /** The banner shown once the retries are used up (docs/platform.md#start-up). */
  banner: StartupBanner;
}

export interface AppStartupInput {
  /** A native WebView or wrapper: no service worker here (docs/platform.md#start-up "Skipped in embedded web views"). */
  embedded?: boolean;
  /** The browser has service workers; default true. */
  supported?: boolean;
}

export interface AppStartupContext {
  embedded: boolean;
  supported: boolean;
  /** Retries used so far (0 during the first attempt; at most WORKER.INIT_RETRIES). */
  retries: number;
  error: StartupError | null;
  version: string | null;
  versionChanged: boolean;
}

export type AppStartupEvent =
  /** The banner's Retry button: reloads the page (docs/platform.md#start-up). */
  { type: 'startup.retry' };

export interface InitWorkerInput {
  /** 1 for the first attempt, then 2, 3, 4. */
  attempt: number;
}

export interface CheckVersionOutput {
  version: string | null;
  /** The version differs from the one this browser last ran. */
  changed: boolean;
}

export type AppStartupOutput =
  | { status: 'ready'; version: string | null; changed: boolean }
  | { status: 'skipped'; reason: 'embedded' | 'unsupported' };
