import type { TechnicianState } from '../../src/contracts/turn-system';

/** Where the board said she stands when her chart starts (GET /api/pos/turn-system, `state`). */
export interface TechnicianInput {
  technicianId: number;
  state: TechnicianState;
}

export interface TechnicianContext {
  technicianId: number;
  /** The state the board gave at the start, read once by the `starting` step. */
  initial: TechnicianState;
}

/**
 * `board.sync` is the board's word after every load (the server's ledger is the truth); the others are what the
 * desk does on her row, shown at once and confirmed (or corrected) by the next sync.
 */
export type TechnicianEvent =
  | { type: 'board.sync'; state: TechnicianState }
  | { type: 'take' }
  | { type: 'finish' }
  | { type: 'skip' }
  | { type: 'skip.cancel' };
