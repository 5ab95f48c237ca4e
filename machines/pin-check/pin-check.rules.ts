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
}

/**
 * The server says how many tries are left only in its English sentence ("The PIN is not correct. 9 tries left
 * before PIN entry is locked."); the pad shows the number in the cashier's language, so it is read out here.
 */
export function triesLeft(message: string): number | null {
  const match = /(\d+)\s+tr(?:y|ies)\s+left/i.exec(message);
  return match ? Number(match[1]) : null;
}

export function isLockedFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Failure).status === 429;
}

export function pinFailure(error: unknown): PinError {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as Failure;
  const message =
    typeof failure.message === 'string' ? failure.message : 'Something went wrong. Please try again.';
  if (failure.status === 429) return { code: 'pin.errors.locked', message };
  if (failure.status === 422) return { code: 'pin.errors.wrong', message, remaining: triesLeft(message) };
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
