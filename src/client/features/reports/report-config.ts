/**
 * What makes one report out of the one report screen (docs/reports.md "one base, configured per report"): the
 * endpoint, the table's columns, the totals shown as figure cards, small tables drawn from the totals, and the
 * namespace prefix of its words (`reports:<name>.*`). A config is data; report-screen.tsx draws every config
 * the same way and the report chart (machines/report) owns its loading, period, sort, page and export.
 */

/**
 * How a value is shown: money in the store's currency (docs/money.md), a count, a percent (42.5 is 42.5 %), a store day, an
 * instant (shown in the store's zone), text, a key of the reports namespace (a word the screen translates),
 * the tenders of a row (their names and amounts), or a node the config draws itself (a link).
 */
export type ValueKind =
  'money' | 'count' | 'percent' | 'day' | 'instant' | 'text' | 'key' | 'tenders' | 'node';

export interface ReportColumn<Row> {
  id: string;
  /** Key in the reports namespace. */
  label: string;
  kind: ValueKind;
  value: (row: Row) => unknown;
  /** The server's sort field of this column (src/contracts/reports.ts DAILY_SORTS, SUMMARY_SORTS). */
  sort?: string;
}

export interface ReportFigure<Totals> {
  id: string;
  label: string;
  kind: ValueKind;
  value: (totals: Totals) => unknown;
}

/** A small table drawn from the totals: the tenders of the period, the kinds of item sold. */
export interface TotalsTable<Totals, Line = Record<string, unknown>> {
  id: string;
  title: string;
  lines: (totals: Totals) => readonly Line[];
  columns: ReadonlyArray<ReportColumn<Line>>;
}

/** The people a report may be filtered by (docs/reports.md#the-query). */
export type PersonFilter = 'user_id' | 'cashier_id';

/** Where a row's details are: a route of the app and the row's fields its query carries beside the period. */
export interface ReportDetails<Row> {
  path: string;
  params: (row: Row) => Readonly<Record<string, string>>;
}

export interface ReportConfig<Row = Record<string, unknown>, Totals = Record<string, unknown>> {
  /** GET /api/report/<name> and its /export; a details report's name is nested ('customers/details'). */
  name: string;
  /** The key prefix of the report's words in the reports namespace, when it is not `name`. */
  words?: string;
  /**
   * The URL query fields the screen reads at mount, besides the period, and sends to its endpoint: a details
   * screen's row (`customer_id`). A field absent from the URL is not sent.
   */
  params?: readonly string[];
  /** The people filters the screen offers (a select of the store's people each). */
  people?: readonly PersonFilter[];
  /** Each row links to its details screen. */
  details?: ReportDetails<Row>;
  columns: ReadonlyArray<ReportColumn<Row>>;
  figures: ReadonlyArray<ReportFigure<Totals>>;
  totalsTables?: ReadonlyArray<TotalsTable<Totals>>;
  /** The server's default sort of the report (docs/reports.md: daily `date`, summary `name`). */
  defaultSort: string;
  /** A row's stable key. */
  rowKey: (row: Row) => string;
}

/**
 * A totals table with its own line type, as a config lists it: the screen hands each line back to the same
 * table's columns, so forgetting the line type here loses nothing.
 */
export function totalsTable<Totals, Line>(table: TotalsTable<Totals, Line>): TotalsTable<Totals> {
  return table as unknown as TotalsTable<Totals>;
}

/** The config as the generic screen holds it (rows and totals as the server's objects). */
export type AnyReportConfig = ReportConfig<never, never>;

/** The namespace of every report's words. */
export const NS = 'reports';

/** The key prefix of a report's own words (its title, its rows' heading). */
export const wordsOf = (config: { name: string; words?: string }): string => config.words ?? config.name;
