/** The drawer and answers the cash drawer chart's tests share (its unit tests and its path tests). */
import type { DrawerSession, DrawerState } from '../../src/contracts/cash-drawer';
import type { DrawerQueued } from './cash-drawer.types';

export const openSession: DrawerSession = {
  id: 7,
  workstation_id: 1,
  workstation_name: 'Front desk',
  status: 'open',
  opened_at: '2026-11-27T09:00:00.000Z',
  opened_by_name: 'Anna Nguyen',
  opening_count: { bill_20: 5 },
  expected_opening: 10000,
  closed_at: null,
  closed_by_name: null,
  closing_count: null,
  counted: null,
  over_short: null,
  approved_by_name: null,
  expected: {
    opening_float: 10000,
    cash_taken: 5000,
    change_given: 2000,
    net_cash_sales: 3000,
    pay_ins: 0,
    pay_outs: 0,
    drops: 0,
    tip_outs: 0,
    cash_refunds: 0,
    expected: 13000,
  },
  movements: [],
};

export const closedSession: DrawerSession = {
  ...openSession,
  status: 'closed',
  closed_at: '2026-11-27T18:00:00.000Z',
  closed_by_name: 'Anna Nguyen',
  closing_count: { bill_100: 1, bill_20: 1 },
  counted: 12000,
  over_short: -1000,
  approved_by_name: 'Mai Pham',
};

export const drawerClosed: DrawerState = {
  session: null,
  expected_opening: 10000,
  tolerance: 500,
  required: true,
};
export const drawerOpen: DrawerState = { ...drawerClosed, session: openSession };

export const queued: DrawerQueued = { offline: true, requestId: 'q-1' };

export const managerRequired = {
  status: 403,
  kind: 'http',
  code: 'drawer_manager_required',
  message: 'A manager is needed.',
  details: { over_short: -1000, tolerance: 500 },
};
export const alreadyOpen = {
  status: 409,
  kind: 'http',
  code: 'drawer_already_open',
  message: 'Already open.',
};
export const wrongPin = { status: 422, kind: 'http', code: 'wrong_pin', message: 'Wrong PIN.' };
