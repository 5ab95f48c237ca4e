import type { ResourceError } from '../resource/resource.types';
import type { WalkInStage } from '../walk-in/walk-in.types';

/** One walk-in as the desk's queue shows it (the app maps the API's rows to this). */
export interface QueueWalkIn {
  id: number;
  /** The walk-in's version as loaded: its moves send it back (a move on a stale view is refused). */
  version: number;
  customer_name: string;
  title: string | null;
  telephone: string | null;
  stage: WalkInStage;
  /** The technician the customer asked for; null = anyone. */
  requested_id: number | null;
  requested_name: string | null;
  /** The technician assigned (assigned or in service); null otherwise. */
  technician_id: number | null;
  technician_name: string | null;
  services: Array<{ id: number; name: string }>;
  notes: string | null;
  checked_in_at: string;
}

/** The queue grouped by the technician asked for, as the API groups it ('any' for no one in particular). */
export interface QueueGroup {
  key: string;
  employee: { id: number; name: string } | null;
  items: QueueWalkIn[];
}

/**
 * A technician the assign dialog offers: the turn system's suggestion first with its reason, when the store
 * has one (docs/turns.md), then the others on shift.
 */
export interface QueueTechnician {
  id: number;
  name: string;
  suggested: boolean;
  /** The turn system's reason code for the suggestion (docs/turns.md); null when none was given. */
  reason: string | null;
}

export interface QueueView {
  groups: QueueGroup[];
  technicians: QueueTechnician[];
  /** Whether the order of technicians came from the turn system (false: the checked-in list's order). */
  fromTurnSystem: boolean;
  /** The store's services, for the register form's list. */
  services: Array<{ id: number; name: string }>;
}

export interface WalkInQueueContext {
  view: QueueView | null;
  /** The last load's failure; kept while the old queue is still shown after a failed reload. */
  failure: ResourceError | null;
}

export type WalkInQueueEvent =
  { type: 'reload' } | { type: 'retry' } | { type: 'live.changed' } | { type: 'connection.online' };
