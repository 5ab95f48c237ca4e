/**
 * A resource's unique keys (docs/back-office.md, "Errors"): a value another row of the scope already has is
 * 409 `duplicate` naming the field, checked before writing and again through the database's unique index, so a
 * concurrent twin that got past the check answers the same 409.
 */
import { eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { duplicate, pgErrorCode } from '../errors';
import type { ResourceTable, UniqueKey } from './resource-config';
import { propertyOf } from './resource-repository';
import type { ResourceRepository } from './resource-repository';

/** A config's unique key with the table properties of its columns. */
export type ResolvedUniqueKey = Omit<UniqueKey, 'per'> & {
  property: string;
  per: readonly { column: AnyPgColumn; property: string }[];
};

export interface UniqueKeys {
  keys: readonly ResolvedUniqueKey[];
  /** The value as the key compares it (lower-cased where the key is case-insensitive). */
  norm: (key: ResolvedUniqueKey, value: unknown) => unknown;
  /** A key's value in comparable form: its `per` values, then the (lower-cased) value. */
  keyOf: (key: ResolvedUniqueKey, read: (property: string) => unknown) => string;
  /**
   * 409 `duplicate` for the first unique key whose value another row of the scope has. On an update the
   * row's stored values fill in what the body leaves out, and a key is checked when any part of it changes.
   */
  check: (
    db: Queryable,
    auth: AuthContext,
    values: object,
    except?: { id: number; before: object },
  ) => Promise<void>;
  /** A write the database refused for one of the unique keys (a concurrent twin): the same 409. */
  guard: <X>(write: () => Promise<X>) => Promise<X>;
}

/** The constraint named by a pg error under Drizzle's wrapper. */
function pgConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

export function uniqueKeys<
  T extends ResourceTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(repo: ResourceRepository<T, R, C, U>): UniqueKeys {
  const { table, scopeWhere } = repo;
  const keys: ResolvedUniqueKey[] = (repo.config.unique ?? []).map((key) => ({
    ...key,
    property: propertyOf(table, key.column),
    per: (key.per ?? []).map((column) => ({ column, property: propertyOf(table, column) })),
  }));
  const norm = (key: ResolvedUniqueKey, value: unknown) =>
    key.caseInsensitive && typeof value === 'string' ? value.toLowerCase() : value;

  return {
    keys,
    norm,
    keyOf: (key, read) =>
      JSON.stringify([...key.per.map((p) => read(p.property)), norm(key, read(key.property))]),

    check: async (db, auth, values, except) => {
      const changed = values as Record<string, unknown>;
      const read = (property: string) =>
        property in changed
          ? changed[property]
          : (except?.before as Record<string, unknown> | undefined)?.[property];
      for (const key of keys) {
        if (![key.property, ...key.per.map((p) => p.property)].some((p) => changed[p] !== undefined))
          continue;
        const value = read(key.property);
        if (value === undefined || value === null) continue;
        const [taken] = await db
          .select({ id: table.id })
          .from(table)
          .where(
            scopeWhere(
              auth,
              key.caseInsensitive && typeof value === 'string'
                ? sql`lower(${key.column}) = lower(${value})`
                : eq(key.column, value),
              ...key.per.map((p) => eq(p.column, read(p.property))),
              key.where,
              except ? ne(table.id, except.id) : undefined,
            ),
          )
          .limit(1);
        if (taken) {
          const details = key.namesHolder ? { conflict: { field: key.field, id: taken.id } } : undefined;
          throw duplicate(key.message, key.field, details);
        }
      }
    },

    async guard<X>(write: () => Promise<X>): Promise<X> {
      try {
        return await write();
      } catch (error) {
        if (pgErrorCode(error) === '23505') {
          const key = keys.find((k) => k.index === pgConstraint(error));
          if (key) throw duplicate(key.message, key.field);
        }
        throw error;
      }
    },
  };
}
