/**
 * One technician on the turn board (docs/turns.md "Who can take a turn"): what she is doing decides what the desk
 * may do on her row.
 *
 *   off        (clocked out: no place in the queue, nothing to do)
 *   available ─┬─ inLine  ──skip──▶ skipping ──skip.cancel──▶ inLine
 *              └─ take ──▶ busy ──finish──▶ available
 *   break      (the clock's; a turn given by hand ends it: take ──▶ busy)
 *
 * `board.sync` moves her to the state the server's board says, from anywhere: the clock (clock in, out, breaks)
 * and the other tills change her state without this chart seeing it, and the ledger is the truth. The desk's
 * own acts (take, finish, skip) move her at once, so the row answers the tap before the board comes back.
 */
import { setup } from 'xstate';
import type { TechnicianContext, TechnicianEvent, TechnicianInput } from './technician.types';

const SYNC = {
  'board.sync': [
    { guard: 'saysOff', target: '#technician.off' },
    { guard: 'saysBusy', target: '#technician.busy' },
    { guard: 'saysBreak', target: '#technician.break' },
    { guard: 'saysSkipping', target: '#technician.available.skipping' },
    { target: '#technician.available.inLine' },
  ],
} as const;

export const technicianMachine = setup({
  types: {
    context: {} as TechnicianContext,
    events: {} as TechnicianEvent,
    input: {} as TechnicianInput,
  },
  guards: {
    saysOff: ({ event }) => event.type === 'board.sync' && event.state === 'off',
    saysBusy: ({ event }) => event.type === 'board.sync' && event.state === 'busy',
    saysBreak: ({ event }) => event.type === 'board.sync' && event.state === 'break',
    saysSkipping: ({ event }) => event.type === 'board.sync' && event.state === 'skipping',
    startsOff: ({ context }) => context.initial === 'off',
    startsBusy: ({ context }) => context.initial === 'busy',
    startsOnBreak: ({ context }) => context.initial === 'break',
    startsSkipping: ({ context }) => context.initial === 'skipping',
  },
}).createMachine({
  id: 'technician',
  context: ({ input }) => ({ technicianId: input.technicianId, initial: input.state }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'startsOff', target: 'off' },
        { guard: 'startsBusy', target: 'busy' },
        { guard: 'startsOnBreak', target: 'break' },
        { guard: 'startsSkipping', target: 'available.skipping' },
        { target: 'available.inLine' },
      ],
    },
    off: { on: SYNC },
    available: {
      initial: 'inLine',
      on: { ...SYNC, take: 'busy' },
      states: {
        inLine: { on: { skip: 'skipping' } },
        skipping: { on: { 'skip.cancel': 'inLine' } },
      },
    },
    busy: { on: { ...SYNC, finish: 'available' } },
    break: { on: { ...SYNC, take: 'busy' } },
  },
});

export type TechnicianMachine = typeof technicianMachine;
