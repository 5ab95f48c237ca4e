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
import { Readable, Transform } from 'node:stream';
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

/** A file that is not UTF-8 text: the import refuses it with this message (422 on `file`). */
export class CsvEncodingError extends Error {}

export const NOT_UTF8_MESSAGE =
  'The file is not UTF-8 text (perhaps UTF-16 or a Windows or Excel encoding). Save it as "CSV UTF-8" and import it again.';

/**
 * Bytes to text, refusing any byte sequence that is not UTF-8 instead of turning it into U+FFFD: a file saved
 * as Windows-1252 or UTF-16 would otherwise import names with their accents silently replaced.
 */
function utf8Text(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Buffer): string => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new CsvEncodingError(NOT_UTF8_MESSAGE);
    }
  };
  return new Transform({
    decodeStrings: true,
    transform(chunk: Buffer, _encoding, done) {
      try {
        const text = decode(chunk);
        done(null, text === '' ? undefined : text);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        const text = decode();
        done(null, text === '' ? undefined : text);
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/**
 * Each record of a CSV file as an array of cells, header first, read as a stream. The text must be UTF-8
 * (a byte-order mark is dropped); papaparse finds the line endings itself, so Windows files (CRLF) read alike.
 */
export function csvRecords(path: string): AsyncIterable<string[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { header: false, skipEmptyLines: 'greedy' });
  const source = createReadStream(path);
  const text = utf8Text();
  source.on('error', (error) => parser.destroy(error));
  text.on('error', (error) => parser.destroy(error));
  source.pipe(text).pipe(parser);
  return parser as AsyncIterable<string[]>;
}

/**
 * A stream's bytes as base64 text, as they come: each chunk's whole groups of three bytes are encoded and the
 * one or two left over wait for the next chunk, so the text is the encoding of the whole and memory holds one
 * chunk, whatever the length.
 */
export async function* base64Chunks(source: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of source) {
    const bytes = Buffer.concat([rest, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk]);
    const whole = bytes.length - (bytes.length % 3);
    if (whole > 0) yield bytes.subarray(0, whole).toString('base64');
    rest = bytes.subarray(whole);
  }
  if (rest.length > 0) yield rest.toString('base64');
}

/**
 * The success envelope `{ success, data: { filename, contents }, message }` with `contents` the base64 of a
 * CSV stream, written as the CSV is read (the endpoint catalogue's POST export: "returns base64 contents").
 * Base64 holds no character JSON must escape, so the chunks go between the quotes as they are.
 */
export function base64CsvEnvelope(filename: string, csv: Readable): Readable {
  async function* parts(): AsyncGenerator<string> {
    yield `{"success":true,"data":{"filename":${JSON.stringify(filename)},"contents":"`;
    yield* base64Chunks(csv);
    yield '"},"message":"OK"}';
  }
  return Readable.from(parts(), { objectMode: false });
}
