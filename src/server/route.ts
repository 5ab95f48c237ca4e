/**
 * The route factory: a route declares its method, path, zod schemas (from src/contracts), success status
 * and message, and whether it is an idempotent write; its handler returns DATA. The envelope
 * `{ success: true, data, message }` is applied here and nowhere else, the response schema documented in
 * /api/docs is the envelope around `data`, and errors thrown anywhere become the error envelope
 * (src/server/errors.ts).
 *
 *   route(app, {
 *     method: 'POST', url: '/api/sales', status: 201, message: 'Sale created.',
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
import { safeEncode } from 'zod';
import type { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema } from '../contracts/envelope';
import type { Envelope } from '../contracts/envelope';
import type { AuthContext } from './auth-context';
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
  /** A write that honours Idempotency-Key (design.md §5). Requires request.auth when a key is sent. */
  idempotency?: IdempotencyOptions;
  /** Passed through: rate limits (`config.rateLimit`), later the permission a route needs. */
  config?: RouteShorthandOptions['config'];
  handler: (ctx: RouteContext<B, Q, P>) => Promise<z.output<D> | ResponseOverride<z.output<D>>>;
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
  ): Promise<StoredResponse> => {
    const result = await spec.handler({
      body: request.body as Out<B>,
      query: request.query as Out<Q>,
      params: request.params as Out<P>,
      auth: request.auth,
      db,
      request,
      reply,
    });
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
  app.route({
    method: spec.method,
    url: spec.url,
    config: spec.config,
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
      const result = idempotency
        ? await executeIdempotent(request, idempotency, (tx) => run(request, reply, tx))
        : { ...(await run(request, reply, request.server.db)), replayed: false };
      return sendResult(reply, result);
    },
  });
}

function definedOnly<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as Partial<T>;
}
