/** CSV columns named after a row's own fields (docs/reports.md): header = field, cell = its value. */
import type { CsvValue } from '../resources/csv';
import type { ReportColumn } from './report-factory';

export function csvColumns<Row>(fields: readonly (keyof Row & string)[]): ReportColumn<Row>[] {
  return fields.map((field) => ({ header: field, value: (row: Row) => row[field] as CsvValue }));
}
