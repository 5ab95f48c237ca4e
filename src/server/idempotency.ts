/**
 * Idempotency-Key (docs/api.md#writes-and-idempotency, ADR 005). The client sends one key per intent and
 * keeps it across retries and offline replays; the server answers every repeat with the first answer.
 *
 *   (tenant, user, key) → fingerprint (sha256 of method, URL and canonical JSON body), status, response
 *   same key, same payload      → the stored status and body, header `Idempotent-Replayed: true`
 *   same key, another payload   → 422
 *   same key, first still busy  → waits up to `waitMs` for it, then replays; 409 if it is still busy
 *   no key where required       → 400
 *
 * How it stays exactly-once: the key row is INSERTed ('running', ON CONFLICT DO NOTHING) in the SAME
 * transaction as the handler's writes and set to 'done' with the response before COMMIT. So:
 * - the writes and the stored response commit together or not at all; a handler that throws, a lost
 *   connection or a killed process rolls the claim back with the writes, and the key is free for the
 *   retry (no 'running' row is ever left behind, so no timeout is needed to reclaim one);
 * - a concurrent request with the same key blocks on the uncommitted row inside its own INSERT (the
 *   unique index makes it wait for the first transaction), bounded by lock_timeout = waitMs; when the
 *   first commits it finds the 'done' row and replays it, when the first rolls back its INSERT wins and it
 *   runs the handler itself.
 * The cost: a waiting duplicate holds a pool connection while it waits, bounded by waitMs.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENT_REPLAYED_HEADER,
} from '../contracts/envelope';
import './app-db';
import { requireAuth } from './auth-context';
import type { Db, Queryable } from './db/client';
import { IDEMPOTENCY_STATUS, idempotencyKeys } from './db/schema/idempotency-keys';
import { badRequest, conflict, pgErrorCode, unprocessable } from './errors';
import { ERROR_CODE } from '../contracts/error-codes';

/** At least 8 days: longer than any offline queue keeps a request (docs/api.md). */
export const IDEMPOTENCY_RETENTION_DAYS = 8;
/** How long a duplicate waits for the first request before answering 409. */
export const DEFAULT_IDEMPOTENCY_WAIT_MS = 5_000;

export const STILL_RUNNING_MESSAGE =
  'A request with this Idempotency-Key is still being processed. Retry in a moment.';
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used with a different request.';
export const KEY_REQUIRED_MESSAGE = 'The Idempotency-Key header is required for this request.';
export const KEY_INVALID_MESSAGE = `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`;

export interface IdempotencyRequest {
  key: string;
  fingerprint: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set before validation when the request carries an Idempotency-Key header. */
    idempotency: IdempotencyRequest | null;
  }
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotentResult extends StoredResponse {
  replayed: boolean;
}

