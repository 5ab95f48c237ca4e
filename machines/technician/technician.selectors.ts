/** View facts of one technician's row, derived from her chart's snapshot (never stored). */
import type { SnapshotFrom } from 'xstate';
import type { TechnicianState } from '../../src/contracts/turn-system';
import type { TechnicianMachine } from './technician.machine';

type Snapshot = SnapshotFrom<TechnicianMachine>;

export function selectTechnicianState(snapshot: Snapshot): TechnicianState {
  if (snapshot.matches('off')) return 'off';
  if (snapshot.matches('busy')) return 'busy';
  if (snapshot.matches('break')) return 'break';
  if (snapshot.matches({ available: 'skipping' })) return 'skipping';
  return 'available';
}

export const selectCanTake = (s: Snapshot): boolean => s.can({ type: 'take' });
export const selectCanFinish = (s: Snapshot): boolean => s.can({ type: 'finish' });
export const selectCanSkip = (s: Snapshot): boolean => s.can({ type: 'skip' });
export const selectCanCancelSkip = (s: Snapshot): boolean => s.can({ type: 'skip.cancel' });
/** A bonus and a move are for whoever is in the queue (clocked in). */
export const selectInQueue = (s: Snapshot): boolean => !s.matches('off') && !s.matches('starting');
