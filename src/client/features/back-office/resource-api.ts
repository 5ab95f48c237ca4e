/**
 * The calls of one back-office resource (src/contracts/resource.ts gives the routes): list, get, create,
 * update, delete, bulk, import and export, for any resource name. Thin: the path, the options, the contract's
 * types; resource-actors.ts hands them to the resource machine.
 *
 * - Every write carries the Idempotency-Key of its intent, made once by the screen and reused on a retry
 *   (docs/decisions/005-idempotency-keys.md); a dry run gets its own key (it changes nothing, but the server asks one of every write).
 * - No notices: the screen shows every error where it belongs (a field, the import preview, the bulk bar).
 * - Offline, a create or update is stored by the request queue (lib/offline-queue) and resolves with its
 *   receipt; `save` says so (`queued: true`), so the screen never takes the receipt for a row.
 * - The export is a streamed CSV, not the JSON envelope: lib/api/csv-download.ts reads it with fetch, counting
 *   bytes for the progress, with the session's token as the API client sends it. Where the endpoint catalogue makes it a
 *   POST answering base64 contents (gift cards), the envelope is read the same way and decoded.
 */
import type { SaveOutput } from '../../../../machines/resource/resource.types';
import type { Page } from '../../../contracts/envelope';
import type { BulkRequest, BulkResult, ImportMode, ImportResult } from '../../../contracts/resource';
import { api } from '../../lib/api/api';
import { ApiError } from '../../lib/api/api-error';
import type { ApiClient } from '../../lib/api/client';
import { API_BASE } from '../../lib/api/client';
import { fetchCsv } from '../../lib/api/csv-download';
import type { QueryParams } from '../../lib/api/query';
import { readToken } from '../../lib/storage';

export interface ListParams {
  page: number;
  per_page: number;
  sort?: string | undefined;
  search?: string | undefined;
  filter?: Record<string, string | string[]> | undefined;
}

interface CallOptions {
  signal?: AbortSignal;
  client?: ApiClient;
}

export function toQuery(params: Partial<ListParams>): QueryParams {
  return {
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    search: params.search,
    ...(params.filter ? { filter: { ...params.filter } } : {}),
  };
}

export function listRows<Row>(
  name: string,
  params: ListParams,
  { signal, client = api }: CallOptions = {},
): Promise<Page<Row>> {
  return client.get<Page<Row>>(`/${name}`, { query: toQuery(params), skipNotice: true, signal });
}

export function getRow<Row>(
  name: string,
  id: number,
  { signal, client = api }: CallOptions = {},
): Promise<Row> {
  return client.get<Row>(`/${name}/${id}`, { skipNotice: true, signal });
}

function isQueued(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { offline?: unknown }).offline === true;
}

/**
 * The body of a save: JSON, or multipart when a value is a file (a category's image, a member's avatar);
 * multipart fields travel as text, which the server's schemas read as the form does (docs/back-office.md
 * "Media").
 */
export function saveBody(values: Record<string, unknown>): Record<string, unknown> | FormData {
  if (!Object.values(values).some((value) => value instanceof Blob)) return values;
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else form.append(key, String(value));
  }
  return form;
}

/**
 * Creates (id null) or updates the row (POST, or PUT where the resource says so); the answer is the row, or
 * the offline queue's receipt.
 */
export async function saveRow<Row extends { id: number }>(
  name: string,
  id: number | null,
  values: Record<string, unknown>,
  idempotencyKey: string,
  { signal, client = api, updateMethod = 'POST' }: CallOptions & { updateMethod?: 'POST' | 'PUT' } = {},
): Promise<SaveOutput> {
  const options = { idempotencyKey, skipNotice: true, signal };
  const body = saveBody(values);
  const answer =
    id === null
      ? await client.post<Row>(`/${name}`, body, options)
      : updateMethod === 'PUT'
        ? await client.put<Row>(`/${name}/${id}`, body, options)
        : await client.post<Row>(`/${name}/${id}`, body, options);
  return isQueued(answer) ? { queued: true } : { queued: false, row: answer };
}

/**
 * Sets one row's place in the display order: POST `/{id}/ordering` where the resource has that route,
 * else an update of `display_order` alone.
 */
export function setDisplayOrder(
  name: string,
  id: number,
  displayOrder: number,
  via: 'ordering' | 'update',
  idempotencyKey: string,
  { signal, client = api }: CallOptions = {},
): Promise<unknown> {
  const path = via === 'ordering' ? `/${name}/${id}/ordering` : `/${name}/${id}`;
  return client.post(path, { display_order: displayOrder }, { idempotencyKey, skipNotice: true, signal });
}

/** A stored picture (GET /api/media?path=, which needs the session's token, so not an <img> URL). */
export async function fetchMedia(
  path: string,
  { signal, fetchImpl = fetch }: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<Blob> {
  const token = readToken();
  const response = await fetchImpl(`${API_BASE}/media?${new URLSearchParams({ path }).toString()}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'omit',
    signal,
  });
  if (!response.ok) throw new ApiError({ status: response.status, message: `HTTP ${response.status}` });
  return response.blob();
}

export function deleteRow(
  name: string,
  id: number,
  idempotencyKey: string,
  { signal, client = api }: CallOptions = {},
): Promise<unknown> {
  return client.delete(`/${name}/${id}`, { idempotencyKey, skipNotice: true, signal });
}

export function bulkRows(
  name: string,
  request: BulkRequest,
  idempotencyKey: string,
  { signal, client = api }: CallOptions = {},
): Promise<BulkResult> {
  return client.post<BulkResult>(`/${name}/bulk`, request, {
    idempotencyKey,
    skipNotice: true,
    timeout: 'long',
    signal,
  });
}

/** Sends the CSV as multipart (`file`, `mode`); a dry run checks every row and changes nothing. */
export function importRows(
  name: string,
  file: Blob & { name?: string },
  mode: ImportMode,
  idempotencyKey: string,
  { signal, client = api }: CallOptions = {},
): Promise<ImportResult> {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', file, file.name ?? `${name}.csv`);
  return client.post<ImportResult>(`/${name}/import`, form, {
    idempotencyKey,
    skipNotice: true,
    timeout: 'long',
    signal,
  });
}

export interface ExportProgress {
  (loaded: number, total: number | null): void;
}

/**
 * How a resource's export is asked for (the server config's exportRoute): GET answering text/csv, or POST
 * answering the envelope with the file's bytes in base64 (gift cards, "returns base64 contents saved as
 * giftcards_export.csv").
 */
export type ExportMethod = 'GET' | 'POST';

/** The CSV of a POST export's envelope: base64 `contents` decoded to bytes, never through a string of text. */
export function base64Csv(envelope: unknown): Blob {
  const contents = (envelope as { data?: { contents?: unknown } }).data?.contents;
  if (typeof contents !== 'string')
    throw new ApiError({ status: 200, message: 'The export has no contents.' });
  const binary = atob(contents);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'text/csv;charset=utf-8' });
}

/**
 * Reads the streamed CSV of the list as it is narrowed now, reporting the bytes received, and resolves with
 * the file as a Blob (the caller saves it). A POST export's body is the envelope with the file in base64.
 */
export async function exportRows(
  name: string,
  params: Omit<Partial<ListParams>, 'page' | 'per_page'>,
  onProgress: ExportProgress,
  options: { signal?: AbortSignal; fetchImpl?: typeof fetch; method?: ExportMethod } = {},
): Promise<Blob> {
  const blob = await fetchCsv(`${name}/export`, toQuery(params), onProgress, options);
  if (options.method === 'POST') return base64Csv(JSON.parse(await blob.text()));
  return blob;
}
