/**
 * A store's wall clock and the instants it names (docs/api.md#defaults-and-formats: the server keeps UTC, the
 * business day and the times people type are the store's). Shared by the screens that take a time typed at the
 * till and the demo seed that places sales in the salon's opening hours.
 */

/**
 * One formatter per zone, kept: making an Intl.DateTimeFormat costs far more than using one (the appointment
 * book asks for thousands of store dates a week drawn; docs/appointments.md#speed). A process meets a handful
 * of zones, so the map stays small.
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at` (ms; negative west of Greenwich). */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which `timeZone`'s wall clock reads `wall` (its fields read as if UTC), with the offset in force
 * at that wall time (docs/appointments.md#time): on the day clocks go back a repeated time is its first
 * occurrence; on the day they go forward a time that does not exist (02:30 in New York) moves forward by the
 * jump (03:30). The offsets a day before and after bracket the one change a day can have.
 */
export function wallTimeToInstant(wall: number, timeZone: string): Date {
  const before = zoneOffsetMs(new Date(wall - DAY_MS), timeZone);
  const after = zoneOffsetMs(new Date(wall + DAY_MS), timeZone);
  const readsBack = (offset: number) => zoneOffsetMs(new Date(wall - offset), timeZone) === offset;
  const valid = [before, after].filter(readsBack).map((offset) => wall - offset);
  // A skipped time: neither offset reads it back; the smaller one (before the jump) moves it forward.
  return new Date(valid.length > 0 ? Math.min(...valid) : wall - Math.min(before, after));
}

/** '2026-01-10T09:30' read as the wall time in the store's time zone → UTC ISO (null when not such a text). */
export function storeTimeToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const result = wallTimeToInstant(Date.UTC(y, mo - 1, d, h, mi), timeZone);
  return Number.isNaN(result.getTime()) ? null : result.toISOString();
}

/** UTC ISO → '2026-01-10T09:30', the wall time in the store's time zone (the value of a datetime-local field). */
export function isoToStoreTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const local = new Date(at.getTime() + zoneOffsetMs(at, timeZone));
  return local.toISOString().slice(0, 16);
}
