import { describe, expect, it } from 'vitest';
import {
  allowedWalkInActions,
  canMoveWalkIn,
  isFinalWalkInStatus,
  moveWalkIn,
  WALK_IN_ACTION_VALUES,
  WALK_IN_MOVE_ERROR,
  WALK_IN_STATUS_VALUES,
  walkInStatusFromLegacy,
} from './walk-in-status';

describe('walk-in lifecycle', () => {
  it('follows the chart: waiting → assigned → in service → done', () => {
    expect(moveWalkIn('waiting', 'assign', 7)).toEqual({ ok: true, status: 'assigned' });
    expect(moveWalkIn('assigned', 'start', 7)).toEqual({ ok: true, status: 'in_service' });
    expect(moveWalkIn('in_service', 'finish', 7)).toEqual({ ok: true, status: 'done' });
  });

  it('starts a waiting walk-in straight away when a technician is named, and not without one', () => {
    expect(moveWalkIn('waiting', 'start', 3)).toEqual({ ok: true, status: 'in_service' });
    expect(moveWalkIn('waiting', 'start', null)).toEqual({
      ok: false,
      code: WALK_IN_MOVE_ERROR.TECHNICIAN_REQUIRED,
    });
  });

  it('lets a customer leave or be a no-show until the service starts, never after', () => {
    for (const status of ['waiting', 'assigned'] as const) {
      expect(moveWalkIn(status, 'leave', 1)).toEqual({ ok: true, status: 'left' });
      expect(moveWalkIn(status, 'no_show', 1)).toEqual({ ok: true, status: 'no_show' });
    }
    expect(moveWalkIn('in_service', 'leave', 1)).toEqual({ ok: false, code: WALK_IN_MOVE_ERROR.NOT_ALLOWED });
  });

  it('hands an assigned walk-in over or back to the queue', () => {
    expect(moveWalkIn('assigned', 'assign', 9)).toEqual({ ok: true, status: 'assigned' });
    expect(moveWalkIn('assigned', 'unassign')).toEqual({ ok: true, status: 'waiting' });
    expect(moveWalkIn('waiting', 'unassign')).toEqual({ ok: false, code: WALK_IN_MOVE_ERROR.NOT_ALLOWED });
  });

  it('refuses every move of a finished walk-in as closed', () => {
    for (const status of ['done', 'left', 'no_show'] as const) {
      expect(isFinalWalkInStatus(status)).toBe(true);
      for (const action of WALK_IN_ACTION_VALUES) {
        expect(moveWalkIn(status, action, 1)).toEqual({ ok: false, code: WALK_IN_MOVE_ERROR.CLOSED });
      }
    }
  });

  it('offers exactly the moves it accepts', () => {
    for (const status of WALK_IN_STATUS_VALUES) {
      for (const action of WALK_IN_ACTION_VALUES) {
        const accepted = moveWalkIn(status, action, 1).ok;
        expect(canMoveWalkIn(status, action), `${status} ${action}`).toBe(accepted);
        expect(allowedWalkInActions(status).includes(action)).toBe(accepted);
      }
    }
  });

  it('reads the old statuses as the migration mapped them', () => {
    expect(walkInStatusFromLegacy('served')).toBe('done');
    expect(walkInStatusFromLegacy('cancelled')).toBe('left');
    expect(walkInStatusFromLegacy('assigned')).toBe('assigned');
  });
});
