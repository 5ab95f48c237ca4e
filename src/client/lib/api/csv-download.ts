/**
 * A CSV export as a download (docs/back-office.md's export, the working-time report's): the streamed file read
 * with fetch, counting bytes for the progress, with the session's token as the API client sends it (the file is
 * not the JSON envelope, so the client's envelope reading does not apply), then offered to the browser to save.
 * Shared by every screen that exports, so the reading and the saving are written once.
 */
import { ApiError } from './api-error';
import { API_BASE } from './client';
import { flattenQuery } from './query';
import type { QueryParams } from './query';
import { readToken } from '../storage';

export interface CsvProgress {
  (loaded: number, total: number | null): void;
}

export interface CsvFetchOptions {
  signal?: AbortSignal | undefined;
  fetchImpl?: typeof fetch | undefined;
  /** GET answers text/csv; a POST export answers its envelope (read as bytes, the caller decodes it). */
  method?: 'GET' | 'POST' | undefined;
  /** Extra headers: a report's export sends its PIN approval (X-Pin-Approval, docs/reports.md). */
  headers?: Record<string, string> | undefined;
}

/** GET (or POST) `${API_BASE}/${path}?query`, the body read in full as a Blob while `onProgress` counts it. */
export async function fetchCsv(
  path: string,
  query: QueryParams,
  onProgress: CsvProgress,
  { signal, fetchImpl = fetch, method = 'GET', headers = {} }: CsvFetchOptions = {},
): Promise<Blob> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(flattenQuery(query))) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, one);
  }
  const token = readToken();
  const text = search.toString();
  let response: Response;
  try {
    response = await fetchImpl(`${API_BASE}/${path}${text ? `?${text}` : ''}`, {
      method,
      headers: {
        ...headers,
        accept: method === 'GET' ? 'text/csv' : 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      credentials: 'omit',
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    throw new ApiError({ status: 0, kind: 'network', message: 'Unable to connect to server.', cause });
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown; code?: unknown };
    const error = new ApiError({
      status: response.status,
      message: typeof body.message === 'string' ? body.message : `HTTP ${response.status}`,
    });
    throw Object.assign(error, typeof body.code === 'string' ? { code: body.code } : {});
  }
  const total = Number(response.headers.get('content-length')) || null;
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.byteLength;
    onProgress(loaded, total);
  }
  return new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' });
}

/** Offers `blob` to the browser as a download named `filename`. */
export function saveDownload(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
