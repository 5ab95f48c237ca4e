/**
 * The route factory: a route declares its method, path, zod schemas (from src/contracts), success status
 * and message, who may call it (`access`, enforced before the body is even parsed: src/server/auth/access.ts),
 * and whether it is an idempotent write; its handler returns DATA. The envelope
 * `{ success: true, data, message }` is applied here and nowhere else, the response schema documented in
 * /api/docs is the envelope around `data`, and errors thrown anywhere become the error envelope
 * (src/server/errors.ts).
 *
 *   route(app, {
 *     method: 'POST', url: '/api/sales', status: 201, message: 'Sale created.',
 *     access: { module: MODULE.SALE, write: true },
 *     body: createSaleBody, data: saleSchema, idempotency: { required: true },
 *     handler: async ({ body, auth, db }) => createSale(db, auth, body),   // db is the key's transaction
 *   });
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  RouteShorthandOptions,
} from 'fastify';
import type { Readable } from 'node:stream';
import { safeEncode } from 'zod';
import type { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema } from '../contracts/envelope';
import type { Envelope } from '../contracts/envelope';
import type { AuthContext } from './auth-context';
import { enforceAccess } from './auth/access';
import type { RouteAccess } from './auth/access';
import type { Queryable } from './db/client';
import { executeIdempotent, sendResult } from './idempotency';
import type { IdempotencyOptions, StoredResponse } from './idempotency';

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<B extends Schema, Q extends Schema, P extends Schema> {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  /** The caller, filled by auth (null on public routes). */
  auth: AuthContext | null;
  /** For idempotent routes the transaction that also stores the key; otherwise the pool. */
  db: Queryable;
  request: FastifyRequest;
  reply: FastifyReply;
}

const RESPONSE = Symbol('response');

/** Returned by a handler to choose the status or message of one response (e.g. 200 vs 201). */
export interface ResponseOverride<T> {
  [RESPONSE]: true;
  data: T;
  status?: number;
  message?: string;
}

export function respond<T>(data: T, options: { status?: number; message?: string }): ResponseOverride<T> {
  return { [RESPONSE]: true, data, ...options };
}

function isOverride<T>(value: unknown): value is ResponseOverride<T> {
  return typeof value === 'object' && value !== null && RESPONSE in value;
}

const RAW = Symbol('raw');

/**
 * Returned by a read handler to send a body that is not the JSON envelope (a CSV download, streamed). Never
 * from an idempotent write: a stored answer must be JSON.
 */
export interface RawResponse {
  [RAW]: true;
  contentType: string;
  body: Readable | string;
  headers?: Record<string, string>;
}

export function rawResponse(
  contentType: string,
  body: Readable | string,
  headers: Record<string, string> = {},
): RawResponse {
  return { [RAW]: true, contentType, body, headers };
}

function isRaw(value: unknown): value is RawResponse {
  return typeof value === 'object' && value !== null && RAW in value;
}

export interface RouteSpec<B extends Schema, Q extends Schema, P extends Schema, D extends z.ZodType> {
  method: HTTPMethods;
  url: string;
  summary?: string;
  description?: string;
  tags?: string[];
  body?: B;
  querystring?: Q;
  params?: P;
  /** Schema of `data` in the success envelope. */
  data: D;
  /** Success status; default 200. */
  status?: number;
  /** Success message; default 'OK'. */
  message?: string;
  /**
   * Who may call it (required: docs/roles.md, every route is checked). `{ public: true }`, or
   * `{ module, write?, roles?, pin? }` with `module: null` for "any logged-in session"; see auth/access.ts.
   */
  access: RouteAccess;
  /** A write that honours Idempotency-Key (docs/api.md#writes-and-idempotency). Requires request.auth when a key is sent. */
  idempotency?: IdempotencyOptions;
  /** Passed through: rate limits (`config.rateLimit`). */
  config?: RouteShorthandOptions['config'];
  handler: (ctx: RouteContext<B, Q, P>) => Promise<z.output<D> | ResponseOverride<z.output<D>> | RawResponse>;
}

export function envelope<T>(data: T, message = 'OK'): Envelope<T> {
  return { success: true, data, message };
}

