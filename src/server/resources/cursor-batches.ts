/**
 * Every row of one SELECT, a batch at a time, through a server-side cursor (docs/back-office.md "Export"): the
 * database sorts once and hands the rows over in order. Paging the same query with LIMIT/OFFSET instead re-runs
 * it for every batch, sorting and skipping every row before the batch, so an export's time grew with the square
 * of its rows (25,000 gift cards: 4.5 s; 50,000: 9.4 s; bench/back-office/giftcard-export.bench.ts).
 *
 * The cursor lives in a transaction of its own on a connection of its own, held while the caller reads (a
 * streamed download): READ ONLY, so it cannot write, and it sees one snapshot, so a row changed meanwhile is
 * neither missed nor read twice. The connection goes back to the pool when the reader is done or stops early
 * (a closed download calls the generator's return()).
 */
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Queryable } from '../db/client';

/** A query Drizzle can print: its SQL text and parameters. */
export interface PrintableQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/** A row as node-postgres gives it (column names) → the record as Drizzle's select gives it (properties). */
function recordMapper(table: PgTable): (row: Record<string, unknown>) => Record<string, unknown> {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  return (row) => {
    const record: Record<string, unknown> = {};
    for (const [property, column] of columns) {
      const value = row[column.name];
      record[property] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return record;
  };
}

/** How a row is handed over: as a table's record (Drizzle's properties), or through the caller's own mapper. */
export type RowShape = PgTable | ((row: Record<string, unknown>) => Record<string, unknown>);

export async function* cursorBatches(
  db: Queryable,
  query: PrintableQuery,
  shape: RowShape,
  size: number,
): AsyncGenerator<Record<string, unknown>[]> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const { sql, params } = query.toSQL();
  const toRecord = typeof shape === 'function' ? shape : recordMapper(shape);
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    // Every row will be read: plan for the whole result, not for the first tenth (the default for cursors,
    // which may pick a plan quick to start and slow to finish).
    await client.query('set local cursor_tuple_fraction = 1.0');
    await client.query({ text: `declare resource_export no scroll cursor for ${sql}`, values: params });
    for (;;) {
      const { rows } = await client.query<Record<string, unknown>>(`fetch ${size} from resource_export`);
      if (rows.length > 0) yield rows.map(toRecord);
      if (rows.length < size) break;
    }
  } finally {
    // Ends the transaction (and the cursor with it) whether the reader finished, stopped or failed; a
    // connection whose rollback fails is dropped rather than handed to the next caller mid-transaction.
    try {
      await client.query('rollback');
      client.release();
    } catch (error) {
      client.release(error instanceof Error ? error : true);
    }
  }
}
