/**
 * When a customer's membership holds (docs/back-office.md, "Memberships"): one rule for the server's sale
 * (services/sales/prepare.ts) and the sale screen (machines/sale), so a till and the server never disagree on
 * whether an expired membership still takes its discount off.
 *
 * Days are calendar days (YYYY-MM-DD) in the store's time zone: a membership bought for one month on
 * 15 January holds through 14 February and no longer.
 */
import type { DiscountValue } from './order.types';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The last day a membership joined (or renewed) on `startsOn` holds for `durationMonths` months: the day
 * before the same day of the month `durationMonths` later; where that month is too short for the day (joined
 * on 31 January for one month) the last day of that month. Null duration = no end (null).
 */
export function membershipEndsOn(startsOn: string, durationMonths: number | null): string | null {
  if (durationMonths === null) return null;
  const match = ISO_DAY.exec(startsOn);
  if (!match) throw new RangeError(`Not a calendar day: ${startsOn}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const index = year * 12 + (month - 1) + durationMonths;
  const [endYear, endMonth] = [Math.floor(index / 12), (index % 12) + 1];
  const last = daysInMonth(endYear, endMonth);
  if (day > last) return `${pad(endYear, 4)}-${pad(endMonth, 2)}-${pad(last, 2)}`;
  const end = new Date(Date.UTC(endYear, endMonth - 1, day - 1));
  return `${pad(end.getUTCFullYear(), 4)}-${pad(end.getUTCMonth() + 1, 2)}-${pad(end.getUTCDate(), 2)}`;
}

/** Whether a membership ending on `expiresOn` (null = no end) still holds on `today`; its last day counts. */
export function membershipHolds(expiresOn: string | null | undefined, today: string): boolean {
  return expiresOn === null || expiresOn === undefined || today <= expiresOn;
}

/** What a sale reads of a customer's membership. */
export interface HeldMembership {
  discount?: DiscountValue | undefined;
  /** The last day it holds; null or absent = no end. */
  expires_on?: string | null | undefined;
}

/**
 * The order's membership discount for a customer's membership on `today`: its discount while the membership
 * holds and takes something off, else none (an expired membership, or a loyalty level with no discount).
 */
export function membershipDiscountOn(
  membership: HeldMembership | null | undefined,
  today: string,
): DiscountValue | undefined {
  if (!membership?.discount || membership.discount.value <= 0) return undefined;
  return membershipHolds(membership.expires_on, today) ? membership.discount : undefined;
}
