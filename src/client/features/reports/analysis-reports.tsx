/**
 * The two analyses the spec declares without a screen (docs/reports.md "Customer analysis", "Payment
 * analysis"): /pos/report/analysis-customer, who came per store day (new, returning, walk-ins) and how many
 * customer visits were rebooked; /pos/report/analysis-payment, the twelve tenders with their payments,
 * amounts, card tips, refunds and card fees. The sort fields are the server's CUSTOMER_VISIT_SORTS and
 * PAYMENT_ANALYSIS_SORTS (src/contracts/reports-customers.ts).
 */
import type {
  AnalysisCustomerReport,
  AnalysisCustomerRow,
  PaymentAnalysis,
  PaymentAnalysisRow,
} from '../../../contracts/reports-customers';
import type { ReportConfig } from './report-config';
import { ReportScreen } from './report-screen';

/** Basis points (10,000 = all) as the percent the screen shows. */
const percentOfBasisPoints = (bp: number) => bp / 100;

export const ANALYSIS_CUSTOMER_CONFIG: ReportConfig<AnalysisCustomerRow, AnalysisCustomerReport['totals']> = {
  name: 'analysis-customer',
  words: 'analysisCustomer',
  // The rebooking window, when a link names one (default 30 days, docs/reports.md "Customer analysis").
  params: ['within_days'],
  defaultSort: 'date',
  rowKey: (row) => row.date,
  people: ['user_id', 'cashier_id'],
  columns: [
    { id: 'date', label: 'analysisCustomer.date', kind: 'day', value: (r) => r.date, sort: 'date' },
    { id: 'visits', label: 'analysisCustomer.visits', kind: 'count', value: (r) => r.visits, sort: 'visits' },
    {
      id: 'customers',
      label: 'customers.customers',
      kind: 'count',
      value: (r) => r.customers,
      sort: 'customers',
    },
    {
      id: 'new_customers',
      label: 'customers.new_customers',
      kind: 'count',
      value: (r) => r.new_customers,
      sort: 'new_customers',
    },
    {
      id: 'returning_customers',
      label: 'customers.returning_customers',
      kind: 'count',
      value: (r) => r.returning_customers,
      sort: 'returning_customers',
    },
    {
      id: 'walk_ins',
      label: 'customers.walk_ins',
      kind: 'count',
      value: (r) => r.walk_ins,
      sort: 'walk_ins',
    },
    { id: 'rebooked', label: 'analysisCustomer.rebooked', kind: 'count', value: (r) => r.rebooked },
    {
      id: 'rebooking',
      label: 'analysisCustomer.rebooking',
      kind: 'percent',
      value: (r) => percentOfBasisPoints(r.rebooking_bp),
    },
  ],
  figures: [
    { id: 'visits', label: 'analysisCustomer.visits', kind: 'count', value: (t) => t.visits },
    { id: 'customers', label: 'customers.customers', kind: 'count', value: (t) => t.customers },
    { id: 'new_customers', label: 'customers.new_customers', kind: 'count', value: (t) => t.new_customers },
    {
      id: 'returning_customers',
      label: 'customers.returning_customers',
      kind: 'count',
      value: (t) => t.returning_customers,
    },
    { id: 'walk_ins', label: 'customers.walk_ins', kind: 'count', value: (t) => t.walk_ins },
    {
      id: 'customer_visits',
      label: 'analysisCustomer.customer_visits',
      kind: 'count',
      value: (t) => t.customer_visits,
    },
    { id: 'rebooked', label: 'analysisCustomer.rebooked', kind: 'count', value: (t) => t.rebooked },
    {
      id: 'rebooking',
      label: 'analysisCustomer.rebooking',
      kind: 'percent',
      value: (t) => percentOfBasisPoints(t.rebooking_bp),
    },
    { id: 'within_days', label: 'analysisCustomer.within_days', kind: 'count', value: (t) => t.within_days },
  ],
};

export const PAYMENT_ANALYSIS_CONFIG: ReportConfig<PaymentAnalysisRow, PaymentAnalysis['totals']> = {
  name: 'payment-analysis/summary',
  words: 'paymentAnalysis',
  defaultSort: 'payment_type',
  rowKey: (row) => String(row.payment_type),
  people: ['user_id', 'cashier_id'],
  columns: [
    {
      id: 'payment_type',
      label: 'paymentAnalysis.tender',
      kind: 'key',
      value: (r) => `common:sale_management.paymentType.${r.payment_type}`,
      sort: 'payment_type',
    },
    { id: 'count', label: 'paymentAnalysis.count', kind: 'count', value: (r) => r.count, sort: 'count' },
    { id: 'amount', label: 'paymentAnalysis.amount', kind: 'money', value: (r) => r.amount, sort: 'amount' },
    { id: 'tips', label: 'paymentAnalysis.tips', kind: 'money', value: (r) => r.tips, sort: 'tips' },
    {
      id: 'refunds_count',
      label: 'paymentAnalysis.refunds_count',
      kind: 'count',
      value: (r) => r.refunds_count,
    },
    {
      id: 'refunds',
      label: 'paymentAnalysis.refunds',
      kind: 'money',
      value: (r) => r.refunds,
      sort: 'refunds',
    },
    { id: 'card_fees', label: 'paymentAnalysis.card_fees', kind: 'money', value: (r) => r.card_fees },
    { id: 'net', label: 'paymentAnalysis.net', kind: 'money', value: (r) => r.net },
  ],
  figures: [
    { id: 'count', label: 'paymentAnalysis.count', kind: 'count', value: (t) => t.count },
    { id: 'amount', label: 'paymentAnalysis.amount', kind: 'money', value: (t) => t.amount },
    { id: 'tips', label: 'paymentAnalysis.tips', kind: 'money', value: (t) => t.tips },
    { id: 'refunds', label: 'paymentAnalysis.refunds', kind: 'money', value: (t) => t.refunds },
    { id: 'card_fees', label: 'paymentAnalysis.card_fees', kind: 'money', value: (t) => t.card_fees },
    { id: 'net', label: 'paymentAnalysis.net', kind: 'money', value: (t) => t.net },
    {
      id: 'card_fee_percent',
      label: 'paymentAnalysis.card_fee_percent',
      kind: 'percent',
      value: (t) => t.card_fee_percent,
    },
  ],
};

export function AnalysisCustomerScreen() {
  return <ReportScreen config={ANALYSIS_CUSTOMER_CONFIG} />;
}

export function PaymentAnalysisScreen() {
  return <ReportScreen config={PAYMENT_ANALYSIS_CONFIG} />;
}
