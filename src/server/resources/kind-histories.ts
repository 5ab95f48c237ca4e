/**
 * The `histories` of a config whose history is an append-only table of kinds (docs/back-office.md "Histories on
 * the server"): a coupon's uses and releases, a membership's joins, renewals, changes and leaves. Such a page is
 * always the same: the rows naming the one row, in the caller's tenant, `filter[kind]` when asked, newest first
 * (the id breaking ties between rows of one instant), counted with the same WHERE. A config says only what
 * differs: the table and the column naming its row, the columns and joins each item shows, and how a selected
 * row reads on the wire. The page is planned by the one list dialect (db/list-query.ts), as a gift card's
 * ledger is.
 */
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Queryable } from '../db/client';
import { fetchPage, listFilter, planList, selectPage } from '../db/list-query';
import type { ListSpec } from '../db/list-query';
import { tenantWhere } from '../db/scoped';
import type { TenantIdTable } from '../db/scoped';
import { resourceHistories } from './resource-config';
import type { ResourceHistories } from './resource-config';

/** A history table: keyed by (tenant_id, id), each row of a kind, written at created_at. */
export type KindHistoryTable = TenantIdTable & { kind: AnyPgColumn; createdAt: AnyPgColumn };

/** The query of such a history: paging, and the kind it may be narrowed to. */
type KindHistoryQuery = z.ZodType<{ page: number; per_page: number; filter?: { kind?: string } | undefined }>;

export interface KindHistories<S extends PgSelect, Q extends KindHistoryQuery, H extends z.ZodType> {
  /** One line for the API's description. */
  summary: string;
  /** The contract's query schema (paging, `filter[kind]`) and item schema. */
  query: Q;
  item: H;
  table: KindHistoryTable;
  /** The column naming the row whose history it is (coupon_histories.coupon_id). */
  of: AnyPgColumn;
  /** The select of the columns each item needs, with its joins, made `$dynamic()` (the page is added to it). */
  select: (db: Queryable) => S;
  /** A selected row as the API shows it. */
  toItem: (row: Awaited<S>[number]) => z.output<H>;
}

export function kindHistories<S extends PgSelect, Q extends KindHistoryQuery, H extends z.ZodType>(
  spec: KindHistories<S, Q, H>,
): ResourceHistories {
  const { table } = spec;
  const list: ListSpec = {
    sort: { created_at: table.createdAt },
    defaultSort: '-created_at',
    tiebreak: table.id,
    // The contract's query schema has checked the kind before the handler runs.
    filters: { kind: listFilter(z.string(), (kind) => eq(table.kind, kind)) },
  };
  return resourceHistories({
    summary: spec.summary,
    query: spec.query,
    item: spec.item,
    list: async (db, auth, id, query) => {
      const plan = planList(list, query, tenantWhere(table, auth, eq(spec.of, id)));
      const page = await fetchPage(db, plan, table, (p) => selectPage(spec.select(db), p));
      return { ...page, items: page.items.map((row) => spec.toItem(row as Awaited<S>[number])) };
    },
  });
}
