/**
 * The one error handler (conventions: "one error handler turns zod and domain errors into the envelope;
 * 5xx bodies never carry internals"). Status codes follow design.md §5: 400 malformed, 401, 403, 404, 409,
 * 422 validation, 429 throttled, and never a 5xx for bad input.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { $ZodError } from 'zod/v4/core';
import type { ErrorEnvelope, FieldErrors } from '../contracts/envelope';

/** What a route or service throws to answer with a 4xx (or a deliberate 5xx) in the envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const VALIDATION_MESSAGE = 'The given data was invalid.';
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please log in again.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string, errors?: FieldErrors) => new HttpError(422, message, errors);

export function errorEnvelope(message: string, errors?: FieldErrors): ErrorEnvelope {
  return errors ? { success: false, data: null, message, errors } : { success: false, data: null, message };
}

interface IssueLike {
  instancePath?: string;
  path?: readonly PropertyKey[];
  message?: string;
  keyword?: string;
  code?: string;
  params?: Record<string, unknown>;
  keys?: readonly string[];
}

/**
 * zod issues → { field: [messages] }, field being the dotted path (`items.0.quantity`), or the request part
 * (`body`, `querystring`...) when the whole part is wrong (e.g. no body at all). An unknown key of a
 * strict object is reported on that key.
 */
export function fieldErrors(issues: readonly IssueLike[], part = 'body'): FieldErrors {
  const out: FieldErrors = {};
  // Own properties only: a field is a client's key, and `out.constructor` or `out.toString` of a plain object
  // are inherited functions (a body with an unknown key "constructor" answered 500 before).
  const add = (field: string, message: string) => {
    if (!Object.hasOwn(out, field)) {
      Object.defineProperty(out, field, { value: [], enumerable: true, writable: true, configurable: true });
    }
    out[field]!.push(message);
  };
  for (const issue of issues) {
    const segments = issue.path
      ? issue.path.map(String)
      : (issue.instancePath ?? '').split('/').filter((s) => s !== '');
    const field = segments.join('.');
    const unknownKeys = (issue.keys ?? issue.params?.keys) as readonly string[] | undefined;
    if ((issue.code ?? issue.keyword) === 'unrecognized_keys' && Array.isArray(unknownKeys)) {
      for (const key of unknownKeys) add(field ? `${field}.${key}` : key, 'This field is not allowed.');
      continue;
    }
    add(field || part, issue.message ?? 'Invalid value.');
  }
  return out;
}

/** The pg error under a driver or Drizzle wrapper (Drizzle wraps failures in DrizzleQueryError.cause). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function send(reply: FastifyReply, status: number, message: string, errors?: FieldErrors): void {
  reply.code(status).type('application/json; charset=utf-8').send(errorEnvelope(message, errors));
}

/** Sends and returns nothing (a returned reply would be awaited by Fastify as a thenable). */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return send(reply, 422, VALIDATION_MESSAGE, fieldErrors(error.validation, error.validationContext));
  }
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'server error');
    return send(reply, error.statusCode, error.message, error.errors);
  }
  if (error instanceof $ZodError) {
    // A service validating something it read (not the request schema): still the caller's input.
    return send(reply, 422, VALIDATION_MESSAGE, fieldErrors(error.issues));
  }
  // Safety net for input the schemas let through and the database refused: class 22 is bad data (out of
  // range, invalid text), 23505 a duplicate, 23503/23514 a reference or check that does not hold. Logged,
  // because a route should have answered these itself.
  const pgCode = pgErrorCode(error);
  if (pgCode && (pgCode.startsWith('22') || pgCode.startsWith('23'))) {
    request.log.warn({ err: error, pgCode }, 'database refused the input');
    if (pgCode === '23505') return send(reply, 409, 'This record already exists.');
    return send(reply, 422, VALIDATION_MESSAGE);
  }
  const status = error.statusCode;
  if (
    typeof status === 'number' &&
    status >= 400 &&
    status < 500 &&
    error.code !== 'FST_ERR_RESPONSE_SERIALIZATION'
  ) {
    // Fastify's and its plugins' 4xx (malformed JSON, body too large, unsupported media type, rate limit)
    // carry messages written for clients.
    return send(reply, status, error.message);
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, INTERNAL_MESSAGE);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
