/**
 * POST /api/pos/bookingAppt/import (docs/appointments.md#import) on a real database: a good file makes its
 * bookings, a dry run writes nothing, bad cells are reported by row and column, a clash with the book or with
 * an earlier row of the file is a row's booking_conflict and a commit then writes nothing, cells are read as
 * text (a formula stays text), and dates and times are read on the store's clock.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_IMPORT_COLUMNS,
  BOOKING_PATHS,
  CUSTOMER_NAME_MESSAGE,
  DURATION_MESSAGE,
} from '../../../contracts/bookings';
import type { Booking, BookingImportResult } from '../../../contracts/bookings';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import {
  BOOKINGS_URL,
  bookingBody,
  bookingLine,
  bookingServices,
  bookingTechnician,
  setStoreTimeZone,
} from '../../../../tests/support/server/booking-fixtures';
import { csvFile, multipart } from '../../../../tests/support/server/resource-multipart';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { auditLog } from '../../db/schema/audit-log';
import { bookingLines, bookings } from '../../db/schema/bookings';
import {
  OUTSIDE_HOURS_MESSAGE,
  TECHNICIAN_UNAVAILABLE_MESSAGE,
  UNKNOWN_SERVICE_MESSAGE,
} from '../../services/booking-lines';
import { UNKNOWN_CUSTOMER_MESSAGE } from '../../services/bookings';
import {
  DATE_MESSAGE,
  IMPORT_REFUSED_MESSAGE,
  MAX_BOOKING_IMPORT_ROWS,
  TIME_MESSAGE,
  TOO_MANY_ROWS_MESSAGE,
  UNKNOWN_TECHNICIAN_MESSAGE,
} from '../../services/bookings-import';

const api = await apiHarness();

interface Salon {
  f: TenantFixture;
  /** Username `amy-<tenant>`, name Amy; the store's hours (09:00-19:00). */
  amy: number;
  /** Name Bo. */
  bo: number;
  manicure: number; // 45 minutes
  gel: number; // 60 minutes
}

async function salon(timeZone: string): Promise<Salon> {
  const f = await api.tenant();
  await setStoreTimeZone(api.db, f.store.id, timeZone);
  const amy = await bookingTechnician(api.db, f, 'Amy');
  const bo = await bookingTechnician(api.db, f, 'Bo');
  const [manicure, gel] = (await bookingServices(api.db, f, [
    { name: 'Manicure', price: 2500, durationMinutes: 45 },
    { name: 'Gel Polish', price: 4000, durationMinutes: 60 },
  ])) as [number, number];
  return { f, amy, bo, manicure, gel };
}

type Row = Partial<Record<(typeof BOOKING_IMPORT_COLUMNS)[number], unknown>>;

async function importFile(s: Salon, mode: string, content: string, key?: string) {
  const form = multipart({ mode }, { field: 'file', filename: 'bookings.csv', content });
  return api
    .as(s.f, 'staff')
    .post(BOOKING_PATHS.import, form.payload, { headers: form.headers, ...(key ? { key } : {}) });
}

const importRows = (s: Salon, mode: string, rows: readonly Row[]) =>
  importFile(s, mode, csvFile(BOOKING_IMPORT_COLUMNS, rows));

async function storedBookings(s: Salon) {
  return api.db
    .select({
      id: bookings.id,
      customerName: bookings.customerName,
      telephone: bookings.telephone,
      notes: bookings.notes,
      status: bookings.status,
      serviceName: bookingLines.serviceName,
      unitPrice: bookingLines.unitPrice,
      userId: bookingLines.userId,
      startsAt: bookingLines.startsAt,
      durationMinutes: bookingLines.durationMinutes,
    })
    .from(bookings)
    .innerJoin(bookingLines, eq(bookingLines.bookingId, bookings.id))
    .where(eq(bookings.tenantId, s.f.tenantId))
    .orderBy(asc(bookingLines.startsAt), asc(bookings.id));
}

/** A Monday; Asia/Ho_Chi_Minh is UTC+7 all year. */
const DAY = '2026-12-07';
let saigon: Salon;

beforeAll(async () => {
  saigon = await salon('Asia/Ho_Chi_Minh');
});

