/**
 * The turn board chart (machines/turn-board) with its real calls (docs/turns.md "On the server and the screens"):
 * a load is GET /api/pos/turn-system and GET /api/pos/turn-system/services together; each act is one write with
 * its own Idempotency-Key (one tap, one intent: a retried take answers the first turn, never gives a second).
 * A manager's act first checks the PIN typed for it (POST /api/role-by-code) and sends the approval it gets as
 * X-Pin-Approval (ADR 006); the PIN goes nowhere else.
 */
import { fromPromise } from 'xstate';
import { turnBoardMachine } from '../../../../machines/turn-board/turn-board.machine';
import type { ActDone, BoardLoad, TurnCommand } from '../../../../machines/turn-board/turn-board.types';
import type { TurnBoard, TurnEntry, TurnServiceView } from '../../../contracts/turn-system';
import { api } from '../../lib/api/api';
import { checkPin } from '../../lib/api/auth-api';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';

const BASE = '/pos/turn-system';

export async function loadTurnBoard(signal?: AbortSignal): Promise<BoardLoad> {
  const options = { skipNotice: true, skipLoading: true, signal };
  const [board, services] = await Promise.all([
    api.get<TurnBoard>(BASE, options),
    api.get<{ items: TurnServiceView[] }>(`${BASE}/services`, options),
  ]);
  return { board, services: services.items };
}

function write<T>(
  path: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
  pinApproval?: string,
): Promise<T> {
  return api.post<T>(path, body, {
    idempotencyKey: newIdempotencyKey(),
    skipNotice: true,
    signal,
    ...(pinApproval ? { pinApproval } : {}),
  });
}

async function managerApproval(pin: string, signal?: AbortSignal): Promise<string> {
  const answer = await checkPin(pin, { signal });
  return answer.approval;
}

export async function actOnTurns(command: TurnCommand, signal?: AbortSignal): Promise<ActDone> {
  switch (command.kind) {
    case 'take': {
      const entry = await write<TurnEntry>(
        BASE,
        {
          ...(command.technicianId !== null ? { technician_id: command.technicianId } : {}),
          service_id: command.serviceId,
          requested: command.requested,
        },
        signal,
      );
      return { kind: 'take', technicianId: entry.technician_id };
    }
    case 'finish': {
      const entry = await write<TurnEntry>(`${BASE}/${command.turnId}`, { action: 'finish' }, signal);
      return { kind: 'finish', technicianId: entry.technician_id };
    }
    case 'cancel': {
      const entry = await api.delete<TurnEntry>(`${BASE}/${command.turnId}`, {
        idempotencyKey: newIdempotencyKey(),
        skipNotice: true,
        signal,
      });
      return { kind: 'cancel', technicianId: entry.technician_id };
    }
    case 'skip':
      await write(`${BASE}/skip`, { technician_id: command.technicianId, cancel: command.cancel }, signal);
      return { kind: 'skip', technicianId: command.technicianId };
    case 'bonus': {
      const approval = await managerApproval(command.pin, signal);
      const body = { technician_id: command.technicianId, count: command.count, reason: command.reason };
      await write(`${BASE}/bonus`, body, signal, approval);
      return { kind: 'bonus', technicianId: command.technicianId };
    }
    case 'reorder': {
      const approval = await managerApproval(command.pin, signal);
      const body = {
        technician_id: command.technicianId,
        position: command.position,
        reason: command.reason,
      };
      await write(`${BASE}/reorder`, body, signal, approval);
      return { kind: 'reorder', technicianId: command.technicianId };
    }
  }
}

export function turnBoardLogic() {
  return turnBoardMachine.provide({
    actors: {
      loadBoard: fromPromise(({ signal }) => loadTurnBoard(signal)),
      act: fromPromise(({ input, signal }: { input: TurnCommand; signal: AbortSignal }) =>
        actOnTurns(input, signal),
      ),
    },
  });
}
