/** View facts of the push notifications tab (docs/platform.md#push), derived from the snapshot. */
import type { SnapshotFrom } from 'xstate';
import { PUSH_KEY_PREVIEW_LENGTH } from '../../src/domain/constants';
import type { pushMachine } from './push.machine';
import type { PushError, PushPermission } from './push.types';

export type PushSnapshot = SnapshotFrom<typeof pushMachine>;

/** The browser support badge. */
export const selectIsPushSupported = (snapshot: PushSnapshot): boolean => !snapshot.matches('unsupported');

/** Notification permission as the badge shows it; 'default' until known. */
export function selectPermission(snapshot: PushSnapshot): PushPermission {
  if (snapshot.matches({ active: { permission: 'granted' } })) return 'granted';
  if (snapshot.matches({ active: { permission: 'denied' } })) return 'denied';
  return 'default';
}

export const selectIsSubscribed = (snapshot: PushSnapshot): boolean =>
  snapshot.matches({ active: { subscription: 'subscribed' } });

export interface SubscriptionDetails {
  endpoint: string;
  /** The first 20 characters of each key (docs/platform.md#push). */
  p256dh: string;
  auth: string;
}

export function selectSubscriptionDetails(snapshot: PushSnapshot): SubscriptionDetails | null {
  const subscription = selectIsSubscribed(snapshot) ? snapshot.context.subscription : null;
  if (!subscription) return null;
  return {
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh.slice(0, PUSH_KEY_PREVIEW_LENGTH),
    auth: subscription.keys.auth.slice(0, PUSH_KEY_PREVIEW_LENGTH),
  };
}

export const selectCanRequestPermission = (snapshot: PushSnapshot): boolean =>
  snapshot.matches({ active: { permission: 'default' } });

export const selectCanSubscribe = (snapshot: PushSnapshot): boolean =>
  snapshot.matches({ active: { subscription: 'unsubscribed' } }) && selectPermission(snapshot) !== 'denied';

export const selectCanUnsubscribe = (snapshot: PushSnapshot): boolean =>
  snapshot.can({ type: 'push.unsubscribe' }) && selectIsSubscribed(snapshot);

/** "test notification (disabled unless permission is granted)" (docs/platform.md#push). */
export const selectCanSendTest = (snapshot: PushSnapshot): boolean =>
  selectPermission(snapshot) === 'granted' && snapshot.matches({ active: { test: 'idle' } });

export const selectIsBusy = (snapshot: PushSnapshot): boolean => snapshot.hasTag('busy');
export const selectPushError = (snapshot: PushSnapshot): PushError | null => snapshot.context.error;
