import type { LiveChange, TvBoard } from '../../src/contracts/live';

export const STORE_ID = 3;

export function board(seq: number, names: string[] = []): TvBoard {
  return {
    store: { id: STORE_ID, name: 'Downtown' },
    business_date: '2026-11-27',
    waiting: names.map((name, index) => ({
      id: index + 1,
      name,
      position: index + 1,
      status: 'waiting',
      technician: null,
      checked_in_at: '2026-11-27T10:00:00.000Z',
    })),
    next: [],
    technicians: [],
    turns: [],
    seq,
  };
}

export function change(seq: number, names: string[] = []): LiveChange {
  return {
    seq,
    store_id: STORE_ID,
    topic: 'walk_ins',
    ids: [seq],
    version: 1,
    truncated: false,
    board: board(seq, names),
  };
}
