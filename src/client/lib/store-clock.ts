/**
 * The store's wall clock for screens: times are the store's (its settings' time zone), whatever zone the tablet
 * is set to, in the reader's language (docs/front-desk.md).
 */
import { useTranslation } from 'react-i18next';
import { selectStoreSettings } from '../../../machines/auth/auth.selectors';
import { useAuthSelector } from './actors/auth-actor';
import { formatTime } from './format';

export function useStoreTime(): (at: string) => string {
  const { i18n } = useTranslation();
  const timeZone = useAuthSelector(selectStoreSettings)?.timezone;
  return (at: string) => formatTime(at, i18n.language, timeZone);
}
