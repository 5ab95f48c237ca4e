/** View facts of the gift card check, derived from its snapshot (conventions.md: never stored). */
import type { SnapshotFrom } from 'xstate';
import type { giftCardCheckMachine } from './gift-card-check.machine';
import type { GiftCard, GiftCardCheckError } from './gift-card-check.types';

export type GiftCardCheckSnapshot = SnapshotFrom<typeof giftCardCheckMachine>;

export type GiftCardCheckStatus = 'idle' | 'checking' | 'found' | 'unusable' | 'failed';

export function selectGiftCardStatus(snapshot: GiftCardCheckSnapshot): GiftCardCheckStatus {
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('found')) return 'found';
  if (snapshot.matches('unusable')) return 'unusable';
  if (snapshot.matches('failed')) return 'failed';
  return 'idle';
}

/** The checked card, also when it cannot pay (its balance and expiry are shown). */
export const selectGiftCard = (snapshot: GiftCardCheckSnapshot): GiftCard | null => snapshot.context.card;

/** The card that may pay: only a usable one. */
export const selectUsableGiftCard = (snapshot: GiftCardCheckSnapshot): GiftCard | null =>
  snapshot.matches('found') ? snapshot.context.card : null;

export const selectGiftCardError = (snapshot: GiftCardCheckSnapshot): GiftCardCheckError | null =>
  snapshot.context.error;

export const selectIsCheckingGiftCard = (snapshot: GiftCardCheckSnapshot): boolean => snapshot.hasTag('busy');
