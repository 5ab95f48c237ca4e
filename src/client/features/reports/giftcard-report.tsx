/**
 * The gift card report (/pos/report/giftcard; docs/reports.md "Gift cards"): per card moved in the store in
 * the period, what was loaded, redeemed, given back and taken back, and its balance now; the totals with what
 * the store's cards owe. Each card links to its history in the period (/pos/report/giftcard/details). The
 * sort fields are the server's GIFTCARD_SORTS and GIFTCARD_DETAILS_SORTS (src/contracts/reports-store.ts).
 */
import type {
  GiftcardDetailsReport,
  GiftcardHistoryRow,
  GiftcardReport,
  GiftcardReportRow,
} from '../../../contracts/reports-store';
import type { ReportConfig, ReportFigure } from './report-config';
import { ReportScreen } from './report-screen';

type Totals = GiftcardReport['totals'];
type DetailsTotals = GiftcardDetailsReport['totals'];
type Moved = Pick<Totals, 'loaded' | 'redeemed' | 'returned' | 'taken_back' | 'net_change'>;

const MOVED_FIGURES: ReadonlyArray<ReportFigure<Moved>> = [
  { id: 'loaded', label: 'giftcard.loaded', kind: 'money', value: (t) => t.loaded },
  { id: 'redeemed', label: 'giftcard.redeemed', kind: 'money', value: (t) => t.redeemed },
  { id: 'returned', label: 'giftcard.returned', kind: 'money', value: (t) => t.returned },
  { id: 'taken_back', label: 'giftcard.taken_back', kind: 'money', value: (t) => t.taken_back },
  { id: 'net_change', label: 'giftcard.net_change', kind: 'money', value: (t) => t.net_change },
];

export const GIFTCARD_CONFIG: ReportConfig<GiftcardReportRow, Totals> = {
  name: 'giftcard',
  defaultSort: 'number',
  rowKey: (row) => String(row.giftcard_id),
  people: ['cashier_id', 'user_id'],
  details: {
    path: '/pos/report/giftcard/details',
    params: (row) => ({ giftcard_id: String(row.giftcard_id) }),
  },
  columns: [
    { id: 'number', label: 'giftcard.number', kind: 'text', value: (r) => r.number, sort: 'number' },
    { id: 'customer', label: 'giftcard.customer', kind: 'text', value: (r) => r.customer_name },
    { id: 'loaded', label: 'giftcard.loaded', kind: 'money', value: (r) => r.loaded, sort: 'loaded' },
    { id: 'redeemed', label: 'giftcard.redeemed', kind: 'money', value: (r) => r.redeemed, sort: 'redeemed' },
    { id: 'returned', label: 'giftcard.returned', kind: 'money', value: (r) => r.returned },
    { id: 'taken_back', label: 'giftcard.taken_back', kind: 'money', value: (r) => r.taken_back },
    {
      id: 'net_change',
      label: 'giftcard.net_change',
      kind: 'money',
      value: (r) => r.net_change,
      sort: 'net_change',
    },
    { id: 'balance', label: 'giftcard.balance', kind: 'money', value: (r) => r.balance, sort: 'balance' },
    {
      id: 'active',
      label: 'giftcard.status',
      kind: 'key',
      value: (r) => (r.is_active ? 'giftcard.active' : 'giftcard.inactive'),
    },
  ],
  figures: [
    { id: 'cards', label: 'giftcard.cards', kind: 'count', value: (t) => t.cards },
    ...MOVED_FIGURES,
    {
      id: 'outstanding_balance',
      label: 'giftcard.outstanding_balance',
      kind: 'money',
      value: (t) => t.outstanding_balance,
    },
    {
      id: 'outstanding_cards',
      label: 'giftcard.outstanding_cards',
      kind: 'count',
      value: (t) => t.outstanding_cards,
    },
  ],
};

export const GIFTCARD_DETAILS_CONFIG: ReportConfig<GiftcardHistoryRow, DetailsTotals> = {
  name: 'giftcard/details',
  words: 'giftcardDetails',
  params: ['giftcard_id'],
  defaultSort: 'created_at',
  rowKey: (row) => String(row.id),
  people: ['cashier_id', 'user_id'],
  columns: [
    {
      id: 'created_at',
      label: 'giftcardDetails.when',
      kind: 'instant',
      value: (r) => r.created_at,
      sort: 'created_at',
    },
    { id: 'date', label: 'daily.date', kind: 'day', value: (r) => r.date },
    {
      id: 'kind',
      label: 'giftcardDetails.kind',
      kind: 'key',
      value: (r) => `giftcardDetails.kinds.${r.kind}`,
    },
    { id: 'amount', label: 'giftcardDetails.amount', kind: 'money', value: (r) => r.amount, sort: 'amount' },
    {
      id: 'balance_after',
      label: 'giftcardDetails.balanceAfter',
      kind: 'money',
      value: (r) => r.balance_after,
    },
    { id: 'invoice_no', label: 'giftcardDetails.invoice', kind: 'text', value: (r) => r.invoice_no },
    { id: 'user', label: 'giftcardDetails.user', kind: 'text', value: (r) => r.user_name },
    { id: 'note', label: 'giftcardDetails.note', kind: 'text', value: (r) => r.note },
  ],
  figures: [
    { id: 'number', label: 'giftcard.number', kind: 'text', value: (t) => t.number },
    { id: 'customer', label: 'giftcard.customer', kind: 'text', value: (t) => t.customer_name },
    ...MOVED_FIGURES,
    { id: 'balance', label: 'giftcard.balance', kind: 'money', value: (t) => t.balance },
  ],
};

export function GiftcardReportScreen() {
  return <ReportScreen config={GIFTCARD_CONFIG} />;
}

export function GiftcardDetailsScreen() {
  return <ReportScreen config={GIFTCARD_DETAILS_CONFIG} />;
}
