import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { giftCardAmountError, normaliseGiftCardNumber, unusableReason } from './gift-card-check.rules';
import { giftCardCheckMachine, toGiftCardError } from './gift-card-check.machine';
import {
  selectGiftCard,
  selectGiftCardError,
  selectGiftCardStatus,
  selectIsCheckingGiftCard,
  selectUsableGiftCard,
} from './gift-card-check.selectors';
import type { GiftCard, LookupGiftCardInput } from './gift-card-check.types';

const gc1001: GiftCard = {
  id: 1,
  number: 'GC-1001',
  balance: 5000,
  initial_amount: 5000,
  is_active: true,
  expires_at: null,
  is_expired: false,
  is_usable: true,
  customer: null,
  store_id: 1,
  created_at: '2025-01-01T00:00:00.000Z',
};

function start(lookup: (input: LookupGiftCardInput) => Promise<GiftCard>) {
  const seen: string[] = [];
  const machine = giftCardCheckMachine.provide({
    actors: {
      lookupGiftCard: fromPromise<GiftCard, LookupGiftCardInput>(({ input }) => {
        seen.push(input.number);
        return lookup(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, seen };
}

describe('gift card check', () => {
  it('looks the card up by its cleaned, upper-cased number and shows its balance', async () => {
    const { actor, seen } = start(async () => gc1001);
    actor.send({ type: 'card.check', number: ' gc-1001 ' });
    expect(selectIsCheckingGiftCard(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('found'));
    expect(seen).toEqual(['GC-1001']);
    expect(selectUsableGiftCard(actor.getSnapshot())?.balance).toBe(5000);
    expect(selectGiftCardError(actor.getSnapshot())).toBeNull();
  });

  it('keeps an expired card and says why it cannot pay', async () => {
    const { actor } = start(async () => ({ ...gc1001, is_expired: true, is_usable: false }));
    actor.send({ type: 'card.check', number: 'GC-1001' });
    await waitFor(actor, (s) => s.matches('unusable'));
    expect(selectGiftCard(actor.getSnapshot())?.number).toBe('GC-1001');
    expect(selectUsableGiftCard(actor.getSnapshot())).toBeNull();
    expect(selectGiftCardError(actor.getSnapshot())).toEqual({ code: 'giftCardExpired' });
  });

  it('reads a 404 as an unknown card and any other failure as a lookup to try again', async () => {
    const { actor } = start(async () => {
      throw Object.assign(new Error('Gift card not found.'), { status: 404 });
    });
    actor.send({ type: 'card.check', number: 'GC-9999' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectGiftCardError(actor.getSnapshot())).toEqual({
      code: 'giftCardNotFound',
      message: 'Gift card not found.',
    });
    expect(toGiftCardError({ status: 0, message: 'offline' })).toEqual({
      code: 'giftCardLookupFailed',
      message: 'offline',
    });
    expect(toGiftCardError('boom')).toEqual({ code: 'giftCardLookupFailed' });
  });

  it('refuses a number that is empty once cleaned, without asking the server', () => {
    const { actor, seen } = start(async () => gc1001);
    actor.send({ type: 'card.check', number: ' !! ' });
    expect(selectGiftCardStatus(actor.getSnapshot())).toBe('idle');
    expect(selectGiftCardError(actor.getSnapshot())).toEqual({ code: 'giftCardNumberRequired' });
    expect(seen).toEqual([]);
  });

  it('forgets the card on reset, cancelling a lookup in flight', async () => {
    let aborted = false;
    const machine = giftCardCheckMachine.provide({
      actors: {
        lookupGiftCard: fromPromise<GiftCard, LookupGiftCardInput>(
          ({ signal }) =>
            new Promise((_, reject) => {
              signal.addEventListener('abort', () => {
                aborted = true;
                reject(new Error('aborted'));
              });
            }),
        ),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'card.check', number: 'GC-1001' });
    actor.send({ type: 'card.reset' });
    expect(selectGiftCardStatus(actor.getSnapshot())).toBe('idle');
    expect(aborted).toBe(true);
  });
});

describe('gift card rules', () => {
  it('normalises a number as the spec cleans codes, upper-cased', () => {
    expect(normaliseGiftCardNumber(' gc 10-01!')).toBe('GC10-01');
  });

  it('names the first reason a found card cannot pay', () => {
    expect(unusableReason(gc1001)).toBeNull();
    expect(unusableReason({ ...gc1001, is_active: false, is_expired: true })).toBe('giftCardInactive');
    expect(unusableReason({ ...gc1001, is_expired: true })).toBe('giftCardExpired');
    expect(unusableReason({ ...gc1001, balance: 0, is_usable: false })).toBe('giftCardEmpty');
  });

  it('takes an amount up to the balance and refuses one above it or without a checked card', () => {
    expect(giftCardAmountError(gc1001, 5000)).toBeNull();
    expect(giftCardAmountError(gc1001, 5001)).toBe('giftCardBalanceExceeded');
    expect(giftCardAmountError(null, 100)).toBe('giftCardNotChecked');
    expect(giftCardAmountError({ ...gc1001, balance: 0, is_usable: false }, 1)).toBe('giftCardEmpty');
  });
});
