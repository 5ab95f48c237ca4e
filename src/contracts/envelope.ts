/**
 * The JSON envelope of every API response (docs/api.md#the-envelope; the client reads `data`, `success` and
 * `message`, docs/api.md#the-client) and the list conventions: query `page`, `per_page` (default 15,
 * docs/api.md#defaults-and-formats), `sort`, `filter[...]`; response `data: { items, total, page, per_page
 * }`.
 */
import { z } from 'zod';
import { ITEMS_PER_PAGE } from '../domain/constants';
import { ERROR_CODE } from './error-codes';

/** The machine-readable code of an error envelope (error-codes.ts). */
export const errorCodeSchema = z.enum(ERROR_CODE);
/** `details` of an error envelope: free JSON whose shape the code defines (docs/errors.md). */
export const errorDetailsSchema = z.record(z.string(), z.unknown());

/** Field path (dot-separated, e.g. `items.0.quantity`) → readable messages; present on 422 only. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** A successful response carrying `data`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string() });
}
export interface Envelope<T> {
  success: true;
  data: T;
  message: string;
}

/**
 * Every 4xx and 5xx: `data` is null; `code` is machine-readable (src/contracts/error-codes.ts, docs/errors.md),
 * `message` is English for people and logs; `errors` names fields (validation failures), `details` carries
 * what the code defines (an in-use delete lists what uses the record).
 */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  data: z.null(),
  code: errorCodeSchema,
  message: z.string(),
  errors: fieldErrorsSchema.optional(),
  details: errorDetailsSchema.optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** A bound on per_page so one request cannot ask for a whole table. */
export const MAX_PER_PAGE = 200;

/**
 * List query. `filter[name]=x` arrives as `filter: { name: 'x' }` (the server's query-string parser folds
 * bracketed keys); each list route narrows `filter` and `sort` to the fields it allows.
 */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(ITEMS_PER_PAGE),
  sort: z.string().max(200).optional(),
  filter: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** One term of `sort`: `-created_at` is { field: 'created_at', desc: true }. */
export interface SortTerm<F extends string = string> {
  field: F;
  desc: boolean;
}

/** What a 422 on `sort` says: the fields this list sorts by. */
export function sortMessage(fields: readonly string[]): string {
  return `Sort by ${fields.join(', ')} (prefix '-' for descending).`;
}

/**
 * `sort=name,-created_at` (a leading '-' or a ':desc' suffix sorts descending; blank terms skipped) → its
 * terms, or null when a term names a field outside `fields` or an unknown direction.
 */
export function parseSort<F extends string>(value: string, fields: readonly F[]): SortTerm<F>[] | null {
  const terms: SortTerm<F>[] = [];
  for (const raw of value.split(',')) {
    const term = raw.trim();
    if (term === '') continue;
    const [name = '', direction = ''] = term.split(':');
    const field = name.replace(/^[-+]/, '');
    const dir = direction.toLowerCase();
    if (!['', 'asc', 'desc'].includes(dir)) return null;
    if (!(fields as readonly string[]).includes(field)) return null;
    terms.push({ field: field as F, desc: name.startsWith('-') || dir === 'desc' });
  }
  return terms;
}

/** The `sort` of a list that sorts by `fields`: parsed into terms, anything else a 422 naming the fields. */
export function sortSchema<const F extends string>(fields: readonly [F, ...F[]]) {
  return z
    .string()
    .trim()
    .max(200)
    .transform((value, ctx): SortTerm<F>[] => {
      const terms = parseSort(value, fields);
      if (terms === null) {
        ctx.addIssue({ code: 'custom', message: sortMessage(fields) });
        return z.NEVER;
      }
      return terms;
    });
}

/** One page of a list. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    per_page: z.number().int().min(1),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

/** Idempotency-Key header bounds (docs/api.md#writes-and-idempotency). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Set on a response that is the stored answer to an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
