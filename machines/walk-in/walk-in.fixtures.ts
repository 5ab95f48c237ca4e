/** Answers the walk-in chart's tests share (its unit tests and its path tests). */
import type { Turn } from '../../src/domain/order.types';
import type { WalkInActOutput } from './walk-in.types';

/** Walk-in 5's service: a gel manicure with Binh (2). */
export const TURN: Turn = {
  id: 5,
  employee: { id: 2, name: 'Binh Tran' },
  service: { id: 100, service_name: 'Gel manicure', taxes: '8.5', unit_price: 3500 },
};

export const assignedToBinh: WalkInActOutput = {
  stage: 'assigned',
  technicianId: 2,
  turn: null,
  version: 2,
  services: [],
};
export const startedWithBinh: WalkInActOutput = {
  stage: 'in_service',
  technicianId: 2,
  turn: TURN,
  version: 3,
  services: [],
};
export const inServiceNoTurn: WalkInActOutput = {
  stage: 'in_service',
  technicianId: 2,
  turn: null,
  version: 2,
  services: [],
};
export const waitingAgain: WalkInActOutput = {
  stage: 'waiting',
  technicianId: null,
  turn: null,
  version: 2,
  services: [],
};
export const finished: WalkInActOutput = {
  stage: 'done',
  technicianId: 2,
  turn: null,
  version: 2,
  services: [],
};
export const leftQueue: WalkInActOutput = {
  stage: 'left',
  technicianId: null,
  turn: null,
  version: 2,
  services: [],
};
export const noShowed: WalkInActOutput = {
  stage: 'no_show',
  technicianId: null,
  turn: null,
  version: 2,
  services: [],
};

/** Another desk moved the walk-in first: 409 with a code. */
export const staleMove = {
  status: 409,
  kind: 'http',
  code: 'walk_in_stale',
  message: 'The walk-in changed since the screen showed it.',
};
