/**
 * Copying rows the API wrote, for the raw `pg` references of the API benchmarks (bench/api/raw-*.ts): read a
 * row as JSON (row_to_json, so the copies are as wide as the API's rows), insert copies of it with a few
 * fields changed through json_populate_recordset (one statement per table, whatever the number of rows).
 */
import type pg from 'pg';

export type Row = Record<string, unknown>;

/** Columns the copies carry: not the identity (its default), not the timestamps (now()). */
export async function columnsOf(client: pg.ClientBase, table: string): Promise<string[]> {
  const res = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = 'public' and table_name = $1
        and column_name not in ('id', 'created_at', 'updated_at')
      order by ordinal_position`,
    [table],
  );
  return res.rows.map((r) => r.column_name);
}

/** The rows of `sql`, which selects `row_to_json(…) as row`. */
export async function rowsOf(client: pg.ClientBase, sql: string, params: unknown[]): Promise<Row[]> {
  const res = await client.query<{ row: Row }>(sql, params);
  return res.rows.map((r) => r.row);
}

/** `insert into table (columns) select columns from json_populate_recordset(…, $1)`: $1 is a JSON array. */
export function insertFromJson(table: string, columns: string[], returning = ''): string {
  const list = columns.map((c) => `"${c}"`).join(', ');
  return `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json)${returning}`;
}
