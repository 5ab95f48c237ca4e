/**
 * CSV import of a resource (docs/back-office.md "Import"): the file is read as a stream, each data row is
 * checked (its cells through the resource's create schema, its unique keys against the file so far and the
 * database), and in `commit` mode the good rows are inserted batch by batch inside a savepoint. Any bad row
 * rolls the savepoint back at the end: a commit writes every row or none, and the answer lists each bad row
 * by its number either way. A dry run runs the same checks and writes nothing.
 *
 * Speed (docs/back-office.md "Import"): per batch of IMPORT_BATCH_ROWS one query per unique key and one
 * multi-row INSERT returning only ids; the ids go into a short list of ranges and the plan's `finish` writes
 * one audit row for the whole import. Memory holds one batch, the file's keys seen so far, at most
 * MAX_IMPORT_ERRORS_LISTED errors and the id ranges, whatever the file's length.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ImportMode, ImportResult, ImportRowError } from '../../contracts/resource';
import { MAX_IMPORT_ERRORS_LISTED } from '../../contracts/resource';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { Queryable } from '../db/client';
import { unprocessable, VALIDATION_MESSAGE } from '../errors';
import { CsvEncodingError, csvRecords } from './csv';

/** Rows checked against the database and inserted together. */
export const IMPORT_BATCH_ROWS = 500;

export interface ImportRow<B> {
  /** 1-based data row (the header is row 0). */
  row: number;
  body: B;
}

/** A row's own errors (bad cells), or its body. */
export type RowCheck<B> = { ok: true; body: B } | { ok: false; errors: Omit<ImportRowError, 'row'>[] };

export interface ImportPlan<B> {
  /** The columns a file may have (the header row), in the order an export writes them. */
  columns: readonly string[];
  /** One row's cells by column (blank cells left out) → its body or its errors. */
  checkRow: (cells: Record<string, string>) => RowCheck<B>;
  /** Errors of a batch against the database and the rows before it (duplicate keys). */
  checkBatch: (db: Queryable, rows: readonly ImportRow<B>[]) => Promise<ImportRowError[]>;
  /** Inserts the rows in one statement and answers their new ids. */
  insertBatch: (db: Queryable, rows: readonly ImportRow<B>[]) => Promise<number[]>;
  /** After a commit with every row inserted, in the same transaction (the import's audit row). */
  finish: (db: Queryable, summary: ImportSummary) => Promise<void>;
}

/** The file an import reads: its temporary path, name and sha256 (a SpooledFile). */
export interface ImportFile {
  readonly path: string;
  readonly filename: string;
  readonly sha256: string;
}

/** What a committed import wrote, for its audit row. */
export interface ImportSummary {
  file: ImportFile;
  rows: number;
  /** The new ids as inclusive [first, last] ranges, in insert order (one range unless others inserted too). */
  idRanges: [number, number][];
}

/** Adds ids to inclusive ranges, extending the last range while the ids follow on. */
export function addIdRanges(ranges: [number, number][], ids: readonly number[]): void {
  for (const id of ids) {
    const last = ranges[ranges.length - 1];
    if (last && id === last[1] + 1) last[1] = id;
    else ranges.push([id, id]);
  }
}

class RollBackImport extends Error {}

function fileError(message: string): never {
  throw unprocessable(VALIDATION_MESSAGE, { file: [message] });
}

function readHeader(record: readonly string[], columns: readonly string[]): string[] {
  const header = record.map((cell, i) => (i === 0 ? cell.replace(/^\ufeff/, '') : cell).trim());
  const unknown = header.filter((name) => !columns.includes(name));
  if (unknown.length > 0) {
    fileError(`Unknown columns: ${unknown.join(', ')}. The columns are: ${columns.join(', ')}.`);
  }
  const repeated = header.filter((name, i) => header.indexOf(name) !== i);
  if (repeated.length > 0) fileError(`Columns named twice: ${[...new Set(repeated)].join(', ')}.`);
  return header;
}

/** The file's records; a file that is not UTF-8 is a 422 on `file` saying so, not a row of odd characters. */
async function* readRecords(path: string): AsyncGenerator<string[]> {
  try {
    yield* csvRecords(path);
  } catch (error) {
    if (error instanceof CsvEncodingError) fileError(error.message);
    throw error;
  }
}