describe('a good file', () => {
  it('makes one booking with one line per row on the store clock, catalog copies, one audit row', async () => {
    const s = await salon('Asia/Ho_Chi_Minh');
    const username = `amy-${s.f.tenantCode.toLowerCase()}`;
    const rows: Row[] = [
      {
        customer_name: 'Lan',
        telephone: '0901 234 567',
        date: DAY,
        time: '09:00',
        service: 'manicure',
        technician: username,
      },
      {
        customer_name: 'Minh',
        date: DAY,
        time: '9:45',
        service: s.gel,
        technician: 'bo',
        status: 'confirmed',
      },
      {
        customer_name: 'Hoa',
        date: DAY,
        time: '11:00',
        service: 'Gel Polish',
        technician: String(s.amy),
        duration_minutes: 30,
        notes: 'Window seat',
      },
      { customer_name: 'Walk-up', date: DAY, time: '11:00', service: 'Manicure' },
    ];
    const res = await importRows(s, 'commit', rows);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toEqual({
      mode: 'commit',
      total_rows: 4,
      valid_rows: 4,
      error_rows: 0,
      imported: 4,
      errors: [],
    });
    const stored = await storedBookings(s);
    expect(stored.map((b) => ({ ...b, id: undefined, startsAt: b.startsAt.toISOString() }))).toEqual([
      expect.objectContaining({
        customerName: 'Lan',
        telephone: '0901234567',
        status: 'booked',
        serviceName: 'Manicure',
        unitPrice: 2500,
        userId: s.amy,
        startsAt: '2026-12-07T02:00:00.000Z',
        durationMinutes: 45,
      }),
      expect.objectContaining({
        customerName: 'Minh',
        status: 'confirmed',
        serviceName: 'Gel Polish',
        userId: s.bo,
        startsAt: '2026-12-07T02:45:00.000Z',
        durationMinutes: 60,
      }),
      expect.objectContaining({
        customerName: 'Hoa',
        notes: 'Window seat',
        userId: s.amy,
        startsAt: '2026-12-07T04:00:00.000Z',
        durationMinutes: 30,
      }),
      expect.objectContaining({
        customerName: 'Walk-up',
        userId: null,
        startsAt: '2026-12-07T04:00:00.000Z',
      }),
    ]);
    // The book shows them (the same read as the screen's).
    const book = await api
      .as(s.f, 'staff')
      .get(`${BOOKINGS_URL}?from=2026-12-06T17:00:00Z&to=2026-12-07T17:00:00Z`);
    expect((dataOf(book) as Booking[]).map((b) => b.customer_name).sort()).toEqual([
      'Hoa',
      'Lan',
      'Minh',
      'Walk-up',
    ]);

    const audits = await api.db
      .select({ entityId: auditLog.entityId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, s.f.tenantId), eq(auditLog.action, 'bookings.import')));
    expect(audits).toHaveLength(1);
    const ids = stored.map((b) => b.id).sort((x, y) => x - y);
    expect(audits[0]!.after).toMatchObject({ file: 'bookings.csv', rows: 4 });
    expect(
      (audits[0]!.after as { id_ranges: [number, number][] }).id_ranges
        .flatMap(([lo, hi]) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i))
        .sort((x, y) => x - y),
    ).toEqual(ids);
  });

  it('a dry run answers the same counts and writes nothing', async () => {
    const s = await salon('Asia/Ho_Chi_Minh');
    const rows: Row[] = [
      { customer_name: 'Lan', date: DAY, time: '09:00', service: 'Manicure', technician: 'Amy' },
      { customer_name: 'Minh', date: DAY, time: '10:00', service: 'Manicure', technician: 'Amy' },
    ];
    const res = await importRows(s, 'dry_run', rows);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toEqual({
      mode: 'dry_run',
      total_rows: 2,
      valid_rows: 2,
      error_rows: 0,
      imported: 0,
      errors: [],
    });
    expect(await storedBookings(s)).toEqual([]);
    const audits = await api.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, s.f.tenantId), eq(auditLog.action, 'bookings.import')));
    expect(audits).toEqual([]);
    // The file still commits afterwards: the dry run left no booking in the way.
    expect((await importRows(s, 'commit', rows)).statusCode).toBe(200);
    expect(await storedBookings(s)).toHaveLength(2);
  });
});

