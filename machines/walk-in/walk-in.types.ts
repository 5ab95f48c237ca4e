import type { WalkInAction, WalkInStatusValue } from '../../src/domain/walk-in-status';
import type { BookingService, Turn } from '../../src/domain/order.types';
import type { ResourceError } from '../resource/resource.types';

/**
 * Where one walk-in stands: the domain's statuses (src/domain/walk-in-status.ts; docs/architecture.md#statecharts
 * "walk-in (waiting, assigned, in service, done, left)"), no-show apart from left.
 */
export type WalkInStage = WalkInStatusValue;
export type { WalkInAction };

export interface WalkInInput {
  id: number;
  stage: WalkInStage;
  /** The technician who took the customer (assigned or in service); null otherwise. */
  technicianId?: number | null;
  /** The walk-in's version as the queue showed it (src/contracts/walk-ins.ts walkInSchema.version). */
  version?: number | null;
}

/** What the app's act call is given. */
export interface WalkInActInput {
  id: number;
  action: WalkInAction;
  /** assign, and start from waiting: the technician. */
  technicianId: number | null;
  /** The version the desk saw: a move on a stale view is refused (409 walk_in_stale). */
  version: number | null;
}

/**
 * The answer: where the walk-in stands after the move and, for start, what the new sale attaches (the sale
 * machine's turn.add with the first service, and the other services as lines of the same technician).
 */
export interface WalkInActOutput {
  stage: WalkInStage;
  technicianId: number | null;
  version: number | null;
  turn: Turn | null;
  services: BookingService[];
}

/** What openSale gets: the turn, and the services beyond the turn's own. */
export interface OpenSaleParams {
  turn: Turn;
  services: BookingService[];
}

export interface WalkInContext {
  id: number;
  stage: WalkInStage;
  technicianId: number | null;
  version: number | null;
  /** The move running or last failed; null when none. */
  pending: WalkInAction | null;
  /** assign or start: the technician asked for while the call runs. */
  pendingTechnicianId: number | null;
  turn: Turn | null;
  error: ResourceError | null;
}

export type WalkInEvent =
  | { type: 'assign'; technicianId: number }
  | { type: 'unassign' }
  | { type: 'start'; technicianId?: number }
  | { type: 'finish' }
  | { type: 'leave' }
  | { type: 'noShow' }
  | { type: 'retry' }
  | { type: 'dismiss' };
