/**
 * Reads a chosen CSV in the browser before anything is uploaded (docs/decisions/013-back-office-client-libraries.md "Import"): its columns,
 * its first rows for the preview, its row count, and what is wrong with the file itself (a missing column,
 * an unreadable line). papaparse reads the File in chunks of CHUNK_BYTES, so a 50,000-row file neither
 * freezes the page nor is held whole as rows, and each chunk reports how far the reading got. The rows
 * themselves are checked by the server's dry run (the same rules as the commit), not here.
 */
import Papa from 'papaparse';
import type { ParsedFile } from '../../../../machines/resource/resource.types';

/** Small enough for a progress bar that moves on a 6 MB file, large enough to keep the overhead low. */
export const CHUNK_BYTES = 256 * 1024;
/** Rows shown in the preview table. */
export const SAMPLE_ROWS = 20;
/** Unreadable lines listed; the count says how many there are in all. */
const MAX_PARSE_ERRORS = 100;

/** Bytes of the file's start checked for UTF-8 before the preview (the server checks every byte). */
const ENCODING_CHECK_BYTES = 64 * 1024;

/**
 * Whether the file's first bytes are UTF-8 (docs/back-office.md "Import": the server refuses any other
 * encoding). Read by the browser as UTF-8 anyway, a Windows-1252 or UTF-16 file would preview with its accented
 * letters replaced, and the user would learn why only from the dry run.
 */
export async function startsAsUtf8(file: Blob): Promise<boolean> {
  const head = await file.slice(0, ENCODING_CHECK_BYTES).arrayBuffer();
  try {
    // `stream: true`: a character cut by the slice's end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export async function parseCsvPreview(
  file: File,
  requiredColumns: readonly string[],
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ParsedFile> {
  const utf8 = await startsAsUtf8(file);
  const parsed = await readPreview(file, requiredColumns, onProgress, signal);
  if (utf8) return parsed;
  return {
    ...parsed,
    errors: [
      { row: 0, code: 'not_utf8', message: 'The file is not UTF-8 text. Save it as "CSV UTF-8".' },
      ...parsed.errors,
    ],
  };
}

function readPreview(
  file: File,
  requiredColumns: readonly string[],
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ParsedFile> {
  return new Promise((resolve, reject) => {
    const sample: Array<Record<string, string>> = [];
    const errors: ParsedFile['errors'] = [];
    let columns: string[] = [];
    let totalRows = 0;
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      chunkSize: CHUNK_BYTES,
      transformHeader: (header) => header.trim(),
      chunk: (results, parser) => {
        if (signal?.aborted) {
          parser.abort();
          return;
        }
        if (columns.length === 0) columns = results.meta.fields ?? [];
        for (const row of results.data) {
          if (sample.length < SAMPLE_ROWS) sample.push(row);
        }
        for (const error of results.errors) {
          if (errors.length >= MAX_PARSE_ERRORS) break;
          // papaparse counts data rows from 0 within the chunk; the contract counts from 1 after the header.
          errors.push({
            row: totalRows + (error.row ?? 0) + 1,
            code: 'unreadable_row',
            message: error.message,
          });
        }
        totalRows += results.data.length;
        onProgress(results.meta.cursor, file.size);
      },
      complete: () => {
        if (signal?.aborted) {
          reject(new DOMException('The file was closed.', 'AbortError'));
          return;
        }
        const missing = requiredColumns.filter((column) => !columns.includes(column));
        for (const column of missing) {
          errors.unshift({
            row: 0,
            column,
            code: 'missing_column',
            message: `The column ${column} is missing.`,
          });
        }
        if (totalRows === 0) errors.push({ row: 0, code: 'empty_file', message: 'The file has no rows.' });
        resolve({ columns, sample, totalRows, errors });
      },
      error: (error) => reject(error),
    });
  });
}
