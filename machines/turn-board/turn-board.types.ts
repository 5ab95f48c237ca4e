import type { TurnBoard, TurnServiceView } from '../../src/contracts/turn-system';
import type { ResourceError } from '../resource/resource.types';

/** What a load brings: the board and the services a turn can be given for. */
export interface BoardLoad {
  board: TurnBoard;
  services: readonly TurnServiceView[];
}

/**
 * One act of the desk, as the app's `act` actor sends it (src/server/routes/turn-system). A manager's act carries
 * the PIN typed for it: it goes from the event to the call and is never kept in the context.
 */
export type TurnCommand =
  | { kind: 'take'; technicianId: number | null; serviceId: number | null; requested: boolean }
  | { kind: 'finish'; turnId: number }
  | { kind: 'cancel'; turnId: number }
  | { kind: 'skip'; technicianId: number; cancel: boolean }
  | { kind: 'bonus'; technicianId: number; count: number; reason: string; pin: string }
  | { kind: 'reorder'; technicianId: number; position: number; reason: string; pin: string };

export type TurnCommandKind = TurnCommand['kind'];

/** What the app's `act` answers: which act went through, and for whom (a take's technician as the server chose). */
export interface ActDone {
  kind: TurnCommandKind;
  technicianId: number | null;
}

/** A failure as the screen reads it: the resource chart's reading, plus the turn problem of a 409. */
export interface TurnError extends ResourceError {
  /** `details.problem` of a 409 turn_refused (TURN_PROBLEMS of src/contracts/turn-system.ts). */
  problem: string | null;
}

export interface TurnBoardContext {
  board: TurnBoard | null;
  services: readonly TurnServiceView[];
  /** Technicians whose chart (machines/technician) is spawned, as `technician-<id>`. */
  spawned: readonly number[];
  /** The service the next turn is for; null: any (counts full). */
  serviceId: number | null;
  /** The last act's failure (a refusal, a wrong PIN...); the board is loaded again after it. */
  error: TurnError | null;
  /** The last load's failure. */
  failure: TurnError | null;
  /** The last act that went through, for the screen's confirmation. */
  done: ActDone | null;
}

export type TurnBoardEvent =
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'connection.online' }
  | { type: 'service.choose'; serviceId: number | null }
  | { type: 'turn.take'; technicianId: number | null; requested?: boolean }
  | { type: 'turn.finish'; turnId: number }
  | { type: 'turn.cancel'; turnId: number }
  | { type: 'skip'; technicianId: number }
  | { type: 'skip.cancel'; technicianId: number }
  | { type: 'bonus.grant'; technicianId: number; count: number; reason: string; pin: string }
  | { type: 'reorder'; technicianId: number; position: number; reason: string; pin: string };
