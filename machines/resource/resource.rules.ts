/**
 * Pure rules of the resource chart: paging arithmetic, what a failure is, what a selection may hold, when an
 * import may be committed. Kept apart from the chart so they are tested as plain functions.
 */
import type { ImportResult, InUseDetail } from '../../src/contracts/resource';
import type {
  FieldIssues,
  ListState,
  ParsedFile,
  ResourceError,
  ResourceErrorKind,
  ResourceRow,
} from './resource.types';

/** The list query the fetch and export actors get: empty search and filters left out. */
export function listQueryOf(list: ListState): {
  sort?: string;
  search?: string;
  filter?: Record<string, string>;
} {
  return {
    ...(list.sort ? { sort: list.sort } : {}),
    ...(list.search ? { search: list.search } : {}),
    ...(Object.keys(list.filter).length ? { filter: { ...list.filter } } : {}),
  };
}

/** Sets or (value null or '') clears one filter. */
export function withFilter(
  filter: Record<string, string>,
  field: string,
  value: string | null,
): Record<string, string> {
  const next = { ...filter };
  if (value === null || value === '') delete next[field];
  else next[field] = value;
  return next;
}

/** Toggles one id; the selection keeps the order the rows were picked in. */
export function toggleId(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

/** Every row of the page selected, or, when all already are, none. */
export function toggleAll(selected: readonly number[], items: readonly ResourceRow[]): number[] {
  const ids = items.map((row) => row.id);
  return ids.length > 0 && ids.every((id) => selected.includes(id)) ? [] : ids;
}

/** A bulk action acts on what the user sees: ids no longer on the page leave the selection. */
export function keepShown(selected: readonly number[], items: readonly ResourceRow[]): number[] {
  const shown = new Set(items.map((row) => row.id));
  return selected.filter((id) => shown.has(id));
}

/** Rows a bulk action could not touch stay selected, so the user sees them and can act again. */
export function failedIds(result: { results: Array<{ id: number; ok: boolean }> }): number[] {
  return result.results.filter((r) => !r.ok).map((r) => r.id);
}

function kindOf(status: number, transport: unknown): ResourceErrorKind {
  if (status === 0)
    return transport === 'timeout' ? 'timeout' : transport === 'network' ? 'offline' : 'unknown';
  if (status === 422 || status === 400) return 'validation';
  if (status === 409) return 'conflict';
  if (status === 404) return 'notFound';
  if (status === 401 || status === 403) return 'forbidden';
  if (status === 413) return 'tooLarge';
  if (status >= 500) return 'server';
  return 'unknown';
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/**
 * A 409 duplicate's `details.conflict` (the row holding the value, resource-config.ts UniqueKey.namesHolder):
 * the field and the holder's id, or null.
 */
function conflictOf(details: unknown): { field: string; id: number } | null {
  const conflict = record(record(details)?.conflict);
  if (!conflict || typeof conflict.field !== 'string' || typeof conflict.id !== 'number') return null;
  return { field: conflict.field, id: conflict.id };
}

/**
 * A 422's `errors` (field → messages) as issues the screen can show; a duplicate's code kept per field, with
 * `params.holder` the id of the row holding the value when the server names it (so the screen offers to open it).
 */
function fieldIssuesOf(errors: unknown, code: string | null, details?: unknown): FieldIssues | null {
  const holder = code === 'duplicate' ? conflictOf(details) : null;
  // What the server names per field (docs/errors.md, "Field codes"); otherwise the message is the server's own.
  const fieldCodes = record(record(details)?.field_codes);
  const map = record(errors);
  if (!map) return null;
  const out: FieldIssues = {};
  for (const [field, messages] of Object.entries(map)) {
    if (!Array.isArray(messages)) continue;
    const named = fieldCodes?.[field];
    out[field] = messages.map((message) => ({
      code: code === 'duplicate' ? 'duplicate' : typeof named === 'string' ? named : 'server',
      message: String(message),
      ...(holder?.field === field ? { params: { holder: holder.id } } : {}),
    }));
  }
  return Object.keys(out).length ? out : null;
}

/** `details.in_use` of a refused delete: one holder, or a list of them (the first is named). */
function inUseOf(details: unknown): InUseDetail | null {
  const raw = record(details)?.in_use ?? details;
  const inUse = record(Array.isArray(raw) ? raw[0] : raw);
  if (!inUse || typeof inUse.resource !== 'string' || typeof inUse.count !== 'number') return null;
  return { resource: inUse.resource, count: inUse.count };
}

/**
 * Whatever an actor rejected with, as a ResourceError. The client's ApiError (and its plain copy) carry
 * `status`, `kind` ('network', 'timeout'...), `code`, `message`, `errors` and `details`; anything else is an
 * unknown failure with its message.
 */
export function toResourceError(error: unknown): ResourceError {
  const e = record(error);
  const status = typeof e?.status === 'number' ? e.status : -1;
  const code = typeof e?.code === 'string' && e.code ? e.code : null;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return {
    kind: status === -1 ? 'unknown' : kindOf(status, e?.kind),
    status: Math.max(status, 0),
    code,
    message,
    fieldErrors: fieldIssuesOf(e?.errors, code, e?.details),
    inUse: inUseOf(e?.details),
  };
}

/** The validate actor rejects with `{ fieldErrors }` (the config's zod issues, made translatable). */
export function fieldIssuesFromValidation(error: unknown): FieldIssues {
  const issues = record(record(error)?.fieldErrors);
  return (issues ?? {}) as FieldIssues;
}

/** A dry run with no bad row and something to import, on a file the browser could read. */
export function canCommitImport(parsed: ParsedFile | null, result: ImportResult | null): boolean {
  return (
    parsed !== null &&
    parsed.errors.length === 0 &&
    result !== null &&
    result.mode === 'dry_run' &&
    result.error_rows === 0 &&
    result.valid_rows > 0
  );
}

/** A commit the server refused as a whole (a row turned bad since the dry run): nothing was written. */
export function isImportRefused(result: ImportResult): boolean {
  return result.imported === 0 && result.error_rows > 0;
}
