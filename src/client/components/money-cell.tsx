/**
 * A money column's cell: integer minor units shown in the store's currency and the user's language
 * (docs/money.md), for resource configs' `cell` and the reports' figures.
 */
import { useTranslation } from 'react-i18next';
import { selectStoreSettings } from '../../../machines/auth/auth.selectors';
import { DEFAULT_CURRENCY } from '../../domain/constants';
import { useAuthSelector } from '../lib/actors/auth-actor';
import { formatMoney } from '../lib/format';

export function MoneyCell({ minor }: { minor: unknown }) {
  const { i18n } = useTranslation();
  const currency = useAuthSelector((s) => selectStoreSettings(s)?.currency) ?? DEFAULT_CURRENCY;
  if (typeof minor !== 'number') return null;
  return <>{formatMoney(minor, i18n.language, currency)}</>;
}