describe('bad cells', () => {
  it('are reported by row and column; a dry run lists them, a commit is 422 with them and writes nothing', async () => {
    const s = saigon;
    // Cy works in the store but does not take bookings.
    await bookingTechnician(api.db, s.f, 'Cy', { enableBooking: false });
    const rows: Row[] = [
      { customer_name: 'Good', date: DAY, time: '09:00', service: 'Manicure', technician: 'Amy' },
      { customer_name: 'Bad date', date: '2026-02-30', time: '09:00', service: 'Manicure' },
      { customer_name: 'Bad time', date: DAY, time: '24:10', service: 'Manicure' },
      { customer_name: 'Bad service', date: DAY, time: '12:00', service: 'Pedicure' },
      {
        customer_name: 'Bad technician',
        date: DAY,
        time: '12:00',
        service: 'Manicure',
        technician: 'Nobody',
      },
      { customer_name: 'Short', date: DAY, time: '13:00', service: 'Manicure', duration_minutes: 2 },
      { date: DAY, time: '13:00', service: 'Manicure' },
      { customer_name: 'Night owl', date: DAY, time: '22:00', service: 'Manicure', technician: 'Amy' },
      { customer_name: 'Cy fan', date: DAY, time: '12:00', service: 'Manicure', technician: 'Cy' },
      { customer_name: 'Ghost', customer_id: 999999999, date: DAY, time: '12:00', service: 'Manicure' },
    ];
    const expected = [
      { row: 2, column: 'date', code: ERROR_CODE.VALIDATION_FAILED, message: DATE_MESSAGE },
      { row: 3, column: 'time', code: ERROR_CODE.VALIDATION_FAILED, message: TIME_MESSAGE },
      { row: 4, column: 'service', code: ERROR_CODE.VALIDATION_FAILED, message: UNKNOWN_SERVICE_MESSAGE },
      {
        row: 5,
        column: 'technician',
        code: ERROR_CODE.VALIDATION_FAILED,
        message: UNKNOWN_TECHNICIAN_MESSAGE,
      },
      { row: 6, column: 'duration_minutes', code: ERROR_CODE.VALIDATION_FAILED, message: DURATION_MESSAGE },
      { row: 7, column: 'customer_name', code: ERROR_CODE.VALIDATION_FAILED, message: CUSTOMER_NAME_MESSAGE },
      // Outside Amy's hours (the store's 09:00-19:00): an import never books outside them.
      { row: 8, column: 'time', code: ERROR_CODE.BOOKING_OUTSIDE_HOURS, message: OUTSIDE_HOURS_MESSAGE },
      {
        row: 9,
        column: 'technician',
        code: ERROR_CODE.BOOKING_TECHNICIAN_UNAVAILABLE,
        message: TECHNICIAN_UNAVAILABLE_MESSAGE,
      },
      {
        row: 10,
        column: 'customer_id',
        code: ERROR_CODE.VALIDATION_FAILED,
        message: UNKNOWN_CUSTOMER_MESSAGE,
      },
    ];
    const dry = await importRows(s, 'dry_run', rows);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dataOf(dry)).toMatchObject({ total_rows: 10, valid_rows: 1, error_rows: 9, imported: 0 });
    expect((dataOf(dry) as BookingImportResult).errors).toEqual(expected);

    const commit = await importRows(s, 'commit', rows);
    expect(commit.statusCode, commit.body).toBe(422);
    expect(commit.json()).toMatchObject({
      success: false,
      code: ERROR_CODE.VALIDATION_FAILED,
      message: IMPORT_REFUSED_MESSAGE,
      details: { mode: 'commit', total_rows: 10, valid_rows: 1, error_rows: 9, imported: 0 },
    });
    expect(commit.json().details.errors).toEqual(expected);
    expect(await storedBookings(s)).toEqual([]);
  });

  it('a file of more than MAX_BOOKING_IMPORT_ROWS rows is refused whole on `file`, before any row is made', async () => {
    const s = await salon('Asia/Ho_Chi_Minh');
    const rows = Array.from({ length: MAX_BOOKING_IMPORT_ROWS + 1 }, (_, i) => ({
      customer_name: `Guest ${i}`,
      date: DAY,
      time: '09:00',
      service: 'Manicure',
    }));
    const res = await importRows(s, 'commit', rows);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ file: [TOO_MANY_ROWS_MESSAGE] });
    expect(await storedBookings(s)).toEqual([]);
  });

  it('a header naming an unknown column refuses the whole file on `file`', async () => {
    const res = await importFile(
      saigon,
      'dry_run',
      'customer_name,date,time,service,colour\r\nLan,2026-12-07,09:00,Manicure,red',
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file[0]).toContain('Unknown columns: colour');
  });
});

