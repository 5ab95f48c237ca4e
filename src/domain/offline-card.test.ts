import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PAYMENT_TYPE } from './constants';
import type { Payment } from './order.types';
import { setPayment } from './order-editing';
import { checkOfflineCard, isOfflineCardPayment, offlineCardOnTicket, offlineCardRoom } from './offline-card';
import type { OfflineCardLimits } from './offline-card';
import { makeOrder } from '../../tests/support/domain/orders';

/** The demo store's settings (src/server/seed/demo-data.ts): 200.00 per ticket, 1,000.00 in total. */
const demo: OfflineCardLimits = { perTicket: 20_000, total: 100_000 };

const offlineCard = (amount: number, last4 = '4242'): Payment => ({
  payment_type: PAYMENT_TYPE.CREDIT,
  payment_amount: amount,
  payment_info: { reference: last4, last4, offline: true, taken_at: '2025-03-01T10:00:00.000Z' },
});
const onlineCard = (amount: number, last4 = '1111'): Payment => ({
  payment_type: PAYMENT_TYPE.CREDIT,
  payment_amount: amount,
  payment_info: { reference: last4, last4 },
});
const cash = (amount: number): Payment => ({ payment_type: PAYMENT_TYPE.CASH, payment_amount: amount });

describe('checkOfflineCard', () => {
  it('allows 35.00 on an empty ticket with nothing unsynced', () => {
    expect(checkOfflineCard({ limits: demo, onTicket: 0, unsynced: 0, amount: 3500 })).toEqual({
      allowed: true,
      room: { perTicket: 20_000, total: 100_000, allowed: 20_000 },
    });
  });

  it('allows exactly the per-ticket limit, 200.00', () => {
    expect(checkOfflineCard({ limits: demo, onTicket: 0, unsynced: 0, amount: 20_000 }).allowed).toBe(true);
  });

  it('refuses 250.00 on one ticket: the per-ticket limit of 200.00, 200.00 left', () => {
    expect(checkOfflineCard({ limits: demo, onTicket: 0, unsynced: 0, amount: 25_000 })).toMatchObject({
      allowed: false,
      exceeded: 'perTicket',
      limit: 20_000,
      left: 20_000,
    });
  });

  it('counts the ticket’s earlier offline card payments: 150.00 taken, 60.00 more refused with 50.00 left', () => {
    expect(checkOfflineCard({ limits: demo, onTicket: 15_000, unsynced: 0, amount: 6000 })).toMatchObject({
      allowed: false,
      exceeded: 'perTicket',
      left: 5000,
    });
  });

  it('refuses 200.00 when 835.00 waits unsynced: the total limit of 1,000.00, 165.00 left', () => {
    expect(checkOfflineCard({ limits: demo, onTicket: 0, unsynced: 83_500, amount: 20_000 })).toMatchObject({
      allowed: false,
      exceeded: 'total',
      limit: 100_000,
      left: 16_500,
    });
  });

  it('counts this ticket against the total too: 900.00 unsynced + 80.00 here leaves 20.00', () => {
    expect(offlineCardRoom(demo, 8000, 90_000)).toEqual({ perTicket: 12_000, total: 2000, allowed: 2000 });
  });

  it('names the tighter limit when both refuse', () => {
    const both = { limits: { perTicket: 10_000, total: 50_000 }, onTicket: 0 };
    expect(checkOfflineCard({ ...both, unsynced: 45_000, amount: 60_000 })).toMatchObject({
      exceeded: 'total',
      left: 5000,
    });
    expect(checkOfflineCard({ ...both, unsynced: 30_000, amount: 60_000 })).toMatchObject({
      exceeded: 'perTicket',
      left: 10_000,
    });
  });

  it('refuses any amount when a limit is 0 (the store takes no card payments offline)', () => {
    expect(
      checkOfflineCard({ limits: { perTicket: 0, total: 100_000 }, onTicket: 0, unsynced: 0, amount: 1 }),
    ).toMatchObject({ allowed: false, exceeded: 'perTicket', limit: 0, left: 0 });
    expect(
      checkOfflineCard({ limits: { perTicket: 20_000, total: 0 }, onTicket: 0, unsynced: 0, amount: 1 }),
    ).toMatchObject({ allowed: false, exceeded: 'total', limit: 0, left: 0 });
  });

  it('never reports negative room when the unsynced sum is already over the total', () => {
    expect(offlineCardRoom(demo, 0, 120_000)).toEqual({ perTicket: 20_000, total: 0, allowed: 0 });
  });

  it('throws on amounts that are not non-negative whole minor units (a caller bug)', () => {
    expect(() => checkOfflineCard({ limits: demo, onTicket: 0, unsynced: 0, amount: 1.5 })).toThrow(
      RangeError,
    );
    expect(() => offlineCardRoom(demo, -1, 0)).toThrow(RangeError);
    expect(() => offlineCardRoom({ perTicket: Number.NaN, total: 0 }, 0, 0)).toThrow(RangeError);
  });
});

