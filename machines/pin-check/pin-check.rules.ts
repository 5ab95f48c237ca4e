/**
 * Pure rules of the PIN check: length bounds (src/contracts/auth.ts PIN_PATTERN, 4 to 8 digits; a test holds
 * them equal), who may approve, and how a failed check reads on the pad.
 */
import { ROLE } from '../../src/domain/constants';
import type { Role } from '../../src/domain/constants';
import type { PinError } from './pin-check.types';

export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 8;

/** The server's PIN_APPROVER_ROLES (src/server/auth/access.ts) and the domain's canApproveWithPin. */
export const APPROVER_ROLES: readonly Role[] = [ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER];

export function roleMayApprove(role: Role, required: readonly Role[] | null): boolean {
  return required === null || required.includes(role);
}

interface Failure {
  status?: unknown;
  kind?: unknown;
  message?: unknown;
  details?: unknown;
}

/**
 * How many wrong PINs are left before PIN entry locks: the `details.tries_left` of a wrong_pin answer
 * (docs/errors.md), never read out of the English message. Null when the failure does not say.
 */
export function triesLeft(error: unknown): number | null {
  const details = typeof error === 'object' && error !== null ? (error as Failure).details : undefined;
  const left =
    typeof details === 'object' && details !== null
      ? (details as { tries_left?: unknown }).tries_left
      : undefined;
  return typeof left === 'number' && Number.isInteger(left) && left >= 0 ? left : null;
}

export function isLockedFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Failure).status === 429;
}

export function pinFailure(error: unknown): PinError {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as Failure;
  const message =
    typeof failure.message === 'string' ? failure.message : 'Something went wrong. Please try again.';
  if (failure.status === 429) return { code: 'pin.errors.locked', message };
  if (failure.status === 422) return { code: 'pin.errors.wrong', message, remaining: triesLeft(failure) };
  if (failure.status === 0 && failure.kind === 'timeout') return { code: 'api.errors.timeout', message };
  if (failure.status === 0) return { code: 'api.errors.network', message };
  return { code: 'api.errors.unexpected', message };
}

export function notAllowedError(name: string): PinError {
  return {
    code: 'pin.errors.notAllowed',
    message: 'This needs the PIN of a manager, an admin or the owner.',
    name,
  };
}
