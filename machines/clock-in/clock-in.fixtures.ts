/** The board and answers the clock-in chart's tests share (its unit tests and its path tests). */
import type { BoardEmployee, ClockAnswer, ClockQueued } from './clock-in.types';

/** Anna (the signed-in staff member in most tests) is off, Binh working since 9:02, Chi on a break. */
export const anna: BoardEmployee = {
  id: 1,
  name: 'Anna Nguyen',
  is_technician: true,
  display_order: 2,
  checked_in: false,
  check_in_at: null,
  on_break: false,
};
export const binh: BoardEmployee = {
  id: 2,
  name: 'Binh Tran',
  is_technician: true,
  display_order: 1,
  checked_in: true,
  check_in_at: '2026-11-27T09:02:00.000Z',
  on_break: false,
};
export const chi: BoardEmployee = {
  id: 3,
  name: 'Chi Le',
  is_technician: false,
  display_order: 0,
  checked_in: true,
  check_in_at: '2026-11-27T08:30:00.000Z',
  on_break: true,
};
export const BOARD: BoardEmployee[] = [chi, anna, binh];

/** Anna clocked in at 9:05. */
export const annaIn: ClockAnswer = {
  user_id: 1,
  name: 'Anna Nguyen',
  action: 'check_in',
  status: 'working',
  working_time: {
    id: 40,
    user_id: 1,
    store_id: 1,
    date_work: '2026-11-27',
    check_in_at: '2026-11-27T09:05:00.000Z',
    check_out_at: null,
    breaks: [],
    worked_minutes: 0,
  },
};

export const queued: ClockQueued = { offline: true, requestId: 'q-1' };

export const wrongPin = {
  status: 422,
  kind: 'http',
  code: 'wrong_pin',
  message: 'The PIN is not correct. 4 tries left before PIN entry is locked.',
  errors: { pin: ['The PIN is not correct.'] },
  details: { tries_left: 4 },
};
export const pinLocked = { status: 429, kind: 'http', code: 'pin_locked', message: 'PIN entry is locked.' };
export const alreadyIn = {
  status: 409,
  kind: 'http',
  code: 'already_checked_in',
  message: 'This employee is already clocked in.',
};
