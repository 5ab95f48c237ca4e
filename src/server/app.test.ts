import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../tests/support/test-db';
import type { TestDatabase } from '../../tests/support/test-db';
import { listQuerySchema } from '../contracts/envelope';
import { ERROR_CODE } from '../contracts/error-codes';
import { resourceIdParamsSchema } from '../contracts/resource';
import { buildApp, MULTIPART_LIMITS } from './app';
import { tenants } from './db/schema/tenants';
import { conflict, inUse, INTERNAL_MESSAGE, VALIDATION_MESSAGE } from './errors';
import { respond, route } from './route';

let testDb: TestDatabase;
let app: FastifyInstance;
let clientDir: string;

const itemBody = z.strictObject({
  name: z.string().min(1),
  quantity: z.number().int().positive(),
  lines: z.array(z.object({ price: z.number().nonnegative() })).optional(),
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  clientDir = await mkdtemp(path.join(tmpdir(), 'salon-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><title>Salon POS</title><div id="root"></div>',
  );
  await writeFile(path.join(clientDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');

  app = await buildApp({ db: testDb.db, config: { clientDir } });
  route(app, {
    method: 'POST',
    access: { public: true },
    url: '/api/test/items',
    body: itemBody,
    data: z.object({ name: z.string(), quantity: z.number() }),
    status: 201,
    message: 'Item created.',
    handler: async ({ body }) => ({ name: body.name, quantity: body.quantity }),
  });
  route(app, {
    method: 'GET',
    access: { public: true },
    url: '/api/test/boom',
    data: z.null(),
    handler: async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2 at /srv/app/secret.ts:12');
    },
  });
  route(app, {
    method: 'GET',
    access: { public: true },
    url: '/api/test/conflict',
    data: z.null(),
    handler: async () => {
      throw conflict('This sale cannot move from Void to Sale.', ERROR_CODE.SALE_VOIDED);
    },
  });
  route(app, {
    method: 'DELETE',
    access: { public: true },
    url: '/api/test/in-use/:id',
    params: resourceIdParamsSchema,
    data: z.null(),
    handler: async () => {
      throw inUse('This unit is in use.', [{ resource: 'products', count: 3 }]);
    },
  });
  route(app, {
    method: 'GET',
    access: { public: true },
    url: '/api/test/list',
    querystring: listQuerySchema,
    data: listQuerySchema,
    handler: async ({ query }) => query,
  });
  route(app, {
    method: 'POST',
    access: { public: true },
    url: '/api/test/pin-check',
    data: z.null(),
    // How login and PIN routes will opt in to throttling (globally it is off).
    config: { rateLimit: { max: 2, timeWindow: 60_000 } },
    handler: async () => null,
  });
  route(app, {
    method: 'GET',
    access: { public: true },
    url: '/api/test/accepted',
    data: z.object({ queued: z.boolean() }),
    handler: async () => respond({ queued: true }, { status: 202, message: 'Queued.' }),
  });
  route(app, {
    method: 'GET',
    access: { public: true },
    url: '/api/test/bad-response',
    data: z.object({ total: z.number() }),
    // A handler bug: the data does not match the declared schema.
    handler: async () => ({ total: 'twelve' }) as unknown as { total: number },
  });
  route(app, {
    method: 'POST',
    access: { public: true },
    url: '/api/test/duplicate-tenant',
    data: z.null(),
    handler: async ({ db }) => {
      await db.insert(tenants).values({ code: 'DUP', name: 'One' });
      await db.insert(tenants).values({ code: 'DUP', name: 'Two' });
      return null;
    },
  });
  route(app, {
    method: 'GET',
    access: { public: true },
    url: '/api/test/division',
    data: z.null(),
    handler: async ({ db }) => {
      await db.execute(sql`select 1 / 0`);
      return null;
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

describe('envelope', () => {
  it('wraps route data as { success, data, message } with the route status and message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/items',
      payload: { name: 'Gel polish', quantity: 2 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      data: { name: 'Gel polish', quantity: 2 },
      message: 'Item created.',
    });
  });

  it('lets a handler choose another status and message for one response', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/accepted' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, data: { queued: true }, message: 'Queued.' });
  });

  it('answers /api/health with the database ok', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { db: 'ok' }, message: 'OK' });
  });

  it('folds filter[...] and repeated keys of the query string before validation', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/test/list?page=2&per_page=50&sort=-created_at&filter[name]=Ann&filter[status]=1&filter[status]=2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      page: 2,
      per_page: 50,
      sort: '-created_at',
      filter: { name: 'Ann', status: ['1', '2'] },
    });
  });

  it('defaults per_page to 15 and page to 1', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/list' });
    expect(res.json().data).toEqual({ page: 1, per_page: 15 });
  });
});

