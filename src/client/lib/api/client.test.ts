import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PIN_APPROVAL_HEADER as CONTRACT_PIN_HEADER } from '../../../contracts/auth';
import { IDEMPOTENCY_KEY_HEADER as CONTRACT_KEY_HEADER } from '../../../contracts/envelope';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { ApiError } from './api-error';
import { createApiClient, IDEMPOTENCY_KEY_HEADER, PIN_APPROVAL_HEADER, TIMEOUTS } from './client';
import type { ApiClientConfig } from './client';
import { createLoadingStore } from './loading';
import { createNoticeChannel, NETWORK_ERROR_MESSAGE } from './notices';
import type { ApiNotice } from './notices';
import { createFakeFetch, envelope, failure, hang, json } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';

function setup(handler: FakeHandler, config: Partial<ApiClientConfig> = {}) {
  const fake = createFakeFetch(handler);
  const loading = createLoadingStore();
  const notices = createNoticeChannel(1000);
  const shown: ApiNotice[] = [];
  notices.subscribe((n) => shown.push(n));
  let token: string | null = 'tok-1';
  let keys = 0;
  const client = createApiClient({
    fetch: fake.fetch,
    getToken: () => token,
    loading,
    notices,
    newKey: () => `generated-${++keys}`,
    ...config,
  });
  return {
    client,
    requests: fake.requests,
    loading,
    notices,
    shown,
    setToken: (t: string | null) => {
      token = t;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('a GET goes to /api, asks for JSON, carries the stored token and resolves with the envelope data', async () => {
    const t = setup(() => envelope({ id: 7 }));
    await expect(t.client.get('/things/7')).resolves.toEqual({ id: 7 });
    const [req] = t.requests;
    expect(req?.url).toBe('/api/things/7');
    expect(req?.method).toBe('GET');
    expect(req?.headers.get('accept')).toBe('application/json');
    expect(req?.headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('no stored token, no Authorization header', async () => {
    const t = setup(() => envelope(null));
    t.setToken(null);
    await t.client.get('/x');
    expect(t.requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('an anonymous call (login) never sends the token', async () => {
    const t = setup(() => envelope(null));
    await t.client.post('/login', { username: 'a' }, { anonymous: true });
    expect(t.requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('pagination and filters are flattened into the query string', async () => {
    const t = setup(() => envelope({ items: [] }));
    await t.client.get('/customers', {
      query: { page: 2, per_page: 15, sort: '-name', filter: { name: 'Ann', status: [1, 2], empty: '' } },
    });
    const url = new URL(t.requests[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/customers');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('per_page')).toBe('15');
    expect(url.searchParams.get('sort')).toBe('-name');
    expect(url.searchParams.get('filter[name]')).toBe('Ann');
    expect(url.searchParams.getAll('filter[status]')).toEqual(['1', '2']);
    expect(url.searchParams.has('filter[empty]')).toBe(false);
  });

  it('a JSON body is sent as JSON', async () => {
    const t = setup(() => envelope(null));
    await t.client.post('/login', { username: 'ann' });
    expect(t.requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(t.requests[0]?.body).toBe('{"username":"ann"}');
  });

  it('a multipart body goes as FormData, with no JSON content type forced on it', async () => {
    const t = setup(() => envelope(null));
    const form = new FormData();
    form.append('first_name', 'Ann');
    await t.client.post('/profile', form);
    expect(t.requests[0]?.body).toBeInstanceOf(FormData);
    expect(t.requests[0]?.headers.get('content-type')).toBeNull();
  });

  it('a PIN approval travels as X-Pin-Approval', async () => {
    const t = setup(() => envelope([]));
    await t.client.get('/report/daily', { pinApproval: 'appr-1' });
    expect(t.requests[0]?.headers.get('x-pin-approval')).toBe('appr-1');
  });

  it('a schema checks the data; an answer that does not fit rejects as invalid-response', async () => {
    const t = setup(() => envelope({ id: 'seven' }));
    const schema = z.object({ id: z.number() });
    const error = await t.client.get('/x', { schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('invalid-response');
  });

  it('a body that is not the envelope rejects as invalid-response', async () => {
    const t = setup(
      () => new Response('<html>proxy login</html>', { headers: { 'content-type': 'text/html' } }),
    );
    await expect(t.client.get('/x')).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('header names', () => {
  it('are those of the contracts', () => {
    expect(IDEMPOTENCY_KEY_HEADER).toBe(CONTRACT_KEY_HEADER);
    expect(PIN_APPROVAL_HEADER).toBe(CONTRACT_PIN_HEADER);
  });
});

describe('Idempotency-Key', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('every %s carries one', async (method) => {
    const t = setup(() => envelope(null));
    await t.client.request(method, '/x', method === 'DELETE' ? undefined : {});
    expect(t.requests[0]?.headers.get('idempotency-key')).toBe('generated-1');
  });

  it('a GET carries none', async () => {
    const t = setup(() => envelope(null));
    await t.client.get('/x');
    expect(t.requests[0]?.headers.has('idempotency-key')).toBe(false);
  });

  it("a retry passes the intent's key and the server sees the same key twice", async () => {
    let calls = 0;
    const t = setup(() => (++calls === 1 ? failure(500, 'Database unavailable.') : envelope({ id: 1 })));
    const intent = 'intent-42';
    await t.client.post('/pos/sales', { a: 1 }, { idempotencyKey: intent }).catch(() => undefined);
    await t.client.post('/pos/sales', { a: 1 }, { idempotencyKey: intent });
    expect(t.requests.map((r) => r.headers.get('idempotency-key'))).toEqual([intent, intent]);
  });
});

describe('loading indicator', () => {
  it('counts a call while it is in flight and goes back to zero', async () => {
    let release: (r: Response) => void = () => {};
    const t = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    const seen: number[] = [];
    t.loading.subscribe(() => seen.push(t.loading.getSnapshot()));
    const call = t.client.get('/x');
    expect(t.loading.getSnapshot()).toBe(1);
    release(envelope(null));
    await call;
    expect(t.loading.getSnapshot()).toBe(0);
    expect(seen).toEqual([1, 0]);
  });

  it('two overlapping calls keep it on until both end', async () => {
    const t = setup(() => envelope(null));
    const a = t.client.get('/a');
    const b = t.client.get('/b');
    expect(t.loading.getSnapshot()).toBe(2);
    await a;
    await b;
    expect(t.loading.getSnapshot()).toBe(0);
  });

  it('a call flagged skipLoading is not counted', async () => {
    const t = setup(() => envelope(null));
    const call = t.client.post('/pos/sales', {}, { skipLoading: true });
    expect(t.loading.getSnapshot()).toBe(0);
    await call;
  });

  it('a failed call stops counting too', async () => {
    const t = setup(() => failure(422, 'Bad.'));
    await t.client.get('/x').catch(() => undefined);
    expect(t.loading.getSnapshot()).toBe(0);
  });
});

describe('timeouts', () => {
  it('the values are 10 s by default, 30 s for sale calls and 60 s for the long ones', () => {
    expect(TIMEOUTS).toEqual({ default: 10_000, sale: 30_000, long: 60_000 });
  });

  it.each([
    ['default', undefined, 10_000],
    ['sale', 'sale', 30_000],
    ['long', 'long', 60_000],
  ] as const)('a %s call gives up after exactly its timeout', async (_, timeout, ms) => {
    vi.useFakeTimers();
    const t = setup(hang);
    let settled: unknown = 'pending';
    const call = t.client.get('/x', timeout ? { timeout } : {}).then(
      () => (settled = 'resolved'),
      (e: unknown) => (settled = e),
    );
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(settled).toBeInstanceOf(ApiError);
    expect((settled as ApiError).kind).toBe('timeout');
    expect((settled as ApiError).status).toBe(0);
  });

  it("the caller's signal still cancels a call that has a timeout, without a notice", async () => {
    vi.useFakeTimers();
    const t = setup(hang);
    const controller = new AbortController();
    const call = t.client.get('/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = (await call) as ApiError;
    expect(error.kind).toBe('aborted');
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.shown).toEqual([]);
  });
});

describe('errors and notices', () => {
  it.each([403, 404, 405, 422])(
    '%i goes to the caller as ApiError with its message and no notice',
    async (status) => {
      vi.useFakeTimers();
      const errors = status === 422 ? { email: ['Enter a valid email address.'] } : undefined;
      const t = setup(() => failure(status, `Refused ${status}.`, errors));
      const error = (await t.client.get('/x').catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(status);
      expect(error.message).toBe(`Refused ${status}.`);
      expect(error.errors).toEqual(errors);
      await vi.advanceTimersByTimeAsync(1000);
      expect(t.shown).toEqual([]);
    },
  );

  it('a network failure on a GET shows the spec text once, 1 s after a burst of failures', async () => {
    vi.useFakeTimers();
    const t = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await Promise.all(
      [t.client.get('/a'), t.client.get('/b'), t.client.get('/c')].map((p) => p.catch(() => 0)),
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(t.shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.shown).toEqual([{ kind: 'error', code: 'api.errors.network', message: NETWORK_ERROR_MESSAGE }]);
    expect(NETWORK_ERROR_MESSAGE).toBe(
      'Unable to connect to server. Please check your Internet connection and try again',
    );
  });

  it('a network failure rejects with status 0 and kind network', async () => {
    const t = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(t.client.get('/a')).rejects.toMatchObject({ status: 0, kind: 'network' });
  });

  it('a read the offline queue answered (its 202) rejects as a network failure; a write resolves with it', async () => {
    vi.useFakeTimers();
    const queued = { offline: true, message: 'Request saved offline.', requestId: '4' };
    const t = setup(() => envelope(queued, 202));
    await expect(t.client.get('/pos/customers')).rejects.toMatchObject({
      status: 0,
      kind: 'network',
      message: NETWORK_ERROR_MESSAGE,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.shown).toEqual([{ kind: 'error', code: 'api.errors.network', message: NETWORK_ERROR_MESSAGE }]);
    await expect(t.client.post('/pos/sales', {})).resolves.toEqual(queued);
  });

  it('a read whose data merely has an offline flag is data', async () => {
    const t = setup(() => envelope({ offline: true, requestId: 4 }));
    await expect(t.client.get('/x')).resolves.toEqual({ offline: true, requestId: 4 });
  });

  it("other failures hand their code to the notice (keyedNotice words it), else the server's message", async () => {
    vi.useFakeTimers();
    const t = setup(() => failure(409, 'The sale is already voided.'));
    await t.client.post('/pos/sales/1/void', {}).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.shown).toEqual([{ kind: 'error', code: null, message: 'The sale is already voided.' }]);

    const coded = setup(() =>
      json(
        {
          success: false,
          data: null,
          code: ERROR_CODE.SALE_VOIDED,
          message: 'A voided sale cannot be changed.',
        },
        409,
      ),
    );
    await coded.client.post('/pos/sales/1/void', {}).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    expect(coded.shown).toEqual([
      {
        kind: 'error',
        code: null,
        errorCode: ERROR_CODE.SALE_VOIDED,
        message: 'A voided sale cannot be changed.',
      },
    ]);
  });

  it('reads the code and details of the envelope; a code this build does not know is kept as sent', async () => {
    const details = { in_use: [{ resource: 'services', count: 2 }] };
    const t = setup(() =>
      json({ success: false, data: null, code: ERROR_CODE.IN_USE, message: 'In use.', details }, 409),
    );
    const error = (await t.client.delete('/units/1').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 409, code: ERROR_CODE.IN_USE, details });
    expect(error.toJSON()).toMatchObject({ code: ERROR_CODE.IN_USE, details });
    const newer = setup(() =>
      json({ success: false, data: null, code: 'from_the_future', message: 'x' }, 409),
    );
    const unknown = (await newer.client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(unknown.code).toBe('from_the_future');
    expect(unknown.status).toBe(409);
    const notAString = setup(() => json({ success: false, data: null, code: 42, message: 'x' }, 409));
    expect(((await notAString.client.get('/x').catch((e: unknown) => e)) as ApiError).code).toBeUndefined();
  });

  it('a 429 keeps its Retry-After seconds', async () => {
    const t = setup(() => failure(429, 'Too many wrong PINs.', undefined, { 'retry-after': '900' }));
    await expect(t.client.post('/role-by-code', {})).rejects.toMatchObject({ status: 429, retryAfter: 900 });
  });

  it('a call flagged skipNotice shows nothing', async () => {
    vi.useFakeTimers();
    const t = setup(() => failure(500, 'Boom.'));
    await t.client.get('/x', { skipNotice: true }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.shown).toEqual([]);
  });
});

describe('401', () => {
  it('a 401 on a call that carried the token runs the registered handler (the session ended)', async () => {
    const t = setup(() => failure(401, 'Your session has ended.'));
    const ended = vi.fn();
    t.client.setUnauthorizedHandler(ended);
    await expect(t.client.get('/x')).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('without a registered handler the fallback clears the session', async () => {
    const fallback = vi.fn();
    const t = setup(() => failure(401, 'Your session has ended.'), { onUnauthorizedFallback: fallback });
    await t.client.get('/x').catch(() => undefined);
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it("a login's 401 (wrong password) is the caller's answer, not an ended session", async () => {
    const t = setup(() => failure(401, 'The username or password is incorrect.'));
    const ended = vi.fn();
    t.client.setUnauthorizedHandler(ended);
    await expect(t.client.post('/login', {}, { anonymous: true })).rejects.toMatchObject({
      status: 401,
      message: 'The username or password is incorrect.',
    });
    expect(ended).not.toHaveBeenCalled();
  });
});