describe('double booking', () => {
  it('a clash with the book and one between two rows of the file are row errors naming what is in the way', async () => {
    const s = await salon('Asia/Ho_Chi_Minh');
    const existing = await api
      .as(s.f, 'staff')
      .post(
        BOOKINGS_URL,
        bookingBody([bookingLine(s.manicure, s.amy, `${DAY}T03:00:00Z`)], { customer_name: 'Early bird' }),
      );
    expect(existing.statusCode, existing.body).toBe(201);
    const existingId = (dataOf(existing) as Booking).id;

    const rows: Row[] = [
      // 10:30 store time = 03:30Z, inside the existing 03:00-03:45.
      { customer_name: 'Clash book', date: DAY, time: '10:30', service: 'Manicure', technician: 'Amy' },
      { customer_name: 'First', date: DAY, time: '14:00', service: 'Gel Polish', technician: 'Bo' },
      { customer_name: 'Second', date: DAY, time: '14:30', service: 'Manicure', technician: 'Bo' },
      // Back to back with First: fine.
      { customer_name: 'Third', date: DAY, time: '15:00', service: 'Manicure', technician: 'Bo' },
    ];
    const expected = [
      {
        row: 1,
        column: 'time',
        code: ERROR_CODE.BOOKING_CONFLICT,
        booking_id: existingId,
        message: expect.stringContaining(`booking ${existingId} (Early bird, 2026-12-07 10:00)`),
      },
      {
        row: 3,
        column: 'time',
        code: ERROR_CODE.BOOKING_CONFLICT,
        clashes_with_row: 2,
        message: expect.stringContaining('row 2 of this file (First, 2026-12-07 14:00)'),
      },
    ];
    for (const mode of ['dry_run', 'commit']) {
      const res = await importRows(s, mode, rows);
      const result = (mode === 'dry_run' ? dataOf(res) : res.json().details) as BookingImportResult;
      expect(res.statusCode, res.body).toBe(mode === 'dry_run' ? 200 : 422);
      expect(result).toMatchObject({ total_rows: 4, valid_rows: 2, error_rows: 2, imported: 0 });
      expect(result.errors).toEqual(expected);
    }
    expect((await storedBookings(s)).map((b) => b.id)).toEqual([existingId]);
  });
});

describe('reading cells', () => {
  it('keeps a formula-looking cell as text, quoted commas and line breaks included', async () => {
    const s = await salon('Asia/Ho_Chi_Minh');
    const name = '=HYPERLINK("http://evil.example","Click")';
    const notes = '@SUM(1+1), then\n+cmd|calc';
    const res = await importRows(s, 'commit', [
      { customer_name: name, date: DAY, time: '09:00', service: 'Manicure', notes },
      { customer_name: '-2+3', date: DAY, time: '10:00', service: 'Manicure' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedBookings(s);
    expect(stored.map((b) => [b.customerName, b.notes])).toEqual([
      [name, notes],
      ['-2+3', null],
    ]);
  });

  it('a byte-order mark and Windows line endings read as any file; a file that is not UTF-8 is refused', async () => {
    const s = await salon('Asia/Ho_Chi_Minh');
    const content = `\ufeffcustomer_name,date,time,service\r\nNguyễn Thị Lan,${DAY},09:00,Manicure\r\n`;
    const res = await importFile(s, 'commit', content);
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedBookings(s)).map((b) => b.customerName)).toEqual(['Nguyễn Thị Lan']);
    const latin1 = Buffer.from(
      `customer_name,date,time,service\r\nJos\xe9,${DAY},10:00,Manicure\r\n`,
      'latin1',
    );
    const form = multipart({ mode: 'dry_run' }, { field: 'file', filename: 'bookings.csv', content: latin1 });
    const refused = await api
      .as(s.f, 'staff')
      .post(BOOKING_PATHS.import, form.payload, { headers: form.headers });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.file).toHaveLength(1);
  });
});

describe('the store clock', () => {
  it('reads 01:30 on the day New York clocks go back as the first 01:30 (05:30Z)', async () => {
    const s = await salon('America/New_York');
    const hours = Array.from({ length: 7 }, () => ({ opens: '00:00', closes: '23:59' }));
    const put = await api
      .as(s.f, 'staff')
      .put(`/api/pos/employees/${s.amy}/booking-hours`, { hours, days_off: [] });
    expect(put.statusCode, put.body).toBe(200);
    const res = await importRows(s, 'commit', [
      { customer_name: 'Night', date: '2026-11-01', time: '01:30', service: 'Gel Polish', technician: 'Amy' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await storedBookings(s);
    expect(stored!.startsAt.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('the route', () => {
  it('needs an Idempotency-Key, and replays a committed import under the same key without booking twice', async () => {
    const s = await salon('Asia/Ho_Chi_Minh');
    const content = csvFile(BOOKING_IMPORT_COLUMNS, [
      { customer_name: 'Once', date: DAY, time: '09:00', service: 'Manicure' },
    ]);
    const form = multipart({ mode: 'commit' }, { field: 'file', filename: 'bookings.csv', content });
    const noKey = await api
      .as(s.f, 'staff')
      .post(BOOKING_PATHS.import, form.payload, { headers: form.headers, key: null });
    expect(noKey.statusCode).toBe(400);
    const first = await importFile(s, 'commit', content, 'import-once');
    const again = await importFile(s, 'commit', content, 'import-once');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(dataOf(again)).toEqual(dataOf(first));
    expect(await storedBookings(s)).toHaveLength(1);
  });
});