describe('offline card payments of a ticket', () => {
  it('are the card payments marked offline only', () => {
    expect(isOfflineCardPayment(offlineCard(100))).toBe(true);
    expect(isOfflineCardPayment(onlineCard(100))).toBe(false);
    expect(isOfflineCardPayment({ ...cash(100), payment_info: { offline: true } })).toBe(false);
  });

  it('add up, skipping online cards, other types and amounts of 0 or less', () => {
    const payments = [
      offlineCard(3000),
      onlineCard(5000),
      cash(2000),
      offlineCard(1500, '0005'),
      offlineCard(-7, '9'),
    ];
    expect(offlineCardOnTicket(payments)).toBe(4500);
  });

  it('leave out the payment a new one replaces (same card: same type and reference)', () => {
    const payments = [offlineCard(3000), offlineCard(1500, '0005')];
    expect(offlineCardOnTicket(payments, offlineCard(9000))).toBe(1500);
    expect(offlineCardOnTicket(payments, offlineCard(9000, '7777'))).toBe(4500);
  });
});

// ---- properties ------------------------------------------------------------------------------------------

const minor = fc.integer({ min: 0, max: 2_000_000 });
const limitsArb = fc.record({ perTicket: minor, total: minor });

describe('offline card limits (properties)', () => {
  it('allow an amount exactly when it fits the room under both limits', () => {
    fc.assert(
      fc.property(limitsArb, minor, minor, minor, (limits, onTicket, unsynced, amount) => {
        const check = checkOfflineCard({ limits, onTicket, unsynced, amount });
        const room = offlineCardRoom(limits, onTicket, unsynced);
        expect(check.allowed).toBe(amount <= room.allowed);
        if (check.allowed) {
          expect(onTicket + amount).toBeLessThanOrEqual(Math.max(limits.perTicket, onTicket));
          expect(unsynced + onTicket + amount).toBeLessThanOrEqual(
            Math.max(limits.total, unsynced + onTicket),
          );
        } else {
          // The limit named refuses the amount, and what it says is left can itself be taken.
          expect(amount).toBeGreaterThan(check.left);
          expect(check.left).toBe(room.allowed);
          expect(check.limit).toBe(limits[check.exceeded]);
          expect(checkOfflineCard({ limits, onTicket, unsynced, amount: check.left }).allowed).toBe(true);
        }
      }),
    );
  });

  it('never allow a larger amount where a smaller one is refused', () => {
    fc.assert(
      fc.property(limitsArb, minor, minor, minor, minor, (limits, onTicket, unsynced, a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const smallAllowed = checkOfflineCard({ limits, onTicket, unsynced, amount: small }).allowed;
        const largeAllowed = checkOfflineCard({ limits, onTicket, unsynced, amount: large }).allowed;
        expect(!smallAllowed && largeAllowed).toBe(false);
      }),
    );
  });

  it('keep every ticket within the per-ticket limit and all of them within the total, however cards are tapped', () => {
    const tap = fc.record({
      newTicket: fc.boolean(),
      last4: fc.constantFrom('1111', '2222', '3333'),
      amount: fc.integer({ min: 1, max: 60_000 }),
    });
    fc.assert(
      fc.property(limitsArb, fc.array(tap, { maxLength: 40 }), (limits, taps) => {
        let unsynced = 0;
        let ticket = makeOrder();
        for (const step of taps) {
          if (step.newTicket) {
            // The ticket is completed offline: its card payments are now queued, unsynced.
            unsynced += offlineCardOnTicket(ticket.payments);
            ticket = makeOrder();
          }
          const payment = offlineCard(step.amount, step.last4);
          const onTicket = offlineCardOnTicket(ticket.payments, payment);
          if (checkOfflineCard({ limits, onTicket, unsynced, amount: step.amount }).allowed) {
            ticket = setPayment(ticket, payment);
          }
          const here = offlineCardOnTicket(ticket.payments);
          expect(here).toBeLessThanOrEqual(limits.perTicket);
          expect(unsynced + here).toBeLessThanOrEqual(limits.total);
        }
      }),
    );
  });
});
