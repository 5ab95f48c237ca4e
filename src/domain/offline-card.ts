/**
 * Card payments taken while the till is offline (docs/offline.md): they are limited per ticket
 * and in total by the store settings offline_card_limit_per_ticket and offline_card_limit_total (minor units;
 * 0 = none allowed offline, as the server reads a missing setting: services/payments/record.ts).
 *
 * - Per ticket: the offline card payments of this ticket, the new one included, stay within the limit. The
 *   server checks the same rule when the sale syncs (services/payments/record.ts), so a ticket the till accepted is
 *   never refused later for it.
 * - In total: what the till holds unsynced from other tickets (offline card payments in queued sales) plus
 *   this ticket's stays within the limit. Only the till can know this (the server sees the sales one by one,
 *   after the fact): it bounds the money at risk while card approvals cannot be checked.
 *
 * Sums and differences of safe integers are exact, so plain integer arithmetic is used here, as in
 * domain/payments.ts; no amount is ever multiplied or divided.
 */
import { PAYMENT_TYPE } from './constants';
import { paymentKey } from './order-editing';
import type { Minor, Payment } from './order.types';

export interface OfflineCardLimits {
  /** offline_card_limit_per_ticket: at most this much by card offline on one ticket; 0 = none. */
  perTicket: Minor;
  /** offline_card_limit_total: at most this much by card offline not yet synced, all tickets; 0 = none. */
  total: Minor;
}

export type OfflineCardLimitKind = 'perTicket' | 'total';

/** What may still be taken by card offline on this ticket: under each limit, and under both (`allowed`). */
export interface OfflineCardRoom {
  perTicket: Minor;
  total: Minor;
  allowed: Minor;
}

export interface OfflineCardCheckInput {
  limits: OfflineCardLimits;
  /** Offline card payments already on this ticket (without the one the new payment replaces). */
  onTicket: Minor;
  /** Offline card payments of other tickets not yet synced (queued sales and payments). */
  unsynced: Minor;
  /** The new offline card payment. */
  amount: Minor;
}

export type OfflineCardCheck =
  | { allowed: true; room: OfflineCardRoom }
  | {
      allowed: false;
      /** The limit that refuses it; when both do, the one with less room (what the cashier can still take). */
      exceeded: OfflineCardLimitKind;
      /** That limit's setting. */
      limit: Minor;
      /** What that limit still allows on this ticket (never negative). */
      left: Minor;
      room: OfflineCardRoom;
    };

function requireAmount(name: string, value: Minor): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`offline card: ${name} ${value} is not a non-negative whole number of minor units`);
  }
}

function requireLimits(limits: OfflineCardLimits): void {
  requireAmount('perTicket limit', limits.perTicket);
  requireAmount('total limit', limits.total);
}

/** A card payment marked as taken offline (payment_info.offline, the flag the server keeps). */
export function isOfflineCardPayment(payment: Payment): boolean {
  return payment.payment_type === PAYMENT_TYPE.CREDIT && payment.payment_info?.offline === true;
}

/**
 * Σ offline card payments of a ticket. `replacing`: a payment about to replace the one of the same type and
 * reference (order-editing's setPayment), whose amount is then not counted (it is going away).
 */
export function offlineCardOnTicket(payments: readonly Payment[], replacing?: Payment): Minor {
  const replacedKey = replacing ? paymentKey(replacing) : null;
  let sum = 0;
  for (const payment of payments) {
    // docs/offline.md#the-queue: amounts of 0 or less are never added; an old client's leftover must not
    // lower the sum.
    if (payment.payment_amount <= 0 || !isOfflineCardPayment(payment)) continue;
    if (replacedKey !== null && paymentKey(payment) === replacedKey) continue;
    sum += payment.payment_amount;
  }
  return sum;
}

/** What may still be taken by card offline on this ticket under each limit. */
export function offlineCardRoom(
  limits: OfflineCardLimits,
  onTicket: Minor,
  unsynced: Minor,
): OfflineCardRoom {
  requireLimits(limits);
  requireAmount('onTicket', onTicket);
  requireAmount('unsynced', unsynced);
  const perTicket = Math.max(0, limits.perTicket - onTicket);
  const total = Math.max(0, limits.total - unsynced - onTicket);
  return { perTicket, total, allowed: Math.min(perTicket, total) };
}

/** Whether a new offline card payment may be taken, or which limit refuses it and what is left under it. */
export function checkOfflineCard(input: OfflineCardCheckInput): OfflineCardCheck {
  requireAmount('amount', input.amount);
  const room = offlineCardRoom(input.limits, input.onTicket, input.unsynced);
  const overPerTicket = input.amount > room.perTicket;
  const overTotal = input.amount > room.total;
  if (!overPerTicket && !overTotal) return { allowed: true, room };
  // Both refuse: name the tighter one, so the amount the message says is left can really be taken.
  const exceeded: OfflineCardLimitKind =
    overPerTicket && (!overTotal || room.perTicket <= room.total) ? 'perTicket' : 'total';
  return {
    allowed: false,
    exceeded,
    limit: input.limits[exceeded],
    left: room[exceeded],
    room,
  };
}
