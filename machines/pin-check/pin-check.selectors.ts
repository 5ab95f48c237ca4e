/** View facts of the PIN pad, derived from the snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { pinCheckMachine } from './pin-check.machine';
import type { PinApproval, PinError } from './pin-check.types';

type PinCheckSnapshot = SnapshotFrom<typeof pinCheckMachine>;

export type PinStatus = 'entering' | 'checking' | 'approved' | 'refused' | 'locked';

export function selectPinStatus(snapshot: PinCheckSnapshot): PinStatus {
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('approved')) return 'approved';
  if (snapshot.matches('refused')) return 'refused';
  if (snapshot.matches('locked')) return 'locked';
  return 'entering';
}

/** How many digits are typed (the pad shows dots, never the digits). */
export function selectDigitCount(snapshot: PinCheckSnapshot): number {
  return snapshot.context.code.length;
}

export function selectCanSubmit(snapshot: PinCheckSnapshot): boolean {
  return snapshot.can({ type: 'pin.submit' });
}

export function selectCanType(snapshot: PinCheckSnapshot): boolean {
  return snapshot.can({ type: 'pin.digit', digit: '0' });
}

export function selectIsChecking(snapshot: PinCheckSnapshot): boolean {
  return snapshot.hasTag('busy');
}

export function selectPinError(snapshot: PinCheckSnapshot): PinError | null {
  return snapshot.context.error;
}

export function selectApproval(snapshot: PinCheckSnapshot): PinApproval | null {
  return snapshot.context.approval;
}
