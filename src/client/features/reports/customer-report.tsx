/**
 * The customer report (/pos/report/customer; docs/reports.md "Customers"): a row per customer of the period
 * (visits, first and last visit, gross, net, tips, refunds, average ticket) with a Details link to their sales
 * (/pos/report/customer/details, the same period and `customer_id`); the period's customers, new, returning and
 * walk-ins as figures. The sort fields are the server's CUSTOMER_REPORT_SORTS and CUSTOMER_DETAILS_SORTS
 * (src/contracts/reports-customers.ts).
 */
import type {
  CustomerDetails,
  CustomerReport,
  CustomerReportRow,
  CustomerSaleRow,
} from '../../../contracts/reports-customers';
import type { ReportConfig, ReportFigure } from './report-config';
import { ReportScreen } from './report-screen';

type Figures = Omit<
  CustomerReport['totals'],
  'customers' | 'new_customers' | 'returning_customers' | 'walk_ins'
>;

/** A customer's money figures, for the period's totals and one customer's. */
const CUSTOMER_FIGURES: ReadonlyArray<ReportFigure<Figures>> = [
  { id: 'visits', label: 'customers.visits', kind: 'count', value: (t) => t.visits },
  { id: 'gross', label: 'figures.gross', kind: 'money', value: (t) => t.gross },
  { id: 'net', label: 'figures.net', kind: 'money', value: (t) => t.net },
  { id: 'tips', label: 'figures.tips', kind: 'money', value: (t) => t.tips },
  { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (t) => t.refunds },
  { id: 'average_ticket', label: 'customers.average_ticket', kind: 'money', value: (t) => t.average_ticket },
];

export const CUSTOMER_CONFIG: ReportConfig<CustomerReportRow, CustomerReport['totals']> = {
  name: 'customers',
  defaultSort: 'name',
  rowKey: (row) => String(row.customer_id),
  // A name or phone from the address narrows the customers (docs/reports.md#customers, `filter[search]`): a
  // link can open the report on one customer.
  params: ['filter[search]'],
  people: ['user_id', 'cashier_id'],
  details: {
    path: '/pos/report/customer/details',
    params: (row) => ({ customer_id: String(row.customer_id) }),
  },
  columns: [
    { id: 'name', label: 'customers.name', kind: 'text', value: (r) => r.name, sort: 'name' },
    { id: 'phone', label: 'customers.phone', kind: 'text', value: (r) => r.phone },
    { id: 'visits', label: 'customers.visits', kind: 'count', value: (r) => r.visits, sort: 'visits' },
    {
      id: 'first_visit',
      label: 'customers.first_visit',
      kind: 'day',
      value: (r) => r.first_visit,
      sort: 'first_visit',
    },
    {
      id: 'last_visit',
      label: 'customers.last_visit',
      kind: 'day',
      value: (r) => r.last_visit,
      sort: 'last_visit',
    },
    { id: 'gross', label: 'figures.gross', kind: 'money', value: (r) => r.gross, sort: 'gross' },
    { id: 'net', label: 'figures.net', kind: 'money', value: (r) => r.net, sort: 'net' },
    { id: 'tips', label: 'figures.tips', kind: 'money', value: (r) => r.tips, sort: 'tips' },
    { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (r) => r.refunds, sort: 'refunds' },
    {
      id: 'average_ticket',
      label: 'customers.average_ticket',
      kind: 'money',
      value: (r) => r.average_ticket,
    },
  ],
  figures: [
    { id: 'customers', label: 'customers.customers', kind: 'count', value: (t) => t.customers },
    { id: 'new_customers', label: 'customers.new_customers', kind: 'count', value: (t) => t.new_customers },
    {
      id: 'returning_customers',
      label: 'customers.returning_customers',
      kind: 'count',
      value: (t) => t.returning_customers,
    },
    { id: 'walk_ins', label: 'customers.walk_ins', kind: 'count', value: (t) => t.walk_ins },
    ...CUSTOMER_FIGURES,
  ],
};

export const CUSTOMER_DETAILS_CONFIG: ReportConfig<CustomerSaleRow, CustomerDetails['totals']> = {
  name: 'customers/details',
  words: 'customerDetails',
  params: ['customer_id'],
  defaultSort: 'order_at',
  rowKey: (row) => String(row.sale_id),
  people: ['user_id', 'cashier_id'],
  columns: [
    { id: 'date', label: 'customerDetails.date', kind: 'day', value: (r) => r.date, sort: 'order_at' },
    {
      id: 'invoice_no',
      label: 'customerDetails.invoice',
      kind: 'text',
      value: (r) => r.invoice_no,
      sort: 'invoice_no',
    },
    {
      id: 'status',
      label: 'customerDetails.status',
      kind: 'key',
      value: (r) => `common:sale_management.status.${r.status}`,
    },
    { id: 'gross', label: 'figures.gross', kind: 'money', value: (r) => r.gross, sort: 'gross' },
    { id: 'discounts', label: 'figures.discounts', kind: 'money', value: (r) => r.discounts },
    { id: 'net', label: 'figures.net', kind: 'money', value: (r) => r.net, sort: 'net' },
    { id: 'tax', label: 'figures.tax', kind: 'money', value: (r) => r.tax },
    { id: 'tips', label: 'figures.tips', kind: 'money', value: (r) => r.tips, sort: 'tips' },
    { id: 'total', label: 'figures.total', kind: 'money', value: (r) => r.total, sort: 'total' },
    { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (r) => r.refunds, sort: 'refunds' },
  ],
  figures: [
    { id: 'customer', label: 'customerDetails.customer', kind: 'text', value: (t) => t.customer.name },
    ...(CUSTOMER_FIGURES as ReadonlyArray<ReportFigure<CustomerDetails['totals']>>),
  ],
};

export function CustomerReportScreen() {
  return <ReportScreen config={CUSTOMER_CONFIG} />;
}

export function CustomerDetailsScreen() {
  return <ReportScreen config={CUSTOMER_DETAILS_CONFIG} />;
}
