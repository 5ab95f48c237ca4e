/**
 * CSV in and out of the back office (docs/back-office.md "Import" and "Export", ADR 012).
 *
 * Out: RFC 4180 lines, UTF-8 with a byte-order mark (spreadsheet programs read it as UTF-8 then, which
 * Vietnamese, Korean and Thai names need), and every text cell that a spreadsheet would read as a formula
 * neutralised: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`
 * (OWASP's advice for CSV injection). Numbers are written as numbers, never prefixed: a JS number cannot hold
 * a formula, and a price of -5 must stay a number.
 *
 * In: papaparse over a file stream, one row at a time (header: false, so papaparse's own field-count errors,
 * which its stream mode drops, are ours to report), so memory does not grow with the file.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import Papa from 'papaparse';

/** A byte-order mark, so a spreadsheet opens the file as UTF-8. */
export const CSV_BOM = '\ufeff';

/** First characters a spreadsheet reads as the start of a formula (or that hide one behind a control). */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

/** A cell as text: formulas neutralised, quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A CSV download as a stream: the BOM and header, then each batch of rows as it is read. */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly CsvValue[][]>,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(header);
    for await (const batch of batches) {
      if (batch.length > 0) yield batch.map(csvLine).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** Each record of a CSV file as an array of cells, header first, read as a stream. */
export function csvRecords(path: string): AsyncIterable<string[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { header: false, skipEmptyLines: 'greedy' });
  const source = createReadStream(path, { encoding: 'utf8' });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  return parser as AsyncIterable<string[]>;
}
