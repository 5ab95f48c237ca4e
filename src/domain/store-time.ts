/**
 * A store's wall clock and the instants it names (docs/api.md#defaults-and-formats: the server keeps UTC, the
 * business day and the times people type are the store's). Shared by the screens that take a time typed at the
 * till and the demo seed that places sales in the salon's opening hours.
 */

/** How far `timeZone`'s wall clock is ahead of UTC at `at` (ms; negative west of Greenwich). */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
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

/**
 * The instant at which `timeZone`'s wall clock reads `wall` (its fields read as if UTC). Two passes, so a time near
 * a daylight-saving change takes the offset of that time, not of the guess. A wall time the clocks show twice (the
 * hour after they go back) is the first; one they skip (the hour they go forward) is pushed forward by the gap, so
 * 02:30 on that day is 03:30 of the new offset (docs/appointments.md#time; what Temporal calls "compatible").
 */
export function wallTimeToInstant(wall: number, timeZone: string): Date {
  const first = wall - zoneOffsetMs(new Date(wall), timeZone);
  const second = wall - zoneOffsetMs(new Date(first), timeZone);
  if (second + zoneOffsetMs(new Date(second), timeZone) === wall) return new Date(second);
  return new Date(Math.max(first, second));
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
