/**
 * How the dashboard writes its numbers (docs/money.md: integer minor units in the store's currency and the
 * user's language): one formatter per kind, shared by the cards and the lazily loaded charts.
 */
import { useTranslation } from 'react-i18next';
import { selectStoreSettings } from '../../../../machines/auth/auth.selectors';
import { DEFAULT_CURRENCY } from '../../../domain/constants';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import { formatDate, formatMoney, formatNumber, formatTime } from '../../lib/format';

export const NS = 'dashboard';

export interface DashboardFormat {
  money: (minor: number) => string;
  count: (value: number) => string;
  /** A store day (`YYYY-MM-DD`) as that calendar day, never moved by the tablet's zone. */
  day: (day: string) => string;
  /** An instant as the store's wall-clock time. */
  time: (iso: string, timeZone: string) => string;
  /** An hour of the store day (0-23) as a time: "9:00". */
  hour: (hour: number) => string;
}

export function useDashboardFormat(): DashboardFormat {
  const { i18n } = useTranslation(NS);
  const currency = useAuthSelector((s) => selectStoreSettings(s)?.currency) ?? DEFAULT_CURRENCY;
  const language = i18n.language;
  return {
    money: (minor) => formatMoney(minor, language, currency),
    count: (value) => formatNumber(value, language),
    day: (day) => formatDate(`${day}T00:00:00Z`, language, { timeZone: 'UTC' }),
    time: (iso, timeZone) => formatTime(iso, language, timeZone),
    hour: (hour) => formatTime(`2000-01-01T${String(hour).padStart(2, '0')}:00:00Z`, language, 'UTC'),
  };
}
