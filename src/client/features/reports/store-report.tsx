/**
 * The store report (/pos/report/store; docs/reports.md "Store"): the sale figures per till of the store (a
 * workstation, or the till without one), each row linking to its details (/pos/report/store/details: that
 * till's days). The sort fields are the server's STORE_SORTS and STORE_DETAILS_SORTS
 * (src/contracts/reports-store.ts).
 */
import { useTranslation } from 'react-i18next';
import type { SaleFigures } from '../../../contracts/reports';
import type { StoreDayRow, StoreDetailsReport, StoreRow, StoreTill } from '../../../contracts/reports-store';
import { SALE_FIGURES, TENDERS_TABLE } from './daily-report';
import { NS } from './report-config';
import type { ReportColumn, ReportConfig } from './report-config';
import { ReportScreen } from './report-screen';

/** A till's name: the workstation's, or "No workstation" for the store's till without one. */
function TillName({ till }: { till: StoreTill }) {
  const { t } = useTranslation(NS);
  if (till.workstation_id === 0) return <>{t('store.noWorkstation')}</>;
  return <>{till.workstation_name}</>;
}

/** The figure columns of a till's row, a period's or a day's. */
function figureColumns<Row extends SaleFigures>(): ReadonlyArray<ReportColumn<Row>> {
  return [
    {
      id: 'sales_count',
      label: 'figures.sales_count',
      kind: 'count',
      value: (r) => r.sales_count,
      sort: 'sales_count',
    },
    { id: 'gross', label: 'figures.gross', kind: 'money', value: (r) => r.gross, sort: 'gross' },
    { id: 'discounts', label: 'figures.discounts', kind: 'money', value: (r) => r.discounts },
    { id: 'net', label: 'figures.net', kind: 'money', value: (r) => r.net, sort: 'net' },
    { id: 'tax', label: 'figures.tax', kind: 'money', value: (r) => r.tax },
    { id: 'tips', label: 'figures.tips', kind: 'money', value: (r) => r.tips, sort: 'tips' },
    { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (r) => r.refunds, sort: 'refunds' },
    { id: 'voids', label: 'figures.voids', kind: 'money', value: (r) => r.voids, sort: 'voids' },
    { id: 'payments', label: 'figures.payments', kind: 'tenders', value: (r) => r.payments },
    {
      id: 'expected_cash',
      label: 'figures.expected_cash',
      kind: 'money',
      value: (r) => r.cash.expected_cash,
    },
  ];
}

export const STORE_CONFIG: ReportConfig<StoreRow, SaleFigures> = {
  name: 'store',
  defaultSort: 'workstation_name',
  rowKey: (row) => String(row.workstation_id),
  people: ['user_id', 'cashier_id'],
  details: {
    path: '/pos/report/store/details',
    params: (row) => ({ workstation_id: String(row.workstation_id) }),
  },
  columns: [
    // Text first: a row's Details link is named by its first column (report-table.tsx).
    { id: 'code', label: 'store.code', kind: 'text', value: (r) => r.workstation_code || '—' },
    {
      id: 'workstation',
      label: 'store.workstation',
      kind: 'node',
      value: (r) => <TillName till={r} />,
      sort: 'workstation_name',
    },
    ...figureColumns<StoreRow>(),
  ],
  figures: SALE_FIGURES,
  totalsTables: [TENDERS_TABLE],
};

type DetailsTotals = StoreDetailsReport['totals'];

export const STORE_DETAILS_CONFIG: ReportConfig<StoreDayRow, DetailsTotals> = {
  name: 'store/details',
  words: 'storeDetails',
  params: ['workstation_id'],
  defaultSort: 'date',
  rowKey: (row) => row.date,
  people: ['user_id', 'cashier_id'],
  columns: [
    { id: 'date', label: 'daily.date', kind: 'day', value: (r) => r.date, sort: 'date' },
    ...figureColumns<StoreDayRow>(),
  ],
  figures: [
    { id: 'till', label: 'store.workstation', kind: 'node', value: (t) => <TillName till={t.till} /> },
    ...SALE_FIGURES,
  ],
  totalsTables: [TENDERS_TABLE],
};

export function StoreReportScreen() {
  return <ReportScreen config={STORE_CONFIG} />;
}

export function StoreDetailsScreen() {
  return <ReportScreen config={STORE_DETAILS_CONFIG} />;
}
