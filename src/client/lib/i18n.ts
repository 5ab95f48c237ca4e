/**
 * Translations (docs/platform.md#languages): i18next with the namespaces common and navigation,
 * read from /locales/{lng}/{ns}.json (the repo's locales/ folder, copied into the build) through a chain of
 * two backends: a localStorage cache kept 1 day (docs/platform.md#languages "Translation files cached in the
 * browser 1 day"), then HTTP.
 *
 * Retries (docs/platform.md): "status 500-599 or no status is retryable; 4xx is not retryable; unparsable
 * JSON gives a 'failed parsing' error; reads retried up to 5 times, first delay 350 ms, doubling". i18next
 * core retries exactly so when a backend flags an error as retryable, but the chained backend replaces that
 * flag with one fixed answer for every failure (retry even a 404, or never). So the retry lives in the HTTP
 * backend's request function (`fetchTranslation`), which knows the status; the http backend still parses and
 * reports 'failed parsing'.
 *
 * Which language (docs/platform.md#languages "The language comes from the store settings and defaults to
 * en"): a language picked on this device (the switch in the app bar) wins; else the store's; else en. The
 * choice is stored under LANGUAGE_CHOICE_KEY.
 */
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import ChainedBackend from 'i18next-chained-backend';
import HttpBackend from 'i18next-http-backend';
import LocalStorageBackend from 'i18next-localstorage-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../domain/constants';
import type { Language } from '../../domain/constants';
import { intlLocale, isLanguage } from './format';

export const NAMESPACES = ['common', 'navigation'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const TRANSLATION_CACHE_MS = 24 * 60 * 60 * 1000;
export const TRANSLATION_CACHE_PREFIX = 'i18next_res_';
export const LANGUAGE_CHOICE_KEY = 'i18nextLng';
/** docs/platform.md: up to 5 retries, the first after 350 ms, each wait doubling. */
export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_FIRST_RETRY_MS = 350;

/** Language names as their speakers write them: a switch must be readable by whoever needs it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  kr: '한국어',
  thai: 'ไทย',
  vi: 'Tiếng Việt',
};

export interface TranslationResponse {
  status: number;
  data: string;
}

type FetchLike = (url: string) => Promise<{ status: number; text(): Promise<string> }>;

/**
 * GET a translation file, retrying server errors and network failures (docs/platform.md#languages) but never
 * a 4xx. Resolves with the last response (or rejects with the last network error) once retries are spent.
 */
export async function fetchTranslation(
  url: string,
  fetchImpl: FetchLike = (u) => fetch(u, { credentials: 'same-origin' }),
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<TranslationResponse> {
  let wait = TRANSLATION_FIRST_RETRY_MS;
  for (let attempt = 0; ; attempt++) {
    let retryable: boolean;
    let outcome: { response?: TranslationResponse; error?: unknown };
    try {
      const res = await fetchImpl(url);
      const response = { status: res.status, data: await res.text() };
      outcome = { response };
      retryable = !res.status || (res.status >= 500 && res.status < 600);
    } catch (error) {
      outcome = { error };
      retryable = true;
    }
    if (!retryable || attempt >= TRANSLATION_RETRIES) {
      if (outcome.response) return outcome.response;
      throw outcome.error;
    }
    await sleep(wait);
    wait *= 2;
  }
}

type RequestCallback = (error: unknown, response?: TranslationResponse) => void;

/** The http backend's `request` option: its callback contract over fetchTranslation. */
function translationRequest(_options: unknown, url: string, _payload: unknown, callback: RequestCallback) {
  fetchTranslation(url).then(
    (response) => callback(null, response),
    (error: unknown) => callback(error),
  );
}

function readChoice(): Language | null {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_CHOICE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Device choice, else the store's language, else en (docs/api.md#defaults-and-formats "default language en"). */
export function resolveLanguage(
  choice: string | null | undefined,
  storeLanguage: string | null | undefined,
): Language {
  if (isLanguage(choice)) return choice;
  if (isLanguage(storeLanguage)) return storeLanguage;
  return DEFAULT_LANGUAGE;
}

export interface I18nOptions {
  /** Build hash of locales/ (vite.config.ts): a new build never reads an older cached file. */
  version?: string;
}

let current: I18n | null = null;

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = intlLocale(language);
}

export function initI18n({ version = 'dev' }: I18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', syncDocumentLanguage);
  void instance
    .use(ChainedBackend)
    .use(initReactI18next)
    .init({
      lng: resolveLanguage(readChoice(), null),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      // 'kr' and 'thai' have no region part to strip; never look for 'dev' or a base language.
      load: 'currentOnly',
      nonExplicitSupportedLngs: false,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      fallbackNS: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      backend: {
        backends: [LocalStorageBackend, HttpBackend],
        backendOptions: [
          {
            prefix: TRANSLATION_CACHE_PREFIX,
            expirationTime: TRANSLATION_CACHE_MS,
            defaultVersion: version,
          },
          {
            // The version busts the HTTP cache too (the server lets browsers keep these files an hour).
            // In the path, not queryStringParams: a custom `request` bypasses the code that appends those.
            loadPath: `/locales/{{lng}}/{{ns}}.json?v=${encodeURIComponent(version)}`,
            request: translationRequest,
          },
        ],
      },
      react: { useSuspense: true },
    });
  current = instance;
  return instance;
}

function instanceOrThrow(): I18n {
  if (!current) throw new Error('initI18n() has not run');
  return current;
}

/** The switch in the app bar: this device now reads `language`, whatever the store says. */
export function chooseLanguage(language: Language): Promise<unknown> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_CHOICE_KEY, language);
  } catch {
    // Private mode or a full storage: the choice lasts for this page only.
  }
  return instanceOrThrow().changeLanguage(language);
}

/** The session's store language (selectLanguage); applied unless this device chose its own. */
export function applyStoreLanguage(language: string | null | undefined): void {
  const next = resolveLanguage(readChoice(), language);
  const i18n = instanceOrThrow();
  if (i18n.language !== next) void i18n.changeLanguage(next);
}
