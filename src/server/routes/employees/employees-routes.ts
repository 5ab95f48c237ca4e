/**
 * POS employees (docs/front-desk.md clock in and out, docs/sales.md#the-sale-screen sale screen;
 * docs/front-desk.md /pos/employees, /pos/employees/checked-in, /pos/employees/check-in-out). Services:
 * src/server/services/employees.ts. Schemas: src/contracts/employees.ts.
 *
 * Access: the lists need the Sale module readable (the sale screen shows them); clocking in and out needs it
 * writable: it is done at the till, by the front desk (staff has the Sale module), and it changes data.
 * Clocking someone else also needs their PIN unless the caller is a manager, admin or owner (service).
 */
import { SALE_READ, SALE_WRITE } from '../../auth/access';
import type { FastifyInstance } from 'fastify';
import {
  checkedInEmployeeSchema,
  checkedInQuery,
  checkInOutBody,
  checkInOutResponseSchema,
  employeeListQuery,
  employeeSchema,
} from '../../../contracts/employees';
import { pageSchema } from '../../../contracts/envelope';
import type { ClockAction } from '../../../domain/clock';
import { requireAuth } from '../../auth-context';
import { respond, route } from '../../route';
import { checkInOut, listCheckedIn, listEmployees } from '../../services/employees';

const TAGS = ['pos'];

const CLOCK_MESSAGE: Readonly<Record<ClockAction, string>> = {
  check_in: 'Clocked in.',
  break_start: 'Break started.',
  break_end: 'Break ended.',
  check_out: 'Clocked out.',
};

export function registerEmployeeRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/pos/employees',
    summary: "The store's active employees, technicians first (filter name, is_technician)",
    tags: TAGS,
    access: SALE_READ,
    querystring: employeeListQuery,
    data: pageSchema(employeeSchema),
    handler: ({ db, query, request }) => listEmployees(db, requireAuth(request), query),
  });

  route(app, {
    method: 'GET',
    url: '/api/pos/employees/checked-in',
    summary: 'Employees clocked in now, first checked in first (filter, sort, date_range, paging)',
    tags: TAGS,
    access: SALE_READ,
    querystring: checkedInQuery,
    data: pageSchema(checkedInEmployeeSchema),
    handler: ({ db, query, request }) => listCheckedIn(db, requireAuth(request), query),
  });

  route(app, {
    method: 'POST',
    url: '/api/pos/employees/check-in-out',
    summary:
      'Check an employee in or out, or start or end a break (action); without one, in when off, else out. PIN needed to clock someone else',
    tags: TAGS,
    access: SALE_WRITE,
    // A replayed toggle would undo itself: a retry with the same key gets the first answer instead.
    idempotency: { required: false },
    body: checkInOutBody,
    data: checkInOutResponseSchema,
    handler: async ({ body, db, request }) => {
      const result = await checkInOut(db, requireAuth(request), body, { counterDb: request.server.db });
      return respond(result, { message: CLOCK_MESSAGE[result.action] });
    },
  });
}