export function route<
  D extends z.ZodType,
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
>(app: FastifyInstance, spec: RouteSpec<B, Q, P, D>): void {
  const successStatus = spec.status ?? 200;
  const successMessage = spec.message ?? 'OK';
  const successSchema = envelopeSchema(spec.data);

  const run = async (
    request: FastifyRequest,
    reply: FastifyReply,
    db: Queryable,
  ): Promise<StoredResponse | RawResponse> => {
    const result = await spec.handler({
      body: request.body as Out<B>,
      query: request.query as Out<Q>,
      params: request.params as Out<P>,
      auth: request.auth,
      db,
      request,
      reply,
    });
    if (isRaw(result)) return result;
    const [status, body] = isOverride<z.output<D>>(result)
      ? [result.status ?? successStatus, envelope(result.data, result.message ?? successMessage)]
      : [successStatus, envelope(result, successMessage)];
    // Encoded here, not by Fastify's serializer, so the stored copy of an idempotent response is exactly
    // the JSON value the client got. A handler returning data outside its schema is a bug: 500.
    const encoded = safeEncode(successSchema, body);
    if (!encoded.success) {
      throw new Error(`Response of ${spec.method} ${spec.url} does not match its schema`, {
        cause: encoded.error,
      });
    }
    return { status, body: encoded.data };
  };

  const idempotency = spec.idempotency;
  const access = spec.access as RouteAccess | undefined;
  declaredRoutes(app).push({
    method: spec.method,
    url: spec.url,
    access,
    idempotency: idempotency !== undefined,
    body: spec.body,
    querystring: spec.querystring,
    params: spec.params,
  });
  app.route({
    method: spec.method,
    url: spec.url,
    config: spec.config,
    // onRequest, not preHandler: a caller without the right must get 401/403 whatever the body holds (not a
    // 422 that describes the schema), and an anonymous upload is refused before its parts are parsed. A
    // route without a declaration (possible only around the type checker) is not enforced here; the route
    // table test fails on it.
    ...(access ? { onRequest: (request: FastifyRequest) => enforceAccess(request, access) } : {}),
    // Only the parts a route has: Fastify warns about schema keys that are present but undefined.
    schema: definedOnly({
      summary: spec.summary,
      description: spec.description,
      tags: spec.tags,
      body: spec.body,
      querystring: spec.querystring,
      params: spec.params,
      response: {
        '2xx': successSchema,
        '4xx': errorEnvelopeSchema,
        '5xx': errorEnvelopeSchema,
      },
    }),
    handler: async (request, reply) => {
      if (idempotency) {
        const result = await executeIdempotent(request, idempotency, async (tx) => {
          const response = await run(request, reply, tx);
          if (isRaw(response))
            throw new Error(`${spec.method} ${spec.url}: a write cannot answer a raw body`);
          return response;
        });
        return sendResult(reply, result);
      }
      const response = await run(request, reply, request.server.db);
      if (isRaw(response)) {
        return reply
          .code(200)
          .headers(response.headers ?? {})
          .type(response.contentType)
          .send(response.body);
      }
      return sendResult(reply, { ...response, replayed: false });
    },
  });
}

/** A route declared through the factory, as listRoutes reports it. */
export interface RouteInfo {
  method: HTTPMethods;
  url: string;
  /** undefined only for a route that slipped past the type checker: a bug the route table test reports. */
  access: RouteAccess | undefined;
  idempotency: boolean;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
}

/** Any route Fastify registered (factory or not), as the onRoute hook saw it. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

interface RouteTable {
  declared: RouteInfo[];
  registered: RegisteredRoute[];
}

const ROUTE_TABLE = Symbol('routeTable');
type WithRouteTable = FastifyInstance & { [ROUTE_TABLE]?: RouteTable };

/**
 * Starts the route table of an app; buildApp calls it before any route exists. Stored on the root instance:
 * Fastify's encapsulated children inherit it through their prototype, so routes of plugins land here too.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteTable = { declared: [], registered: [] };
  (app as WithRouteTable)[ROUTE_TABLE] = table;
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) table.registered.push({ method, url: options.url });
  });
}

function routeTable(app: FastifyInstance): RouteTable {
  const target = app as WithRouteTable;
  target[ROUTE_TABLE] ??= { declared: [], registered: [] };
  return target[ROUTE_TABLE];
}

function declaredRoutes(app: FastifyInstance): RouteInfo[] {
  return routeTable(app).declared;
}

/** Every route declared with route() on this app, in registration order. */
export function listRoutes(app: FastifyInstance): readonly RouteInfo[] {
  return [...routeTable(app).declared];
}

/** Every method and URL Fastify registered (HEAD twins of GETs included), factory or not. */
export function listRegisteredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return [...routeTable(app).registered];
}

function definedOnly<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as Partial<T>;
}
