import { describeMachinePaths } from '../../tests/support/machine-paths';
import { technicianMachine } from './technician.machine';
import type { TechnicianEvent } from './technician.types';

const events = [
  { type: 'board.sync', state: 'off' },
  { type: 'board.sync', state: 'available' },
  { type: 'board.sync', state: 'busy' },
  { type: 'board.sync', state: 'break' },
  { type: 'board.sync', state: 'skipping' },
  { type: 'take' },
  { type: 'finish' },
  { type: 'skip' },
  { type: 'skip.cancel' },
] satisfies TechnicianEvent[];

// Each start is one state the board can give her when her row appears.
describeMachinePaths(technicianMachine, {
  events,
  starts: (['off', 'available', 'busy', 'break', 'skipping'] as const).map((state) => ({
    name: `starting ${state}`,
    input: { technicianId: 7, state },
  })),
  facts: () => null,
  compareContext: false,
  minimal: true,
});
