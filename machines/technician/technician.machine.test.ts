import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { technicianMachine } from './technician.machine';
import {
  selectCanCancelSkip,
  selectCanFinish,
  selectCanSkip,
  selectCanTake,
  selectInQueue,
  selectTechnicianState,
} from './technician.selectors';
import type { TechnicianInput } from './technician.types';

const start = (state: TechnicianInput['state']) =>
  createActor(technicianMachine, { input: { technicianId: 7, state } }).start();

describe('technician chart', () => {
  it.each(['off', 'available', 'busy', 'break', 'skipping'] as const)(
    'starts where the board says: %s',
    (state) => {
      expect(selectTechnicianState(start(state).getSnapshot())).toBe(state);
    },
  );

  it('offers a turn only to who can take one, and finish only while busy', () => {
    const ann = start('available');
    expect(selectCanTake(ann.getSnapshot())).toBe(true);
    expect(selectCanFinish(ann.getSnapshot())).toBe(false);
    ann.send({ type: 'take' });
    expect(selectTechnicianState(ann.getSnapshot())).toBe('busy');
    expect(selectCanTake(ann.getSnapshot())).toBe(false);
    expect(selectCanSkip(ann.getSnapshot())).toBe(false);
    ann.send({ type: 'finish' });
    expect(selectTechnicianState(ann.getSnapshot())).toBe('available');
  });

  it('skips once and takes the skip back; an off technician is out of the queue', () => {
    const bea = start('available');
    bea.send({ type: 'skip' });
    expect(selectTechnicianState(bea.getSnapshot())).toBe('skipping');
    expect(selectCanCancelSkip(bea.getSnapshot())).toBe(true);
    bea.send({ type: 'skip.cancel' });
    expect(selectCanSkip(bea.getSnapshot())).toBe(true);
    bea.send({ type: 'board.sync', state: 'off' });
    expect(selectInQueue(bea.getSnapshot())).toBe(false);
    expect(selectCanTake(bea.getSnapshot())).toBe(false);
  });

  it('follows the board from anywhere, the server being the truth', () => {
    const cat = start('busy');
    cat.send({ type: 'board.sync', state: 'break' });
    expect(selectTechnicianState(cat.getSnapshot())).toBe('break');
    cat.send({ type: 'take' });
    expect(selectTechnicianState(cat.getSnapshot())).toBe('busy');
    cat.send({ type: 'board.sync', state: 'skipping' });
    expect(selectTechnicianState(cat.getSnapshot())).toBe('skipping');
  });
});