describe('error handler', () => {
  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Gel", "quantity": ',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.data).toBeNull();
    expect(body.code).toBe(ERROR_CODE.MALFORMED_REQUEST);
    expect(body.message).toMatch(/not valid JSON/);
  });

  it('answers a schema violation with 422 and readable messages per field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/items',
      payload: { name: '', quantity: -1, lines: [{ price: 5 }, { price: 'x' }], colour: 'red' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      data: null,
      code: ERROR_CODE.VALIDATION_FAILED,
      message: VALIDATION_MESSAGE,
    });
    expect(Object.keys(body.errors).sort()).toEqual(['colour', 'lines.1.price', 'name', 'quantity']);
    expect(body.errors.colour).toEqual(['This field is not allowed.']);
    for (const messages of Object.values(body.errors) as string[][]) {
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(m).toMatch(/\w{3,}/);
    }
  });

  it('reports a missing body on the body itself', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/items' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['body']);
  });

  it('reports query-string violations per parameter', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/list?page=0&per_page=abc' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['page', 'per_page']);
  });

  it('answers an unknown /api route with a 404 envelope, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: '/api/no-such-thing?x=1',
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        success: false,
        data: null,
        code: ERROR_CODE.NOT_FOUND,
        message: `No API route ${method} /api/no-such-thing.`,
      });
    }
  });

  it('answers an unexpected error with 500 and a generic message, never the error itself', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      code: ERROR_CODE.INTERNAL_ERROR,
      message: INTERNAL_MESSAGE,
    });
    expect(res.body).not.toMatch(/hunter2|ECONNREFUSED|secret\.ts|stack/);
  });

  it('answers a response that breaks its own schema with 500, not with a validation error', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: ERROR_CODE.INTERNAL_ERROR, message: INTERNAL_MESSAGE });
  });

  it('keeps the status, code and message of an HttpError', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      code: ERROR_CODE.SALE_VOIDED,
      message: 'This sale cannot move from Void to Sale.',
    });
  });

  it('sends the details of an in-use refusal', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/test/in-use/7' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      code: ERROR_CODE.IN_USE,
      message: 'This unit is in use.',
      details: { in_use: [{ resource: 'products', count: 3 }] },
    });
  });

  it('answers an over-long path parameter with 414 in the envelope, without echoing it', async () => {
    const res = await app.inject({ method: 'DELETE', url: `/api/test/in-use/${'9'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ success: false, data: null, code: ERROR_CODE.URI_TOO_LONG });
    expect(res.body).not.toMatch(/9{100}/);
  });

  it('answers a body over the limit with 413 payload_too_large', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/items',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), quantity: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, data: null, code: ERROR_CODE.PAYLOAD_TOO_LARGE });
  });

  it('answers an uploaded file over the limit with 413 payload_too_large', async () => {
    const boundary = '----salon';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="name"; filename="big.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${'x'.repeat(MULTIPART_LIMITS.fileSize + 10)}\r\n` +
      `--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/items',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, data: null, code: ERROR_CODE.PAYLOAD_TOO_LARGE });
  });

  it('turns a duplicate the database refuses into 409 and bad data into 422, without SQL in the body', async () => {
    const dup = await app.inject({ method: 'POST', url: '/api/test/duplicate-tenant' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe(ERROR_CODE.DUPLICATE);
    // The code `duplicate` is ours; nothing else of the body may come from the statement or its values.
    expect(dup.body.replace('"duplicate"', '')).not.toMatch(/insert|tenants_code_key|DUP/i);
    const division = await app.inject({ method: 'GET', url: '/api/test/division' });
    expect(division.statusCode).toBe(422);
    expect(division.json().code).toBe(ERROR_CODE.VALIDATION_FAILED);
    expect(division.body).not.toMatch(/select|division/i);
  });

  it('answers an unsupported content type with 415 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/items',
      headers: { 'content-type': 'application/xml' },
      payload: '<item/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, data: null, code: ERROR_CODE.UNSUPPORTED_MEDIA_TYPE });
  });

  it('validates multipart fields with the same schema as JSON', async () => {
    const boundary = '----salon';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nNail file\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="quantity"\r\n\r\n3\r\n--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/items',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    // Multipart values are strings: a schema without coercion refuses "3" as a number, field by field.
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['quantity']);
  });
});

describe('rate limits', () => {
  it('are off unless a route opts in; a throttled route answers 429 in the envelope with Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(await app.inject({ method: 'POST', url: '/api/test/pin-check' }));
    expect(statuses.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    const throttled = statuses[2]!;
    expect(throttled.json()).toMatchObject({ success: false, data: null, code: ERROR_CODE.RATE_LIMITED });
    expect(throttled.json().message).toMatch(/rate limit/i);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff and no framing on pages and API alike', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('OpenAPI document', () => {
  it('is served at /api/docs, generated from the zod schemas of the routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get).toBeDefined();
    const post = doc.paths['/api/test/items'].post;
    const bodySchema = post.requestBody.content['application/json'].schema;
    expect(bodySchema.required).toEqual(expect.arrayContaining(['name', 'quantity']));
    expect(bodySchema.properties.quantity.type).toBe('integer');
    const ok = post.responses['2XX'].content['application/json'].schema;
    expect(ok.properties.data.properties.name.type).toBe('string');
    expect(post.responses['4XX']).toBeDefined();
    expect(doc.paths['/api/docs']).toBeUndefined();
  });
});

describe('SPA', () => {
  it('serves index.html at / and for client routes a browser navigates to', async () => {
    for (const url of ['/', '/pos/sale', '/reports/daily?date=2026-11-22']) {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and answers a missing asset with 404, not index.html', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/gone.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().success).toBe(false);
  });

  it('serves the API only when no client has been built', async () => {
    const apiOnly = await buildApp({ db: testDb.db, config: { clientDir: path.join(clientDir, 'missing') } });
    try {
      const res = await apiOnly.inject({ method: 'GET', url: '/pos', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect((await apiOnly.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await apiOnly.close();
    }
  });
});
