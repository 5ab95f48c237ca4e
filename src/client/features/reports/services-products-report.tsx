/**
 * The services and products report (/pos/report/services-products; docs/reports.md "Services and products"):
 * per item sold in the period (service, product, product kit, gift card) its quantity, gross, discounts, net,
 * tax and the refunds of its lines; the kinds of the period as a table whose lines filter the report by kind
 * (`item_type` in the address). Each item links to its lines (/pos/report/services-products/details). The
 * sort fields are the server's ITEM_SORTS and ITEM_DETAILS_SORTS (src/contracts/reports-store.ts).
 */
import { Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { selectCustom, selectFilters, selectPeriod } from '../../../../machines/report/report.selectors';
import type {
  ItemDetailsReport,
  ItemFigures,
  ItemKind,
  ItemLineRow,
  ItemReport,
  ItemRow,
} from '../../../contracts/reports-store';
import { ReportActor } from './report-actor';
import { NS, totalsTable } from './report-config';
import type { ReportColumn, ReportConfig, ReportFigure } from './report-config';
import { ReportScreen } from './report-screen';
import { detailsHref } from './report-url';

type Totals = ItemReport['totals'];
type DetailsTotals = ItemDetailsReport['totals'];
/** A line of the kinds table: a kind, or every kind together (item_type 0). */
type KindLine = Omit<ItemKind, 'category'> & { category: ItemKind['category'] | 'all' };

const PATH = '/pos/report/services-products';

/** A kind as a link to the report filtered by it, on the period shown; the kind shown now is marked. */
function KindLink({ line }: { line: KindLine }) {
  const { t } = useTranslation(NS);
  const period = ReportActor.useSelector(selectPeriod);
  const custom = ReportActor.useSelector(selectCustom);
  const shown = ReportActor.useSelector(selectFilters).item_type ?? '0';
  const params: Record<string, string> = line.item_type === 0 ? {} : { item_type: String(line.item_type) };
  const current = shown === String(line.item_type);
  return (
    <Link
      asChild
      minH="11"
      display="inline-flex"
      alignItems="center"
      fontWeight={current ? 'bold' : 'normal'}
    >
      <RouterLink
        to={detailsHref(PATH, { period, custom }, params)}
        aria-current={current ? 'page' : undefined}
        data-testid={`report-kind-${line.category}`}
      >
        {t(line.category === 'all' ? 'items.allKinds' : `summary.kinds.${line.category}`)}
      </RouterLink>
    </Link>
  );
}

const FIGURE_KEYS = [
  'sales_count',
  'quantity',
  'gross',
  'line_discounts',
  'net',
  'tax',
  'refunded_quantity',
  'refunds',
] as const;

/** The kinds of the period, and all of them together first. */
export function kindLines(totals: Totals): KindLine[] {
  const all = Object.fromEntries(
    FIGURE_KEYS.map((key) => [key, totals.kinds.reduce((sum, kind) => sum + kind[key], 0)]),
  ) as ItemFigures;
  return [{ ...all, item_type: 0, category: 'all' }, ...totals.kinds];
}

const KIND_COLUMNS: ReadonlyArray<ReportColumn<KindLine>> = [
  { id: 'kind', label: 'summary.category', kind: 'node', value: (line) => <KindLink line={line} /> },
  { id: 'quantity', label: 'summary.quantity', kind: 'count', value: (line) => line.quantity },
  { id: 'net', label: 'figures.net', kind: 'money', value: (line) => line.net },
  { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (line) => line.refunds },
];

const ITEM_FIGURES: ReadonlyArray<ReportFigure<ItemFigures>> = [
  { id: 'quantity', label: 'summary.quantity', kind: 'count', value: (t) => t.quantity },
  { id: 'gross', label: 'figures.gross', kind: 'money', value: (t) => t.gross },
  { id: 'line_discounts', label: 'figures.discounts', kind: 'money', value: (t) => t.line_discounts },
  { id: 'net', label: 'figures.net', kind: 'money', value: (t) => t.net },
  { id: 'tax', label: 'figures.tax', kind: 'money', value: (t) => t.tax },
  { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (t) => t.refunds },
];

export const ITEMS_CONFIG: ReportConfig<ItemRow, Totals> = {
  name: 'services-products',
  words: 'items',
  params: ['item_type'],
  defaultSort: 'name',
  rowKey: (row) => row.item_key,
  people: ['user_id', 'cashier_id'],
  details: {
    path: `${PATH}/details`,
    params: (row) => ({ item_type: String(row.item_type), item_id: String(row.item_id) }),
  },
  columns: [
    { id: 'name', label: 'items.item', kind: 'text', value: (r) => r.name, sort: 'name' },
    { id: 'category', label: 'summary.category', kind: 'key', value: (r) => `summary.kinds.${r.category}` },
    { id: 'sales_count', label: 'figures.sales_count', kind: 'count', value: (r) => r.sales_count },
    { id: 'quantity', label: 'summary.quantity', kind: 'count', value: (r) => r.quantity, sort: 'quantity' },
    { id: 'gross', label: 'figures.gross', kind: 'money', value: (r) => r.gross, sort: 'gross' },
    { id: 'line_discounts', label: 'figures.discounts', kind: 'money', value: (r) => r.line_discounts },
    { id: 'net', label: 'figures.net', kind: 'money', value: (r) => r.net, sort: 'net' },
    { id: 'tax', label: 'figures.tax', kind: 'money', value: (r) => r.tax, sort: 'tax' },
    {
      id: 'refunded_quantity',
      label: 'items.refundedQuantity',
      kind: 'count',
      value: (r) => r.refunded_quantity,
    },
    { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (r) => r.refunds, sort: 'refunds' },
  ],
  figures: ITEM_FIGURES,
  totalsTables: [
    totalsTable<Totals, KindLine>({
      id: 'kinds',
      title: 'summary.byKind',
      lines: kindLines,
      columns: KIND_COLUMNS,
    }),
  ],
};

export const ITEM_DETAILS_CONFIG: ReportConfig<ItemLineRow, DetailsTotals> = {
  name: 'services-products/details',
  words: 'itemDetails',
  params: ['item_type', 'item_id'],
  defaultSort: 'order_at',
  rowKey: (row) => String(row.sale_line_id),
  people: ['user_id', 'cashier_id'],
  columns: [
    {
      id: 'order_at',
      label: 'itemDetails.when',
      kind: 'instant',
      value: (r) => r.order_at,
      sort: 'order_at',
    },
    { id: 'invoice_no', label: 'itemDetails.invoice', kind: 'text', value: (r) => r.invoice_no },
    { id: 'employee', label: 'summary.employee', kind: 'text', value: (r) => r.employee_name },
    { id: 'quantity', label: 'summary.quantity', kind: 'count', value: (r) => r.quantity, sort: 'quantity' },
    { id: 'unit_price', label: 'itemDetails.unitPrice', kind: 'money', value: (r) => r.unit_price },
    { id: 'gross', label: 'figures.gross', kind: 'money', value: (r) => r.gross, sort: 'gross' },
    { id: 'line_discounts', label: 'figures.discounts', kind: 'money', value: (r) => r.line_discounts },
    { id: 'net', label: 'figures.net', kind: 'money', value: (r) => r.net, sort: 'net' },
    { id: 'tax', label: 'figures.tax', kind: 'money', value: (r) => r.tax },
    {
      id: 'refunded_quantity',
      label: 'items.refundedQuantity',
      kind: 'count',
      value: (r) => r.refunded_quantity,
    },
  ],
  figures: [{ id: 'name', label: 'items.item', kind: 'text', value: (t) => t.name }, ...ITEM_FIGURES],
};

export function ItemsReportScreen() {
  return <ReportScreen config={ITEMS_CONFIG} />;
}

export function ItemDetailsScreen() {
  return <ReportScreen config={ITEM_DETAILS_CONFIG} />;
}
