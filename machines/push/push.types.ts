/**
 * Context, events, input and actor contracts of push notifications (001 §2 "Push notifications" tab, §3, §4,
 * §5, §7, §8).
 */

export type PushPermission = 'default' | 'granted' | 'denied';

/** The browser's PushSubscription as JSON: what POST /api/push/subscribe carries with userAgent and platform. */
export interface PushSubscriptionInfo {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushError {
  /** i18n key (pwa namespace). */
  code: string;
  /** English text: the spec's (001 §5, §8) or the actor's own, e.g. 'Server error: 500'. */
  message: string;
}

export interface PushInput {
  /** serviceWorker, PushManager and Notification exist; default true. */
  supported?: boolean;
}

export interface PushContext {
  supported: boolean;
  /** Notification.permission as read at start; the permission region's state is the truth afterwards. */
  startPermission: PushPermission;
  subscription: PushSubscriptionInfo | null;
  error: PushError | null;
}

export interface TestNotification {
  title: string;
  body: string;
}

export type PushEvent =
  | { type: 'permission.request' }
  | { type: 'push.subscribe' }
  | { type: 'push.unsubscribe' }
  /** The test notification dialog's Send (title and body, 001 §2). */
  | ({ type: 'push.test' } & TestNotification)
  | { type: 'error.dismiss' }
  /** Internal: raised by the permission region when a request ends. */
  | { type: 'permission.granted' }
  | { type: 'permission.refused' };

export interface ReadPushStatusOutput {
  permission: PushPermission;
  subscription: PushSubscriptionInfo | null;
}
