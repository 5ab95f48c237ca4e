/**
 * The sales reports (docs/reports.md) in one chunk: routes.ts imports this module lazily for the daily and
 * summary routes, each the one report screen with its config (features/reports).
 */
import type { ComponentType } from 'react';
import { DailyReportScreen } from '../../features/reports/daily-report';
import { SummaryReportScreen } from '../../features/reports/summary-report';

export const REPORT_SCREENS = {
  daily: DailyReportScreen,
  summary: SummaryReportScreen,
} satisfies Readonly<Record<string, ComponentType>>;

export type ReportScreenName = keyof typeof REPORT_SCREENS;
