import type { BoardTechnician, TurnBoard } from '../../src/contracts/turn-system';
import type { ActDone, BoardLoad } from './turn-board.types';

const tech = (
  id: number,
  name: string,
  position: number | null,
  state: BoardTechnician['state'],
): BoardTechnician => ({
  technician_id: id,
  name,
  state,
  position,
  available: state === 'available',
  counted_turns: 0,
  uncounted_turns: 0,
  bonus_left: 0,
  bonus_used: 0,
  queued_since: position === null ? null : '2026-03-02T09:02:00.000Z',
  ahead_of_next_by: null,
  reasons: [{ code: 'fewest_turns', turns: 0 }],
  current_turn: null,
});

export const BOARD: TurnBoard = {
  business_date: '2026-03-02',
  at: '2026-03-02T10:00:00.000Z',
  technicians: [tech(1, 'Anna', 1, 'available'), tech(2, 'Bella', 2, 'busy'), tech(3, 'Chloe', null, 'off')],
  next: { technician_id: 1, uses_bonus: false },
};

export const LOAD: BoardLoad = {
  board: BOARD,
  services: [{ id: 10, name: 'Gel manicure', price: 3_500, turn_value: 'full' }],
};

/** After Anna takes a turn: she is busy, Bella is free. */
export const LOAD_AFTER_TAKE: BoardLoad = {
  ...LOAD,
  board: {
    ...BOARD,
    technicians: [
      tech(2, 'Bella', 1, 'available'),
      tech(1, 'Anna', 2, 'busy'),
      tech(3, 'Chloe', null, 'off'),
    ],
    next: { technician_id: 2, uses_bonus: false },
  },
};

export const TOOK: ActDone = { kind: 'take', technicianId: 1 };

/** A 409 turn_refused: she is busy. */
export const refusedBusy = {
  status: 409,
  kind: 'http',
  code: 'turn_refused',
  message: 'This technician is busy with a customer.',
  details: { problem: 'busy' },
};
