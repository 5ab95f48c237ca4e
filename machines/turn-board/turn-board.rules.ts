/** How the turn board chart reads failures and turns its events into the desk's commands. */
import { toResourceError } from '../resource/resource.rules';
import type { TurnBoardEvent, TurnCommand, TurnError } from './turn-board.types';

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

export function toTurnError(error: unknown): TurnError {
  const problem = record(record(error)?.details)?.problem;
  return { ...toResourceError(error), problem: typeof problem === 'string' ? problem : null };
}

export function isOfflineFailure(error: unknown): boolean {
  return toResourceError(error).kind === 'offline';
}

/** The command an event asks for; the service of a take is the one chosen on the board. */
export function commandOf(event: TurnBoardEvent, serviceId: number | null): TurnCommand | null {
  switch (event.type) {
    case 'turn.take':
      return {
        kind: 'take',
        technicianId: event.technicianId,
        serviceId,
        requested: event.requested ?? false,
      };
    case 'turn.finish':
      return { kind: 'finish', turnId: event.turnId };
    case 'turn.cancel':
      return { kind: 'cancel', turnId: event.turnId };
    case 'skip':
      return { kind: 'skip', technicianId: event.technicianId, cancel: false };
    case 'skip.cancel':
      return { kind: 'skip', technicianId: event.technicianId, cancel: true };
    case 'bonus.grant':
      return {
        kind: 'bonus',
        technicianId: event.technicianId,
        count: event.count,
        reason: event.reason,
        pin: event.pin,
      };
    case 'reorder':
      return {
        kind: 'reorder',
        technicianId: event.technicianId,
        position: event.position,
        reason: event.reason,
        pin: event.pin,
      };
    default:
      return null;
  }
}
