/**
 * A fake fetch for the API client's tests (ofetch accepts any fetch): records each request and answers from a
 * handler, so every behaviour is tested without a server.
 */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null;
}

export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function envelope(data: unknown, status = 200, message = 'OK'): Response {
  return json({ success: status < 400, data, message }, status);
}

export function failure(
  status: number,
  message: string,
  errors?: Record<string, string[]>,
  headers: Record<string, string> = {},
): Response {
  return json({ success: false, data: null, message, ...(errors ? { errors } : {}) }, status, headers);
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A request that never answers until its signal aborts (timeouts, cancels). */
export function hang(request: RecordedRequest): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal?.addEventListener('abort', () => reject(request.signal?.reason ?? new Error('aborted')));
  });
}

export function createFakeFetch(handler: FakeHandler): {
  fetch: typeof globalThis.fetch;
  requests: RecordedRequest[];
} {
  const requests: RecordedRequest[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: RecordedRequest = {
      url: String(input),
      method: (init?.method ?? 'GET').toUpperCase(),
      headers: new Headers(init?.headers),
      body: init?.body,
      signal: init?.signal ?? null,
    };
    requests.push(request);
    return handler(request);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}
