/**
 * The one error handler (conventions: "one error handler turns zod and domain errors into the envelope;
 * 5xx bodies never carry internals"). Status codes follow docs/api.md#status-codes: 400 malformed, 401, 403,
 * 404, 409, 422 validation, 429 throttled, and never a 5xx for bad input.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { $ZodError } from 'zod/v4/core';
import type { ErrorEnvelope, FieldErrors } from '../contracts/envelope';
import { ERROR_CODE, SALE_STATUS_ERROR_CODE } from '../contracts/error-codes';
import type { ErrorCode, ErrorDetails } from '../contracts/error-codes';
import type { InUseDetail } from '../contracts/resource';
import type { SaleStatusMoveError } from '../domain/sale-status';

/** The code of an error that names none: the generic meaning of its status (docs/errors.md). */
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: ERROR_CODE.MALFORMED_REQUEST,
  401: ERROR_CODE.UNAUTHENTICATED,
  403: ERROR_CODE.FORBIDDEN,
  404: ERROR_CODE.NOT_FOUND,
  405: ERROR_CODE.METHOD_NOT_ALLOWED,
  409: ERROR_CODE.CONFLICT,
  413: ERROR_CODE.PAYLOAD_TOO_LARGE,
  414: ERROR_CODE.URI_TOO_LONG,
  415: ERROR_CODE.UNSUPPORTED_MEDIA_TYPE,
  422: ERROR_CODE.VALIDATION_FAILED,
  429: ERROR_CODE.RATE_LIMITED,
  502: ERROR_CODE.PROVIDER_UNAVAILABLE,
  503: ERROR_CODE.SERVICE_UNAVAILABLE,
};

export function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? ERROR_CODE.INTERNAL_ERROR : ERROR_CODE.MALFORMED_REQUEST);
}

/** What a route or service throws to answer with a 4xx (or a deliberate 5xx) in the envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly code: ErrorCode = codeForStatus(statusCode),
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const VALIDATION_MESSAGE = 'The given data was invalid.';
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export const badRequest = (message: string, code: ErrorCode = ERROR_CODE.MALFORMED_REQUEST) =>
  new HttpError(400, message, undefined, code);
export const unauthorized = (
  message = 'Please log in again.',
  code: ErrorCode = ERROR_CODE.UNAUTHENTICATED,
) => new HttpError(401, message, undefined, code);
export const forbidden = (
  message = 'You do not have permission to do this.',
  code: ErrorCode = ERROR_CODE.FORBIDDEN,
) => new HttpError(403, message, undefined, code);
export const notFound = (message = 'Not found.', code: ErrorCode = ERROR_CODE.NOT_FOUND) =>
  new HttpError(404, message, undefined, code);
export const conflict = (message: string, code: ErrorCode = ERROR_CODE.CONFLICT, details?: ErrorDetails) =>
  new HttpError(409, message, undefined, code, details);
/**
 * A 422. `fieldCodes` names, per field, what the client says in the user's language (its `admin:validation.<code>`
 * key), sent as `details.field_codes` beside the English `errors` (docs/errors.md, "Field codes").
 */
export const unprocessable = (
  message: string,
  errors?: FieldErrors,
  code: ErrorCode = ERROR_CODE.VALIDATION_FAILED,
  fieldCodes?: Readonly<Record<string, string>>,
) => new HttpError(422, message, errors, code, fieldCodes ? { field_codes: fieldCodes } : undefined);

/** 409 `duplicate`: a unique value (SKU, username, code) already taken; `field` names it for the form. */
export const duplicate = (message: string, field?: string, details?: ErrorDetails) =>
  new HttpError(409, message, field ? { [field]: [message] } : undefined, ERROR_CODE.DUPLICATE, details);

/** 409 `in_use`: a delete refused because other records use this one; nothing was deleted. */
export const inUse = (message: string, uses: readonly InUseDetail[]) =>
  new HttpError(409, message, undefined, ERROR_CODE.IN_USE, { in_use: uses });

/** 409 with the code of a sale status move the domain refuses (src/domain/sale-status.ts). */
export const saleStatusRefused = (error: SaleStatusMoveError) =>
  conflict(error.message, SALE_STATUS_ERROR_CODE[error.code]);

export function errorEnvelope(
  code: ErrorCode,
  message: string,
  extra: { errors?: FieldErrors | undefined; details?: ErrorDetails | undefined } = {},
): ErrorEnvelope {
  return {
    success: false,
    data: null,
    code,
    message,
    ...(extra.errors ? { errors: extra.errors } : {}),
    ...(extra.details ? { details: extra.details } : {}),
  };
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

function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  extra?: { errors?: FieldErrors | undefined; details?: ErrorDetails | undefined },
): void {
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(code, message, extra));
}

/**
 * Fastify's own errors whose message would echo the client's input (a whole over-long URL): a fixed text
 * instead. The others (malformed JSON, body too large, unsupported media type, rate limit) carry messages
 * written for clients.
 */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
  FST_ERR_BAD_URL: 'The address is not a valid URL.',
};

/** busboy's messages for a multipart body it cannot read. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (multipart data|form|file)|Multipart: Boundary not found|Malformed part header)/;
export const MALFORMED_MULTIPART_MESSAGE = 'The multipart form data could not be read.';

/** Sends and returns nothing (a returned reply would be awaited by Fastify as a thenable). */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return send(reply, 422, ERROR_CODE.VALIDATION_FAILED, VALIDATION_MESSAGE, {
      errors: fieldErrors(error.validation, error.validationContext),
    });
  }
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'server error');
    return send(reply, error.statusCode, error.code, error.message, {
      errors: error.errors,
      details: error.details,
    });
  }
  if (error instanceof $ZodError) {
    // A service validating something it read (not the request schema): still the caller's input.
    return send(reply, 422, ERROR_CODE.VALIDATION_FAILED, VALIDATION_MESSAGE, {
      errors: fieldErrors(error.issues),
    });
  }
  // A multipart body the parser cannot read (cut short, no boundary): busboy throws plain Errors, which
  // would otherwise be a 500 for the client's bad input.
  if (
    typeof request.isMultipart === 'function' &&
    request.isMultipart() &&
    error.statusCode === undefined &&
    MALFORMED_MULTIPART.test(error.message)
  ) {
    return send(reply, 400, ERROR_CODE.MALFORMED_REQUEST, MALFORMED_MULTIPART_MESSAGE);
  }
  // Safety net for input the schemas let through and the database refused: class 22 is bad data (out of
  // range, invalid text), 23505 a duplicate, 23503/23514 a reference or check that does not hold. Logged,
  // because a route should have answered these itself.
  const pgCode = pgErrorCode(error);
  if (pgCode && (pgCode.startsWith('22') || pgCode.startsWith('23'))) {
    request.log.warn({ err: error, pgCode }, 'database refused the input');
    if (pgCode === '23505') return send(reply, 409, ERROR_CODE.DUPLICATE, 'This record already exists.');
    return send(reply, 422, ERROR_CODE.VALIDATION_FAILED, VALIDATION_MESSAGE);
  }
  const status = error.statusCode;
  if (
    typeof status === 'number' &&
    status >= 400 &&
    status < 500 &&
    error.code !== 'FST_ERR_RESPONSE_SERIALIZATION'
  ) {
    // Fastify's and its plugins' 4xx: the status says what went wrong (docs/errors.md).
    const message = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? error.message;
    return send(reply, status, codeForStatus(status), message);
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, ERROR_CODE.INTERNAL_ERROR, INTERNAL_MESSAGE);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
