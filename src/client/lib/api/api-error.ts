/**
 * The one error type every API call rejects with (000 §8: "403, 404, 405 and 422 are passed to callers
 * unchanged"), so machines can read `status`, `message` and the field `errors` of a 422 without knowing
 * ofetch. `status` 0 means the server was never reached (network failure, timeout or a cancelled call):
 * `kind` says which, because a till that loses Wi-Fi and a server that is slow need different words.
 */
import type { FieldErrors } from '../../../contracts/envelope';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly errors: FieldErrors | undefined;
  /** Seconds from a 429's Retry-After header, when the server sent one. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    message: string;
    kind?: ApiErrorKind;
    errors?: FieldErrors;
    retryAfter?: number;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.kind = init.kind ?? 'http';
    this.errors = init.errors;
    this.retryAfter = init.retryAfter;
  }

  /** A plain copy for machine contexts and snapshots (an Error does not survive JSON or structuredClone). */
  toJSON(): ApiErrorData {
    return {
      status: this.status,
      kind: this.kind,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.retryAfter === undefined ? {} : { retryAfter: this.retryAfter }),
    };
  }
}

export interface ApiErrorData {
  status: number;
  kind: ApiErrorKind;
  message: string;
  errors?: FieldErrors;
  retryAfter?: number;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
