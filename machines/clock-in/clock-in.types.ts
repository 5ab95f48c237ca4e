import type { CheckInOutResponse, EmployeeView } from '../../src/contracts/employees';
import type { ClockAction, ClockStatus } from '../../src/domain/clock';
import type { Role } from '../../src/domain/constants';
import type { ResourceError } from '../resource/resource.types';

/** Who is at the tablet: the signed-in person (the auth actor's user and role). */
export interface ClockInInput {
  callerId: number;
  callerRole: Role;
}

/** What the board needs of an employee (GET /api/pos/employees, src/contracts/employees.ts employeeSchema). */
export type BoardEmployee = Pick<
  EmployeeView,
  'id' | 'name' | 'is_technician' | 'display_order' | 'checked_in' | 'check_in_at' | 'on_break'
>;

/** One tile of the board: the employee and where they stand (src/domain/clock.ts clockStatus). */
export interface BoardPerson {
  id: number;
  name: string;
  isTechician: boolean;
  status: ClockStatus;
  /** When they clocked in (ISO), while they are on shift; null when off. */
  since: string | null;
}

/** What the app's clock actor is given. The PIN only when one is needed, taken from the event, never kept. */
export interface ClockCallInput {
  userId: number;
  action: ClockAction;
  pin?: string;
}

/** What the answer needs (POST /api/pos/employees/check-in-out, checkInOutResponseSchema). */
export type ClockAnswer = Pick<CheckInOutResponse, 'user_id' | 'name' | 'action' | 'status' | 'working_time'>;

/**
 * The request queue's receipt for a write the server could not get (docs/offline.md#the-queue: a synthetic
 * answer with offline true and a requestId): stored on this till and sent when the connection returns.
 */
export interface ClockQueued {
  offline: true;
  requestId: string;
}

export type ClockOutput = ClockAnswer | ClockQueued;

/** A failure as the screen reads it: the resource chart's reading, plus the tries a wrong PIN leaves. */
export interface ClockError extends ResourceError {
  /** A wrong PIN's `details.tries_left`: how many more wrong PINs lock PIN entry; null when not said. */
  triesLeft: number | null;
}

/** The last action done, for the success message ("Anna Nguyen clocked in at 9:02 AM"). */
export interface ClockDone {
  name: string;
  action: ClockAction;
  /** When the server says it happened (ISO). */
  at: string;
}

/** An action the offline queue took: it is sent when the connection returns. */
export interface ClockSavedOffline {
  name: string;
  action: ClockAction;
}

export interface ClockInContext {
  callerId: number;
  callerRole: Role;
  /** The board as last loaded; kept while a reload runs and when one fails. */
  employees: readonly BoardEmployee[];
  /** The person whose tile was tapped; null on the board. */
  chosenId: number | null;
  /** The action chosen for them; null until one is. */
  action: ClockAction | null;
  /** The last clock call's failure (a wrong PIN, a refusal, a lost connection...). */
  error: ClockError | null;
  /** The last board load's failure (the first load's, or a reload's while the old board stays). */
  failure: ClockError | null;
  done: ClockDone | null;
  savedOffline: ClockSavedOffline | null;
}

export type ClockInEvent =
  | { type: 'retry' }
  | { type: 'connection.online' }
  | { type: 'person.choose'; id: number }
  | { type: 'action.choose'; action: ClockAction }
  | { type: 'pin.submit'; pin: string }
  | { type: 'cancel' };
