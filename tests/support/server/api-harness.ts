/**
 * The one set-up of an API test file: a database of its own (test-db.ts), the app on it, tenants with a live
 * session per role (tenant-fixture.ts) and request helpers around app.inject. Call it at the top of the file;
 * it registers its own afterAll, which closes every app it built and drops the database:
 *
 *   const api = await apiHarness();
 *   const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
 *   const staff = api.as(a, 'staff');                          // every request with staff's session
 *   await staff.get('/api/pos/customers');
 *   await staff.post('/api/pos/sales', body);                 // a write carries a fresh Idempotency-Key
 *   await staff.post('/api/pos/sales', body, { key: null });  // ... or none, or { key: 'k' } to replay one
 *   await api.get('/api/health');                             // no session
 *   await api.login(a, 'owner');                              // POST /api/login with the fixture's password
 *   api.as(a, 'staff', { approver: 'manager' })               // ... and a manager's PIN approval
 *   api.as(bearer(token))                                     // any headers: a token from a login
 *   dataOf(res)                                               // the envelope's data
 *
 * `options.config` changes the app's config (push transport, media dir, ...); `options.beforeReady` adds routes
 * before the app is ready; `api.buildApp()` builds another app on the same database (a second server, another
 * config), closed with the rest.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/contracts/envelope';
import type { Role } from '../../../src/domain/constants';
import { buildApp } from '../../../src/server/app';
import type { AppConfig } from '../../../src/server/app';
import { createTenantWithUsers } from './tenant-fixture';
import type { TenantFixture, TenantFixtureOptions } from './tenant-fixture';
import type { Db } from '../../../src/server/db/client';
import { createTestDatabase } from '../test-db';
import type { TestDatabase } from '../test-db';

export type Headers = Record<string, string>;
export type Response = LightMyRequestResponse;

export interface RequestOptions {
  /** Added to (and over) the client's own headers for this request. */
  headers?: Headers;
  /** A write's Idempotency-Key: a fresh one unless given; null sends none. Reads never send one. */
  key?: string | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Requests with a fixed set of headers (a session, a PIN approval), on one app. */
export interface ApiClient {
  readonly headers: Headers;
  request(method: Method, url: string, payload?: unknown, options?: RequestOptions): Promise<Response>;
  get(url: string, options?: RequestOptions): Promise<Response>;
  post(url: string, payload?: unknown, options?: RequestOptions): Promise<Response>;
  put(url: string, payload?: unknown, options?: RequestOptions): Promise<Response>;
  patch(url: string, payload?: unknown, options?: RequestOptions): Promise<Response>;
  del(url: string, payload?: unknown, options?: RequestOptions): Promise<Response>;
  /** The same app as a fixture's user of `role` (its session, and a PIN approval of `approver`). */
  as(fixture: TenantFixture, role: Role, options?: { approver?: Role }): ApiClient;
  /** The same app with other headers (these replace the client's own). */
  as(headers: Headers): ApiClient;
}

export interface ApiHarness extends ApiClient {
  testDb: TestDatabase;
  db: Db;
  app: FastifyInstance;
  /** A new tenant with two stores, a workstation and one user (and session) per role. */
  tenant(options?: TenantFixtureOptions): Promise<TenantFixture>;
  /** POST /api/login as the fixture's user of `role`, with its password (plus `extra` body fields). */
  login(fixture: TenantFixture, role: Role, extra?: Record<string, unknown>): Promise<Response>;
  /** Another app on the same database (a second server, another config); closed with the harness. */
  buildApp(config?: Partial<AppConfig>): Promise<FastifyInstance>;
}

export interface ApiHarnessOptions {
  config?: Partial<AppConfig>;
  /** Routes or hooks a test adds before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Connections of the database pool (test-db.ts default otherwise). */
  poolMax?: number;
}

const WRITES: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isFixture(who: TenantFixture | Headers): who is TenantFixture {
  return typeof (who as TenantFixture).headers === 'function';
}

/** Requests on `app` with `headers`. */
export function apiClient(app: FastifyInstance, headers: Headers = {}): ApiClient {
  const request: ApiClient['request'] = (method, url, payload, options = {}) => {
    const key = options.key === undefined ? randomUUID() : options.key;
    const inject: InjectOptions = {
      method,
      url,
      headers: {
        ...headers,
        ...(WRITES.has(method) && key !== null ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
        ...options.headers,
      },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    };
    return app.inject(inject);
  };
  return {
    headers,
    request,
    get: (url, options) => request('GET', url, undefined, options),
    post: (url, payload, options) => request('POST', url, payload, options),
    put: (url, payload, options) => request('PUT', url, payload, options),
    patch: (url, payload, options) => request('PATCH', url, payload, options),
    del: (url, payload, options) => request('DELETE', url, payload, options),
    as: (who: TenantFixture | Headers, role?: Role, options: { approver?: Role } = {}) =>
      apiClient(app, isFixture(who) ? who.headers(role!, options) : who),
  };
}

export async function apiHarness(options: ApiHarnessOptions = {}): Promise<ApiHarness> {
  const apps: FastifyInstance[] = [];
  const testDb = await createTestDatabase(options.poolMax === undefined ? {} : { poolMax: options.poolMax });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await testDb.drop();
  });
  const db = testDb.db;
  const build = async (
    config: Partial<AppConfig>,
    beforeReady?: ApiHarnessOptions['beforeReady'],
  ): Promise<FastifyInstance> => {
    const app = await buildApp({ db, config: { clientDir: null, ...config } });
    apps.push(app);
    await beforeReady?.(app);
    await app.ready();
    return app;
  };
  const app = await build(options.config ?? {}, options.beforeReady);
  const client = apiClient(app);
  return {
    ...client,
    testDb,
    db,
    app,
    tenant: (tenantOptions) => createTenantWithUsers(db, tenantOptions),
    login: (fixture, role, extra = {}) =>
      client.post(
        '/api/login',
        {
          tenant: fixture.tenantCode,
          username: fixture.users[role].username,
          password: fixture.users[role].password,
          ...extra,
        },
        { key: null },
      ),
    buildApp: (config = {}) => build({ ...options.config, ...config }),
  };
}

/** The Authorization header of a session token (one that a test got from POST /api/login, say). */
export function bearer(token: string): Headers {
  return { authorization: `Bearer ${token}` };
}

/** The `data` of an envelope response, as the type a test names (any by default: the test says what it expects). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dataOf<T = any>(res: Response): T {
  return (res.json() as { data: T }).data;
}
