/**
 * The one error type every API call rejects with (docs/api.md#the-client: "403, 404, 405 and 422 are passed
 * to callers unchanged"), so machines can read `status`, `code`, `message` and the field `errors` of a 422
 * without knowing ofetch. `code` is the envelope's machine-readable code (docs/errors.md): what the client
 * decides on and translates (lib/api/error-messages.ts); `message` is the server's English, never compared.
 * `status` 0 means the server was never reached (network failure, timeout or a cancelled call): `kind` says
 * which, because a till that loses Wi-Fi and a server that is slow need different words; such errors have no
 * code.
 *
 * `code` is the string the server sent, not checked against the list of codes: a code this build does not know
 * (a newer server's) finds no text and is said by its status (docs/errors.md), and checking it here would put
 * the list of every code into the first load of every screen (docs/architecture.md#first-load-of-the-sale-screen).
 */
import type { FieldErrors } from '../../../contracts/envelope';
import type { ErrorDetails } from '../../../contracts/error-codes';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** The server's code (src/contracts/error-codes.ts); undefined when the server was not reached or sent none. */
  readonly code: string | undefined;
  readonly errors: FieldErrors | undefined;
  /** What the code carries (an in-use delete lists what uses the record: docs/errors.md). */
  readonly details: ErrorDetails | undefined;
  /** Seconds from a 429's Retry-After header, when the server sent one. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    message: string;
    kind?: ApiErrorKind;
    code?: string;
    errors?: FieldErrors;
    details?: ErrorDetails;
    retryAfter?: number;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.kind = init.kind ?? 'http';
    this.code = init.code;
    this.errors = init.errors;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
  }

  /** A plain copy for machine contexts and snapshots (an Error does not survive JSON or structuredClone). */
  toJSON(): ApiErrorData {
    return {
      status: this.status,
      kind: this.kind,
      message: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.details ? { details: this.details } : {}),
      ...(this.retryAfter === undefined ? {} : { retryAfter: this.retryAfter }),
    };
  }
}

export interface ApiErrorData {
  status: number;
  kind: ApiErrorKind;
  message: string;
  code?: string;
  errors?: FieldErrors;
  details?: ErrorDetails;
  retryAfter?: number;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
