/**
 * What crosses the wire for every back-office resource (docs/back-office.md): the server's resource factory
 * answers these shapes for each resource it is configured with, and the client's one resource machine reads
 * them. A resource's own row and form schemas are its config; the calls around them are the same for all.
 *
 *   GET    /api/<resource>?page&per_page&sort&search&filter[f]=v   → Page<row>        (the one list dialect)
 *   GET    /api/<resource>/{id}                                    → row
 *   POST   /api/<resource>                                         → row (201)
 *   POST   /api/<resource>/{id}            (PUT for expenses)      → row
 *   DELETE /api/<resource>/{id}                                    → { id }
 *   POST   /api/<resource>/bulk            BulkRequest             → BulkResult
 *   POST   /api/<resource>/import          multipart: file, mode   → ImportResult
 *   GET    /api/<resource>/export?sort&search&filter[f]=v          → text/csv (streamed)
 */
import { z } from 'zod';
import { blankable } from './customers';
import { listQuerySchema } from './envelope';

/** List query of a resource: the one dialect plus a free-text search over the resource's search columns. */
export const resourceListQuerySchema = listQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;

/** A row's required name (a unit, a supplier, a member, a category, an item), at most `max` characters. */
export function nameField(max: number) {
  return z
    .string({ error: 'Enter the name.' })
    .trim()
    .min(1, 'Enter the name.')
    .max(max, `The name is at most ${max} characters.`);
}

/**
 * An optional free text of at most `max` characters ('The note', 'The description'): trimmed, and blank
 * (an empty form field) stored as null.
 */
export function optionalText(max: number, what: string) {
  return blankable(z.string().trim().max(max, `${what} is at most ${max} characters.`)).optional();
}

/** The fields a back-office row ends with: whether it is offered, and when it was created and last changed. */
export const rowStampFields = {
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A back-office row as the server answers it: its id, its own fields in order, then rowStampFields. */
export function resourceRowSchema<TFields extends z.ZodRawShape>(fields: TFields) {
  return z.object({ id: z.number().int(), ...fields, ...rowStampFields });
}

/** `id` path parameter of every resource route. */
export const resourceIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const BULK_ACTIONS = ['delete', 'enable', 'disable'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** At most this many rows in one bulk request: a page of the longest list the screen shows. */
export const MAX_BULK_IDS = 500;

export const bulkRequestSchema = z.strictObject({
  action: z.enum(BULK_ACTIONS),
  ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(MAX_BULK_IDS),
});
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

/** Each row's own answer: a bulk delete of ten rows where two are in use deletes eight and says why not two. */
export const bulkRowResultSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  /** An error code from src/contracts/error-codes.ts when not ok. */
  code: z.string().optional(),
  message: z.string().optional(),
});
export const bulkResultSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  results: z.array(bulkRowResultSchema),
  succeeded: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** `dry_run` checks every row and changes nothing; `commit` applies all rows in one transaction or none. */
export const IMPORT_MODES = ['dry_run', 'commit'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** Largest CSV accepted by an import (a 50,000-row product file is about 6 MB). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Most row errors listed in one answer; `error_rows` still counts them all. */
export const MAX_IMPORT_ERRORS_LISTED = 1000;

/** One bad cell or row; `row` is the 1-based data row (the header is row 0), as a spreadsheet user counts. */
export const importRowErrorSchema = z.object({
  row: z.number().int().min(1),
  /** The CSV column, or absent when the error is about the whole row (a duplicate key, a missing reference). */
  column: z.string().optional(),
  code: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importResultSchema = z.object({
  mode: z.enum(IMPORT_MODES),
  total_rows: z.number().int().min(0),
  valid_rows: z.number().int().min(0),
  error_rows: z.number().int().min(0),
  /** Rows written: 0 on a dry run and on a commit refused for any error. */
  imported: z.number().int().min(0),
  errors: z.array(importRowErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Deleting a row others still use answers 409 with what uses it, and deletes nothing. */
export const inUseDetailSchema = z.object({
  /** The resource that holds references, e.g. 'services'. */
  resource: z.string(),
  count: z.number().int().min(1),
});
export type InUseDetail = z.infer<typeof inUseDetailSchema>;
