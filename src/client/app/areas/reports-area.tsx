/**
 * The sales reports (docs/reports.md) in one chunk: routes.ts imports this module lazily for the report
 * routes that have a screen, each the one report screen with its config (features/reports).
 */
import type { ComponentType } from 'react';
import { AnalysisCustomerScreen, PaymentAnalysisScreen } from '../../features/reports/analysis-reports';
import { CustomerDetailsScreen, CustomerReportScreen } from '../../features/reports/customer-report';
import { DailyReportScreen } from '../../features/reports/daily-report';
import {
  IncomeDetailsScreen,
  IncomeReportScreen,
  IncomeWktReportScreen,
} from '../../features/reports/income-report';
import { DailyDetailsScreen, SummaryDetailsScreen } from '../../features/reports/sale-details-reports';
import { GiftcardDetailsScreen, GiftcardReportScreen } from '../../features/reports/giftcard-report';
import { ItemDetailsScreen, ItemsReportScreen } from '../../features/reports/services-products-report';
import { StoreDetailsScreen, StoreReportScreen } from '../../features/reports/store-report';
import { SummaryReportScreen } from '../../features/reports/summary-report';

export const REPORT_SCREENS = {
  daily: DailyReportScreen,
  dailyDetails: DailyDetailsScreen,
  summary: SummaryReportScreen,
  summaryDetails: SummaryDetailsScreen,
  income: IncomeReportScreen,
  incomeDetails: IncomeDetailsScreen,
  incomeWkt: IncomeWktReportScreen,
  customer: CustomerReportScreen,
  customerDetails: CustomerDetailsScreen,
  analysisCustomer: AnalysisCustomerScreen,
  analysisPayment: PaymentAnalysisScreen,
  store: StoreReportScreen,
  'store/details': StoreDetailsScreen,
  giftcard: GiftcardReportScreen,
  'giftcard/details': GiftcardDetailsScreen,
  'services-products': ItemsReportScreen,
  'services-products/details': ItemDetailsScreen,
} satisfies Readonly<Record<string, ComponentType>>;

export type ReportScreenName = keyof typeof REPORT_SCREENS;
