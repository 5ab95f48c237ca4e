import type { DrawerMovementBody, DrawerSession, DrawerState } from '../../src/contracts/cash-drawer';
import type { DenominationCount, MovementKind } from '../../src/domain/cash-drawer';
import type { ResourceError } from '../resource/resource.types';

/** The request queue's receipt for a write the server could not get (docs/offline.md#the-queue). */
export interface DrawerQueued {
  offline: true;
  requestId: string;
}

export type SessionOutput = DrawerSession | DrawerQueued;

/** What the close actor is given: the blind count, and the manager's PIN once the server asked for one. */
export interface CloseInput {
  count: DenominationCount;
  pin?: string;
}

export type MovementInput = DrawerMovementBody;

/** The server's refusal of a close past tolerance: what the count came to, shown after the count only. */
export interface ManagerNeeded {
  overShort: number;
  tolerance: number;
}

export interface CashDrawerContext {
  /** The drawer as last read (or as kept while offline, with queued movements added). */
  state: DrawerState | null;
  /** The count being entered: the float while opening, the blind count while counting. */
  count: DenominationCount;
  /** The closed session with its over/short, once a close is answered. */
  closed: DrawerSession | null;
  /** The movement being sent (kept to show it when the offline queue takes it). */
  pendingMovement: MovementInput | null;
  managerNeeded: ManagerNeeded | null;
  /** The last write's failure. */
  error: ResourceError | null;
  /** The last load's failure. */
  failure: ResourceError | null;
  /** A write the offline queue took: said on screen until the next load. */
  savedOffline: 'open' | 'movement' | 'close' | null;
}

export type CashDrawerEvent =
  | { type: 'retry' }
  | { type: 'connection.online' }
  | { type: 'open.start' }
  | { type: 'count.set'; id: string; pieces: number }
  | { type: 'open.submit' }
  | { type: 'movement.submit'; kind: MovementKind; amount: number; reason: string }
  | { type: 'close.start' }
  | { type: 'close.submit' }
  | { type: 'pin.submit'; pin: string }
  | { type: 'cancel' };