/**
 * JSON with object keys sorted at every depth, so {a,b} and {b,a} fingerprint alike. Byte buffers (files
 * of a multipart body) are represented by their sha256.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
    return JSON.stringify({ $sha256: createHash('sha256').update(value).digest('hex') });
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function fingerprintRequest(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${url}\n${canonicalJson(body)}`)
    .digest('hex');
}

/**
 * Reads the header and fingerprints the body as the client sent it (before schema validation, whose
 * defaults and stripped keys would make two different payloads look alike).
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null);
  app.addHook('preValidation', async (request) => {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || header.length < 1 || header.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw badRequest(KEY_INVALID_MESSAGE, ERROR_CODE.IDEMPOTENCY_KEY_INVALID);
    }
    request.idempotency = {
      key: header,
      fingerprint: fingerprintRequest(request.method, request.url, request.body),
    };
  });
}

export interface Claim {
  tenantId: number;
  userId: number;
  key: string;
  fingerprint: string;
  waitMs?: number;
}

/** Runs `work` once per (tenant, user, key); see the file comment for the protocol. */
export async function runIdempotent(
  db: Db,
  claim: Claim,
  work: (tx: Queryable) => Promise<StoredResponse>,
): Promise<IdempotentResult> {
  const waitMs = Math.max(1, Math.round(claim.waitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS));
  const pk = and(
    eq(idempotencyKeys.tenantId, claim.tenantId),
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.key, claim.key),
  );
  let claiming = true;
  try {
    return await db.transaction(async (tx) => {
      // lock_timeout bounds the wait on a concurrent claim of the same key, and only that wait: the
      // handler's own locks run under the session's setting again.
      const previous = await tx.execute<{ previous: string }>(
        sql`select current_setting('lock_timeout') as previous, set_config('lock_timeout', ${`${waitMs}ms`}, true)`,
      );
      // A key past its retention is forgotten, so an old key can start a new intent.
      await tx.delete(idempotencyKeys).where(and(pk, lt(idempotencyKeys.expiresAt, sql`now()`)));
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({
          tenantId: claim.tenantId,
          userId: claim.userId,
          key: claim.key,
          fingerprint: claim.fingerprint,
          status: IDEMPOTENCY_STATUS.RUNNING,
          expiresAt: sql`now() + make_interval(days => ${IDEMPOTENCY_RETENTION_DAYS})`,
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      await tx.execute(sql`select set_config('lock_timeout', ${previous.rows[0]?.previous ?? '0'}, true)`);
      claiming = false;

      if (claimed.length === 0) {
        const [row] = await tx.select().from(idempotencyKeys).where(pk);
        if (!row) throw conflict(STILL_RUNNING_MESSAGE, ERROR_CODE.IDEMPOTENCY_KEY_IN_FLIGHT);
        if (row.fingerprint !== claim.fingerprint)
          throw unprocessable(KEY_REUSED_MESSAGE, undefined, ERROR_CODE.IDEMPOTENCY_KEY_REUSED);
        if (row.status !== IDEMPOTENCY_STATUS.DONE || row.responseStatus === null) {
          throw conflict(STILL_RUNNING_MESSAGE, ERROR_CODE.IDEMPOTENCY_KEY_IN_FLIGHT);
        }
        return { status: row.responseStatus, body: row.responseBody, replayed: true };
      }

      const response = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({
          status: IDEMPOTENCY_STATUS.DONE,
          responseStatus: response.status,
          responseBody: response.body ?? null,
        })
        .where(pk);
      return { ...response, replayed: false };
    });
  } catch (error) {
    // 55P03 lock_not_available while claiming: the first request with this key did not finish within
    // waitMs. (The same code from the handler's own NOWAIT locks is the handler's business.)
    if (claiming && pgErrorCode(error) === '55P03')
      throw conflict(STILL_RUNNING_MESSAGE, ERROR_CODE.IDEMPOTENCY_KEY_IN_FLIGHT);
    throw error;
  }
}

export interface IdempotencyOptions {
  /** Sales and payments: a write without a key is refused (400). Other writes run without one. */
  required: boolean;
  waitMs?: number;
}

/**
 * Wraps a route handler that writes through `tx` and returns its status and a JSON-ready body (sent and
 * stored as is, without the route's serializer). The route factory (src/server/route.ts) does the same
 * through executeIdempotent; this is for a route written by hand.
 */
export function withIdempotency(
  handler: (request: FastifyRequest, tx: Queryable) => Promise<StoredResponse>,
  options: IdempotencyOptions,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await executeIdempotent(request, options, (tx) => handler(request, tx));
    return sendResult(reply, result);
  };
}

/** The body of withIdempotency, for callers that shape the reply themselves. */
export async function executeIdempotent(
  request: FastifyRequest,
  options: IdempotencyOptions,
  work: (tx: Queryable) => Promise<StoredResponse>,
): Promise<IdempotentResult> {
  const db = request.server.db;
  const idem = request.idempotency;
  if (!idem) {
    if (options.required) throw badRequest(KEY_REQUIRED_MESSAGE, ERROR_CODE.IDEMPOTENCY_KEY_REQUIRED);
    const response = await db.transaction((tx) => work(tx));
    return { ...response, replayed: false };
  }
  const auth = requireAuth(request);
  return runIdempotent(
    db,
    {
      tenantId: auth.tenantId,
      userId: auth.userId,
      key: idem.key,
      fingerprint: idem.fingerprint,
      waitMs: options.waitMs,
    },
    work,
  );
}

/**
 * Sends a stored or fresh response as a JSON string: the body is already in its wire form, so Fastify's
 * serializer is bypassed and a replay is the same JSON value as the first answer (jsonb may order its
 * keys differently).
 */
export function sendResult(reply: FastifyReply, result: IdempotentResult) {
  if (result.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return reply
    .code(result.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(result.body ?? null));
}

/** Deletes keys past their retention; run at start and periodically (src/server/main.ts). */
export async function purgeExpiredIdempotencyKeys(db: Queryable): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
