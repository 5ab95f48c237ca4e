/**
 * Context, events, input and actor contracts of push notifications (docs/platform.md#push "Push
 * notifications" tab, docs/platform.md#push, docs/platform.md#push).
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
  /** English text: the spec's (docs/platform.md#push) or the actor's own, e.g. 'Server error: 500'. */
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
  /** The test notification dialog's Send (title and body, docs/platform.md#push). */
  | ({ type: 'push.test' } & TestNotification)
  | { type: 'error.dismiss' }
  /** Internal: raised by the permission region when a request ends. */
  | { type: 'permission.granted' }
  | { type: 'permission.refused' };

export interface ReadPushStatusOutput {
  permission: PushPermission;
  subscription: PushSubscriptionInfo | null;
}
