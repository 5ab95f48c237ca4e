import type { Turn } from '../../src/domain/order.types';
import type { ResourceError } from '../resource/resource.types';

/**
 * Where one walk-in stands (docs/front-desk.md "The walk-in queue"; docs/architecture.md#statecharts "walk-in
 * (waiting, assigned, in service, done, left)"), no-show apart from left: a customer who left after waiting
 * and one who never came back when called are told apart in the day's numbers.
 */
export type WalkInStage = 'waiting' | 'assigned' | 'in_service' | 'done' | 'left' | 'no_show';

/** What the desk does to a walk-in. */
export type WalkInAction = 'assign' | 'start' | 'finish' | 'leave' | 'noShow';

export interface WalkInInput {
  id: number;
  stage: WalkInStage;
  /** The technician already assigned (stage assigned or later); null otherwise. */
  technicianId?: number | null;
}

/** What the app's act call is given. */
export interface WalkInActInput {
  id: number;
  action: WalkInAction;
  /** assign: the technician. */
  technicianId: number | null;
}

/**
 * The answer: the walk-in's stage after the action and, for start, the turn to attach to the new sale (the sale
 * machine's turn.add: its technician and service line; docs/sales.md#editing-the-order).
 */
export interface WalkInActOutput {
  stage: WalkInStage;
  technicianId: number | null;
  turn: Turn | null;
}

export interface WalkInContext {
  id: number;
  stage: WalkInStage;
  technicianId: number | null;
  /** The action running or last failed; null when none. */
  pending: WalkInAction | null;
  /** assign: the technician asked for while the call runs. */
  pendingTechnicianId: number | null;
  turn: Turn | null;
  error: ResourceError | null;
}

export type WalkInEvent =
  | { type: 'assign'; technicianId: number }
  | { type: 'start' }
  | { type: 'finish' }
  | { type: 'leave' }
  | { type: 'noShow' }
  | { type: 'retry' }
  | { type: 'dismiss' };
