import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { giftCardCheckMachine } from './gift-card-check.machine';
import type { GiftCard, GiftCardCheckEvent } from './gift-card-check.types';

const card: GiftCard = {
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

const events = [
  { type: 'card.check', number: 'GC-1001' },
  { type: 'card.check', number: '' },
  { type: 'card.reset' },
] satisfies GiftCardCheckEvent[];
const actorEvents = [
  doneEvent('lookupGiftCard', card),
  doneEvent('lookupGiftCard', { ...card, balance: 0, is_usable: false }),
  errorEvent('lookupGiftCard', { status: 404, message: 'Gift card not found.' }),
];

describeMachinePaths(giftCardCheckMachine, { events: [...events, ...actorEvents], minimal: true });
