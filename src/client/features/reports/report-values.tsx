/**
 * A report value as the reader reads it (docs/money.md: money is integer minor units, shown with Intl in the
 * user's language and the store's currency): money, counts, store days (a `YYYY-MM-DD` names the store's
 * day, so it is formatted as that calendar day, never moved by the tablet's zone), and text.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectRange } from '../../../../machines/report/report.selectors';
import { MoneyCell } from '../../components/money-cell';
import { formatDate, formatDateTime, formatNumber, formatPercent } from '../../lib/format';
import { ReportActor } from './report-actor';
import { NS } from './report-config';
import type { ValueKind } from './report-config';

interface Tender {
  payment_type: number;
  amount: number;
}

/** The tenders that took something, one a line: "Cash $12.00". */
function Tenders({ tenders }: { tenders: readonly Tender[] }) {
  const { t } = useTranslation('common');
  const taken = tenders.filter((tender) => tender.amount !== 0);
  if (taken.length === 0) return <>—</>;
  return (
    <>
      {taken.map((tender, index) => (
        <span key={tender.payment_type}>
          {index > 0 && <br />}
          {t(`sale_management.paymentType.${tender.payment_type}`)} <MoneyCell minor={tender.amount} />
        </span>
      ))}
    </>
  );
}

/** An instant (a sale's time) in the store's zone, as the report's range names it. */
function Instant({ value }: { value: string }) {
  const { i18n } = useTranslation(NS);
  const zone = ReportActor.useSelector(selectRange)?.timezone;
  return <>{formatDateTime(value, i18n.language, zone)}</>;
}

export function ReportValue({ kind, value }: { kind: ValueKind; value: unknown }) {
  const { t, i18n } = useTranslation(NS);
  if (value === null || value === undefined) return <>—</>;
  switch (kind) {
    case 'node':
      return <>{value as ReactNode}</>;
    case 'instant':
      return <Instant value={String(value)} />;
    case 'percent':
      return <>{typeof value === 'number' ? formatPercent(value, i18n.language) : String(value)}</>;
    case 'key':
      return <>{t(String(value))}</>;
    case 'tenders':
      return Array.isArray(value) ? <Tenders tenders={value as Tender[]} /> : null;
    case 'money':
      return <MoneyCell minor={value} />;
    case 'count':
      return <>{typeof value === 'number' ? formatNumber(value, i18n.language) : String(value)}</>;
    case 'day':
      return <>{formatDate(`${String(value)}T00:00:00Z`, i18n.language, { timeZone: 'UTC' })}</>;
    default:
      return <>{String(value)}</>;
  }
}

/** Numbers line up on the right, words on the left. */
export const alignOf = (kind: ValueKind): 'end' | 'start' =>
  kind === 'money' || kind === 'count' || kind === 'percent' ? 'end' : 'start';
