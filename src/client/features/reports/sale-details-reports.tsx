/**
 * The details of the daily and summary reports (docs/reports.md "Daily details" and "Summary details"):
 * /pos/report/daily/details (the sales of one store day, `date`) and /pos/report/summary/details (one
 * employee's lines of the period, `user_id`). Their rows link from the daily and summary reports' rows.
 */
import type { SaleFigures, SummaryEmployee } from '../../../contracts/reports';
import type { DailySale, EmployeeLine } from '../../../contracts/reports-income';
import { ITEM_TYPE } from '../../../domain/constants';
import { SALE_FIGURES } from './daily-report';
import type { ReportConfig } from './report-config';
import { ReportScreen } from './report-screen';

const KIND_OF: Readonly<Record<number, string>> = {
  [ITEM_TYPE.SERVICE]: 'service',
  [ITEM_TYPE.PRODUCT]: 'product',
  [ITEM_TYPE.PRODUCT_KIT]: 'product_kit',
  [ITEM_TYPE.GIFTCARD]: 'giftcard',
};

export const DAILY_DETAILS_CONFIG: ReportConfig<DailySale, SaleFigures> = {
  name: 'daily/details',
  words: 'dailyDetails',
  params: ['date'],
  defaultSort: 'order_at',
  rowKey: (row) => String(row.sale_id),
  columns: [
    {
      id: 'order_at',
      label: 'dailyDetails.time',
      kind: 'instant',
      value: (r) => r.order_at,
      sort: 'order_at',
    },
    {
      id: 'ticket_no',
      label: 'dailyDetails.ticket',
      kind: 'count',
      value: (r) => r.ticket_no,
      sort: 'ticket_no',
    },
    { id: 'cashier', label: 'dailyDetails.cashier', kind: 'text', value: (r) => r.cashier },
    { id: 'employees', label: 'dailyDetails.employees', kind: 'text', value: (r) => r.employees },
    { id: 'gross', label: 'figures.gross', kind: 'money', value: (r) => r.gross, sort: 'gross' },
    { id: 'discounts', label: 'figures.discounts', kind: 'money', value: (r) => r.discounts },
    { id: 'net', label: 'figures.net', kind: 'money', value: (r) => r.net, sort: 'net' },
    { id: 'tax', label: 'figures.tax', kind: 'money', value: (r) => r.tax },
    { id: 'tips', label: 'figures.tips', kind: 'money', value: (r) => r.tips, sort: 'tips' },
    { id: 'total', label: 'figures.total', kind: 'money', value: (r) => r.total, sort: 'total' },
    { id: 'payments', label: 'figures.payments', kind: 'tenders', value: (r) => r.payments },
    {
      id: 'status',
      label: 'dailyDetails.status',
      kind: 'key',
      value: (r) => `common:sale_management.status.${r.status}`,
    },
  ],
  figures: SALE_FIGURES,
};

export const SUMMARY_DETAILS_CONFIG: ReportConfig<EmployeeLine, SummaryEmployee> = {
  name: 'summary/details',
  words: 'summaryDetails',
  params: ['user_id'],
  defaultSort: 'order_at',
  rowKey: (row) => String(row.line_id),
  columns: [
    {
      id: 'order_at',
      label: 'summaryDetails.time',
      kind: 'instant',
      value: (r) => r.order_at,
      sort: 'order_at',
    },
    { id: 'ticket_no', label: 'summaryDetails.ticket', kind: 'count', value: (r) => r.ticket_no },
    {
      id: 'item_name',
      label: 'summaryDetails.item',
      kind: 'text',
      value: (r) => r.item_name,
      sort: 'item_name',
    },
    {
      id: 'kind',
      label: 'summary.category',
      kind: 'key',
      value: (r) => (KIND_OF[r.item_type] ? `summary.kinds.${KIND_OF[r.item_type]}` : null),
    },
    { id: 'quantity', label: 'summary.quantity', kind: 'count', value: (r) => r.quantity },
    { id: 'gross', label: 'figures.gross', kind: 'money', value: (r) => r.gross, sort: 'gross' },
    { id: 'discounts', label: 'figures.discounts', kind: 'money', value: (r) => r.discounts },
    { id: 'net', label: 'figures.net', kind: 'money', value: (r) => r.net, sort: 'net' },
    { id: 'tax', label: 'figures.tax', kind: 'money', value: (r) => r.tax },
    { id: 'commission', label: 'summary.commission', kind: 'money', value: (r) => r.stored_commission },
  ],
  figures: [
    { id: 'name', label: 'summary.employee', kind: 'text', value: (t) => t.name },
    { id: 'sales_count', label: 'figures.sales_count', kind: 'count', value: (t) => t.sales_count },
    { id: 'gross', label: 'figures.gross', kind: 'money', value: (t) => t.gross },
    { id: 'net', label: 'figures.net', kind: 'money', value: (t) => t.net },
    { id: 'commission', label: 'summary.commission', kind: 'money', value: (t) => t.commission },
    { id: 'tips', label: 'figures.tips', kind: 'money', value: (t) => t.tips },
    { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (t) => t.refunds },
  ],
};

export function DailyDetailsScreen() {
  return <ReportScreen config={DAILY_DETAILS_CONFIG} />;
}

export function SummaryDetailsScreen() {
  return <ReportScreen config={SUMMARY_DETAILS_CONFIG} />;
}