export async function runImport<B>(
  db: Queryable,
  file: ImportFile,
  mode: ImportMode,
  plan: ImportPlan<B>,
): Promise<ImportResult> {
  const result: ImportResult = {
    mode,
    total_rows: 0,
    valid_rows: 0,
    error_rows: 0,
    imported: 0,
    errors: [],
  };
  const listError = (error: ImportRowError) => {
    if (result.errors.length < MAX_IMPORT_ERRORS_LISTED) result.errors.push(error);
  };

  const idRanges: [number, number][] = [];
  const work = async (tx: Queryable) => {
    let header: string[] | null = null;
    let batch: ImportRow<B>[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const found = await plan.checkBatch(tx, batch);
      const bad = new Set(found.map((e) => e.row));
      found.forEach(listError);
      result.error_rows += bad.size;
      const good = batch.filter((r) => !bad.has(r.row));
      result.valid_rows += good.length;
      // Once any row is bad a commit will be rolled back: stop writing, keep checking to list every error.
      if (mode === 'commit' && result.error_rows === 0 && good.length > 0) {
        addIdRanges(idRanges, await plan.insertBatch(tx, good));
        result.imported += good.length;
      }
      batch = [];
    };

    for await (const record of readRecords(file.path)) {
      if (header === null) {
        header = readHeader(record, plan.columns);
        continue;
      }
      result.total_rows += 1;
      const row = result.total_rows;
      if (record.length !== header.length) {
        result.error_rows += 1;
        listError({
          row,
          code: ERROR_CODE.VALIDATION_FAILED,
          message: `This row has ${record.length} cells; the header has ${header.length}.`,
        });
        continue;
      }
      const cells: Record<string, string> = {};
      header.forEach((name, i) => {
        const value = record[i]!.trim();
        if (value !== '') cells[name] = value;
      });
      const checked = plan.checkRow(cells);
      if (!checked.ok) {
        result.error_rows += 1;
        checked.errors.forEach((e) => listError({ row, ...e }));
        continue;
      }
      batch.push({ row, body: checked.body });
      if (batch.length >= IMPORT_BATCH_ROWS) await flush();
    }
    if (header === null) fileError('The file is empty: the first row must name the columns.');
    await flush();
    if (mode === 'commit' && result.error_rows > 0) throw new RollBackImport();
    if (mode === 'commit' && result.imported > 0) {
      await plan.finish(tx, { file, rows: result.imported, idRanges });
    }
  };

  if (mode === 'dry_run') {
    await work(db);
    return result;
  }
  try {
    // A savepoint inside the request's transaction: rolled back on any bad row, whatever was inserted.
    await db.transaction(work);
  } catch (error) {
    if (!(error instanceof RollBackImport)) throw error;
    result.imported = 0;
  }
  return result;
}

/**
 * Inserts rows into a table with one statement, `insert ... select * from unnest($1::type[], ...)`: one array
 * parameter per column, so the statement's text and parameter count do not grow with the rows. Drizzle's own
 * multi-row insert builds every row's every column (`default` for the absent ones) into its SQL and spent most of
 * an import's time there (docs/back-office.md "Import"). Rows are grouped by the columns they set, so a column a
 * row leaves out still gets its default. Array-typed columns would be flattened by unnest: such tables take
 * Drizzle's insert. Answers the new ids.
 */
export async function insertRows(db: Queryable, table: PgTable, rows: readonly object[]): Promise<number[]> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    const props = Object.keys(values).filter((p) => values[p] !== undefined && columns[p]);
    const signature = props.join(',');
    const group = groups.get(signature);
    if (group) group.push(values);
    else groups.set(signature, [values]);
  }
  const idColumn = columns.id!;
  const ids: number[] = [];
  for (const [signature, group] of groups) {
    const props = signature === '' ? [] : signature.split(',');
    const types = props.map((p) => columns[p]!.getSQLType());
    if (props.length === 0 || types.some((type) => type.endsWith(']'))) {
      const inserted = await db
        .insert(table)
        .values(group as never)
        .returning({ id: idColumn });
      ids.push(...inserted.map((r) => Number(r.id)));
      continue;
    }
    const arrays = props.map(
      (p, i) =>
        sql`${sql.param(
          group.map((values) => {
            const value = values[p];
            return value === null ? null : columns[p]!.mapToDriverValue(value);
          }),
        )}::${sql.raw(types[i]!)}[]`,
    );
    const result = await db.execute<{ id: number | string }>(
      sql`insert into ${table} (${sql.join(
        props.map((p) => sql.identifier(columns[p]!.name)),
        sql`, `,
      )}) select * from unnest(${sql.join(arrays, sql`, `)}) returning ${sql.identifier(idColumn.name)} as id`,
    );
    ids.push(...result.rows.map((r) => Number(r.id)));
  }
  return ids;
}
