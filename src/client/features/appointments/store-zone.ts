/**
 * The store's time zone for luxon, with its UTC offsets remembered (docs/appointments.md#speed).
 *
 * Why: react-big-calendar's luxon localizer makes two luxon DateTimes for every comparison it does (is this
 * event before that slot, on that day...), thousands per week drawn, and luxon's own IANA zone asks
 * `Intl.DateTimeFormat.formatToParts` for the offset each time (about 35 µs here, before any CPU slowdown):
 * the week of a busy salon took seconds to draw and a drag stuttered. An offset only changes at a transition,
 * months apart, so this zone asks once per hour of time: an hour whose first and last millisecond have the same
 * offset has it throughout (two transitions never fall within one hour), and the rare hour that holds a
 * transition is asked about at each instant, as before. Everything else is luxon's zone: names, formatting,
 * and `type` "iana", so luxon formats with the zone's name through Intl as it would.
 */
import { IANAZone, Zone } from 'luxon';
import type { ZoneOffsetFormat, ZoneOffsetOptions } from 'luxon';

const HOUR_MS = 3_600_000;
/** Hours remembered before starting over: years of a book's browsing, a few hundred kilobytes at most. */
const MAX_HOURS = 100_000;
/** The hour holds a transition: ask at the instant. */
const VARIES = Symbol('varies');

export class StoreZone extends Zone<true> {
  private readonly iana: IANAZone;
  private readonly hours = new Map<number, number | typeof VARIES>();

  constructor(name: string) {
    super();
    this.iana = IANAZone.create(name) as IANAZone;
  }

  override get type(): 'iana' {
    return 'iana';
  }

  override get name(): string {
    return this.iana.name;
  }

  /** luxon reads it (ISO strings with the zone's name) though its types do not declare it. */
  get ianaName(): string {
    return this.iana.name;
  }

  override get isUniversal(): false {
    return false;
  }

  override get isValid(): true {
    return this.iana.isValid as true;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string {
    return this.iana.offsetName(ts, options) ?? '';
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.iana.formatOffset(ts, format);
  }

  override offset(ts: number): number {
    const hour = Math.floor(ts / HOUR_MS);
    let known = this.hours.get(hour);
    if (known === undefined) {
      const first = this.iana.offset(hour * HOUR_MS);
      const last = this.iana.offset(hour * HOUR_MS + HOUR_MS - 1);
      known = first === last ? first : VARIES;
      if (this.hours.size >= MAX_HOURS) this.hours.clear();
      this.hours.set(hour, known);
    }
    return known === VARIES ? this.iana.offset(ts) : known;
  }

  override equals(other: Zone): boolean {
    return other.type === 'iana' && other.name === this.name;
  }
}

const zones = new Map<string, StoreZone>();

/** One remembered zone per name, so its offsets serve every screen that opens the book. */
export function storeZone(name: string): StoreZone {
  let zone = zones.get(name);
  if (!zone) {
    zone = new StoreZone(name);
    zones.set(name, zone);
  }
  return zone;
}
