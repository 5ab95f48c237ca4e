/**
 * The app's providers, in dependency order: the Chakra system, the session (AuthProvider, auth.tsx), the
 * language sync, and the notices. Translations load before the first paint (react-i18next suspends), with a
 * spinner meanwhile.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectLanguage } from '../../../machines/auth/auth.selectors';
import { Notices, notify } from '../components/notices';
import type { Notice } from '../components/notices';
import { PageLoading } from '../components/page-loading';
import { apiNotices, keyedNotice } from '../lib/api/notices';
import type { ApiNotice } from '../lib/api/notices';
import { applyStoreLanguage } from '../lib/i18n';
import { useAuthSelector } from '../lib/actors/auth-actor';
import { printingActors } from '../lib/printing/printing-logic';
import { AuthProvider } from './auth';
import { PwaProvider } from './pwa-actors';
import { system } from './theme';

/**
 * i18next is a system outside React: the store's language (docs/platform.md#languages) is pushed to it when
 * the session brings or changes one. The API client's notices (docs/api.md#the-client) are shown as toasts in
 * the current language.
 */
type Translate = (key: string, options: Record<string, unknown>) => string;

/**
 * An API notice as a toast: its code translated with the values it carries (the queue's "saved offline with
 * ID {{id}}"), its English text the fallback. WHY the values go in after the fallback and before nothing
 * else: a notice's params must not replace `defaultValue`. The code is the toast's id, so a second notice of
 * the same kind updates the first instead of stacking.
 */
export function apiNoticeToast(notice: ApiNotice, t: Translate): Notice {
  return {
    type: notice.kind,
    title: notice.code ? t(notice.code, { ...notice.params, defaultValue: notice.message }) : notice.message,
    id: notice.code ?? undefined,
  };
}

/** The printer's charts load with the first print or the printer tab, not with the shell (docs/printing.md). */
const loadPrintingActors = () => import('./printing-actors').then((m) => m.appPrintingActors);

function ExternalSync() {
  const { t } = useTranslation('common');
  const storeLanguage = useAuthSelector(selectLanguage);
  useEffect(() => applyStoreLanguage(storeLanguage), [storeLanguage]);
  useEffect(
    () =>
      apiNotices.subscribe((notice) => {
        void keyedNotice(notice).then((keyed) => notify(apiNoticeToast(keyed, t)));
      }),
    [t],
  );
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <Suspense fallback={<PageLoading />}>
        <AuthProvider>
          <ExternalSync />
          <printingActors.Provider load={loadPrintingActors}>
            <PwaProvider>{children}</PwaProvider>
          </printingActors.Provider>
          <Notices />
        </AuthProvider>
      </Suspense>
    </ChakraProvider>
  );
}
