import type { WorkingDay } from '../../src/contracts/working-times';
import type { PinApproval } from '../pin-check/pin-check.types';

/** Mai's Friday in New York: 9:00 to 17:00 store time, lunch 12:00 to 12:30 (EST, UTC-5). */
export const maiFriday: WorkingDay = {
  user_id: 7,
  name: 'Mai Tran',
  date_work: '2026-11-20',
  shifts: [
    {
      id: 41,
      check_in_at: '2026-11-20T14:00:00.000Z',
      check_out_at: '2026-11-20T22:00:00.000Z',
      break_minutes: 30,
      worked_minutes: 450,
      breaks: [{ started_at: '2026-11-20T17:00:00.000Z', ended_at: '2026-11-20T17:30:00.000Z' }],
    },
  ],
  worked_minutes: 450,
  break_minutes: 30,
};

export const TIME_ZONE = 'America/New_York';
/** A week later: the Friday is a past day. */
export const NOW = '2026-11-27T15:00:00.000Z';

export const managerApproval: PinApproval = {
  role: 'manager',
  name: 'Dana Manager',
  user_id: 3,
  approval: 'approval-token',
  approval_expires_at: '2026-11-27T15:05:00.000Z',
};
