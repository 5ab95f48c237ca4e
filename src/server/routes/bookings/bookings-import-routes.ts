/**
 * POST /api/pos/bookingAppt/import (docs/appointments.md#import): a CSV of bookings, one booking with one
 * service line per row, in the back office's import dialect (docs/back-office.md "Import": multipart `file`
 * spooled to disk, `mode` dry_run | commit). The work is src/server/services/bookings-import.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { SessionAccess } from '../../auth/access';
import { z } from 'zod';
import { BOOKING_PATHS, bookingImportResultSchema } from '../../../contracts/bookings';
import { IMPORT_MODES, MAX_IMPORT_BYTES } from '../../../contracts/resource';
import { requireAuth } from '../../auth-context';
import { SpooledFile } from '../../resources/upload-spool';
import { route } from '../../route';
import { importBookings } from '../../services/bookings-import';

/** `access`: the book's write access (bookings-routes.ts registers this route with it). */
export function registerBookingImportRoute(app: FastifyInstance, access: SessionAccess): void {
  route(app, {
    method: 'POST',
    url: BOOKING_PATHS.import,
    summary: 'Bookings from a CSV file (multipart: file, mode dry_run | commit; all rows or none)',
    description:
      'Columns: customer_name, telephone, customer_id, date (YYYY-MM-DD), time (HH:MM, store clock), service ' +
      '(name or id), technician (username, name or id; blank = unassigned), duration_minutes, notes, status ' +
      '(booked | confirmed). One row = one booking with one line. Each row is checked as a create is ' +
      '(catalog, technician, working hours, no double booking, also against earlier rows); errors are listed ' +
      'per row and column. A dry run writes nothing; a commit with any bad row is 422 with the same answer ' +
      'in details and writes nothing.',
    tags: ['pos'],
    access,
    idempotency: { required: true },
    config: {
      spoolUploads: true,
      multipartOptions: { limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } },
    },
    body: z.object({
      mode: z.enum(IMPORT_MODES),
      file: z
        .custom<SpooledFile>((v) => v instanceof SpooledFile, 'Choose a CSV file.')
        // How the OpenAPI document shows a file part (a custom type has no JSON Schema of its own).
        .meta({ type: 'string', format: 'binary' }),
    }),
    data: bookingImportResultSchema,
    handler: ({ body, db, request }) => importBookings(db, requireAuth(request), body.file, body.mode),
  });
}
