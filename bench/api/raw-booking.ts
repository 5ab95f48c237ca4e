/**
 * The reference of the bookings benchmark (bench/api/create-booking.bench.ts): the rows of one create-booking
 * written by raw `pg` queries in one transaction, no HTTP, no Fastify, no Drizzle, no validation, no hours or
 * technician checks (docs/architecture.md#how-the-work-is-judged: a benchmark prints a ratio to a reference
 * measured in the same run).
 *
 * Create = BEGIN, the booking, its line, the line's busy segments (the exclusion constraint checks them as it
 * does for the API), COMMIT. The rows are copies of a booking the API created (row_to_json, so the widths
 * match) with a new uuid, technician and time each time. What the API does besides (the Idempotency-Key's
 * claim and answer, the uuid's advisory lock, the store's live sequence and its notify, the reads that build
 * the answer) is not in the reference: it is the cost being measured.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { LIVE_TOPIC } from '../../src/contracts/live';
import { LIVE_CHANNEL } from '../../src/server/live/publish';
import { columnsOf, insertFromJson, rowsOf } from '../support/raw-rows';
import type { Row } from '../support/raw-rows';
import type { Slot } from './booking-slots';

export interface BookingTemplate {
  booking: Row;
  lines: Row[];
  segments: Row[];
}

/** The rows of an API-created booking of one line, as JSON, to copy. */
export async function loadBookingTemplate(
  client: pg.ClientBase,
  bookingId: number,
): Promise<BookingTemplate> {
  const [booking] = await rowsOf(client, 'select row_to_json(b) as row from bookings b where b.id = $1', [
    bookingId,
  ]);
  if (!booking) throw new Error(`booking ${bookingId} not found`);
  const by = [booking.tenant_id, bookingId];
  const lines = await rowsOf(
    client,
    'select row_to_json(t) as row from booking_lines t where tenant_id = $1 and booking_id = $2 order by position',
    by,
  );
  const segments = await rowsOf(
    client,
    'select row_to_json(t) as row from booking_segments t where tenant_id = $1 and booking_id = $2',
    by,
  );
  if (lines.length !== 1 || segments.length !== 1) {
    throw new Error(
      `booking ${bookingId}: ${lines.length} lines, ${segments.length} segments (1 and 1 expected)`,
    );
  }
  return { booking, lines, segments };
}

export interface RawBooking {
  /**
   * One booking of `slot`; its id. `live`: also take the store's next live sequence number and notify, as
   * the API's publishStoreChange does (src/server/live/publish.ts), just before COMMIT: one row per store,
   * so every create of the store waits for the one before it to commit.
   */
  create(client: pg.PoolClient, slot: Slot, live?: boolean): Promise<number>;
}

export async function prepareRawBooking(
  client: pg.ClientBase,
  template: BookingTemplate,
): Promise<RawBooking> {
  const sql = {
    booking: insertFromJson('bookings', await columnsOf(client, 'bookings'), ' returning id'),
    lines: insertFromJson('booking_lines', await columnsOf(client, 'booking_lines'), ' returning id'),
    segments: insertFromJson('booking_segments', await columnsOf(client, 'booking_segments')),
    sequence: `insert into live_store_sequences (tenant_id, store_id, seq, updated_at) values ($1, $2, 1, now())
               on conflict (tenant_id, store_id)
               do update set seq = live_store_sequences.seq + 1, updated_at = now() returning seq`,
    notify: 'select pg_notify($1, $2)',
  };
  const { booking, lines, segments } = template;
  return {
    async create(client, slot, live = false) {
      const startsAt = new Date(slot.start).toISOString();
      const endsAt = new Date(slot.end).toISOString();
      await client.query('begin');
      try {
        const made = await client.query<{ id: string }>(sql.booking, [
          JSON.stringify([{ ...booking, uuid: randomUUID(), starts_at: startsAt, ends_at: endsAt }]),
        ]);
        const bookingId = Number(made.rows[0]!.id);
        const line = await client.query<{ id: string }>(sql.lines, [
          JSON.stringify(
            lines.map((l) => ({ ...l, booking_id: bookingId, user_id: slot.userId, starts_at: startsAt })),
          ),
        ]);
        const lineId = Number(line.rows[0]!.id);
        await client.query(sql.segments, [
          JSON.stringify(
            segments.map((s) => ({
              ...s,
              booking_id: bookingId,
              line_id: lineId,
              user_id: slot.userId,
              during: `[${startsAt},${endsAt})`,
            })),
          ),
        ]);
        if (live) {
          const { tenant_id: tenant, store_id: store } = booking;
          const seq = await client.query<{ seq: string }>(sql.sequence, [tenant, store]);
          const n = Number(seq.rows[0]!.seq);
          const payload = {
            tenant,
            store,
            seq: n,
            version: n,
            truncated: false,
            topic: LIVE_TOPIC.BOOKINGS,
            ids: [bookingId],
          };
          await client.query(sql.notify, [LIVE_CHANNEL, JSON.stringify(payload)]);
        }
        await client.query('commit');
        return bookingId;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    },
  };
}
