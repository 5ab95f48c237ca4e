/**
 * react-big-calendar on the store's wall clock (docs/decisions/019-appointment-calendar-library.md): the luxon
 * localizer computes every day boundary, slot and label with luxon `DateTime.fromJSDate`, which takes luxon's
 * default zone. Setting `Settings.defaultZone` to the store's zone before the localizer is made (it reads the
 * zone once when made) shows events, which stay real instants, on the store's clock whatever the device is set
 * to, DST days included (a 25-hour day has two 01:30 rows). This is the library's documented way ("Timezones").
 *
 * The default zone is global to luxon: the book sets it when it opens and puts the device's back when it
 * closes (`releaseStoreZone`). Nothing else in the app uses luxon.
 */
import { DateTime, Settings } from 'luxon';
import { luxonLocalizer } from 'react-big-calendar';
import type { DateLocalizer } from 'react-big-calendar';
import { storeZone } from './store-zone';

/** Sunday first, as the store's weekly hours are (src/domain/bookings/availability.ts WEEKDAYS). */
const SUNDAY = 7;

/** The store's zone as luxon's default; its offsets remembered, as the grid asks thousands (./store-zone.ts). */
export function holdStoreZone(timeZone: string): void {
  Settings.defaultZone = storeZone(timeZone);
}

export function storeLocalizer(timeZone: string): DateLocalizer {
  holdStoreZone(timeZone);
  return luxonLocalizer(DateTime, { firstDayOfWeek: SUNDAY });
}

export function releaseStoreZone(): void {
  Settings.defaultZone = 'system';
}

/** The wall time of an instant on the store's clock, 'HH:mm' (the book's labels and tests). */
export function storeWallTime(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: storeZone(timeZone) }).toFormat('HH:mm');
}
