import type { Role } from '../../src/domain/constants';

/** What a correct PIN gives (POST /api/role-by-code; ADR 006): who it belongs to, and the approval to send. */
export interface PinApproval {
  role: Role;
  name: string;
  user_id: number;
  /** Sent as X-Pin-Approval to the route that needs it; valid 5 minutes, for this session only. */
  approval: string;
  approval_expires_at: string;
}

/** `code` is the i18n key (common namespace, `pin` group), `message` the English text. */
export interface PinError {
  code: string;
  message: string;
  /** Wrong PIN: tries left before PIN entry locks (null when the server did not say). */
  remaining?: number | null;
  /** A correct PIN of someone who may not approve: whose it was. */
  name?: string;
}

export interface PinCheckContext {
  /** The digits typed so far; emptied as soon as the check answers (docs/roles.md#pin-approvals: a PIN is never kept). */
  code: string;
  /** Roles whose PIN approves; null = any PIN owner (e.g. a PIN-gated report that only asks "who is here"). */
  requiredRoles: readonly Role[] | null;
  approval: PinApproval | null;
  error: PinError | null;
}

export interface PinCheckInput {
  /** Default: manager, admin and owner (docs/roles.md#pin-approvals "managers refund and void with a PIN"). */
  requiredRoles?: readonly Role[] | null;
}

export type PinDigit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

export type PinCheckEvent =
  | { type: 'pin.digit'; digit: PinDigit }
  | { type: 'pin.backspace' }
  | { type: 'pin.clear' }
  | { type: 'pin.submit' };

export interface CheckPinInput {
  code: string;
}
