/**
 * The part of web-push 3.6.7 (CommonJS, ships no types) that src/server/services/push.ts uses. Written from
 * its source (node_modules/web-push/src); replace with @types/web-push if the project adds it.
 */
declare module 'web-push' {
  import type { Agent } from 'node:https';

  export interface VapidKeys {
    publicKey: string;
    privateKey: string;
  }

  export interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }

  export interface RequestOptions {
    vapidDetails?: { subject: string; publicKey: string; privateKey: string };
    /** Seconds the push service keeps an undelivered message (default 4 weeks). */
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    /** Replaces an undelivered message with the same topic (<= 32 base64url characters). */
    topic?: string;
    contentEncoding?: 'aes128gcm' | 'aesgcm';
    /** Must be an https.Agent (web-push checks instanceof). */
    agent?: Agent;
    /** Socket idle timeout in ms. */
    timeout?: number;
    headers?: Record<string, string>;
  }

  export interface SendResult {
    statusCode: number;
    body: string;
    headers: Record<string, string | string[] | undefined>;
  }

  /** A push service answered outside 2xx. Network failures reject with a plain Error. */
  export class WebPushError extends Error {
    statusCode: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
    endpoint: string;
  }

  export function generateVAPIDKeys(): VapidKeys;
  export function sendNotification(
    subscription: PushSubscription,
    payload?: string | Buffer | null,
    options?: RequestOptions,
  ): Promise<SendResult>;

  const webPush: {
    WebPushError: typeof WebPushError;
    generateVAPIDKeys: typeof generateVAPIDKeys;
    sendNotification: typeof sendNotification;
  };
  export default webPush;
}
