/**
 * What the browser and device are, read from the user agent and a few globals
 * (docs/platform.md#install-prompt "Install prompts": device type, platform Android, iOS or other;
 * docs/platform.md#worker-tools status panel: "In a native WebView or wrapper these actions are disabled";
 * docs/platform.md#push "Skipped in embedded web views"), and the small conversions push needs. Pure: callers
 * pass what they read from `navigator` and `window`, so every rule is tested without a browser.
 */
import type { DeviceType, InstallPlatform } from '../../../../machines/install/install.types';
import type { PushSubscriptionInfo } from '../../../../machines/push/push.types';

export interface DeviceHints {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS 13+ reports itself as a Mac, with touch. */
  maxTouchPoints?: number;
}

const IOS = /iPhone|iPad|iPod/i;

function isIpadAsMac({ userAgent, maxTouchPoints = 0 }: DeviceHints): boolean {
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

export function detectPlatform(hints: DeviceHints): InstallPlatform {
  if (IOS.test(hints.userAgent) || isIpadAsMac(hints)) return 'ios';
  if (/Android/i.test(hints.userAgent)) return 'android';
  return 'other';
}

export function detectDeviceType(hints: DeviceHints): DeviceType {
  const ua = hints.userAgent;
  if (/iPad|Tablet/i.test(ua) || isIpadAsMac(hints)) return 'tablet';
  // Android phones say "Mobile"; Android tablets do not.
  if (/Android/i.test(ua)) return /Mobile/i.test(ua) ? 'mobile' : 'tablet';
  if (/iPhone|iPod|Mobile|IEMobile|Opera Mini/i.test(ua)) return 'mobile';
  return 'desktop';
}

/** The platform sent with a push subscription (docs/platform.md#push): a short OS name, for the server's device list. */
export function pushPlatformName(hints: DeviceHints): string {
  const ua = hints.userAgent;
  if (detectPlatform(hints) === 'ios') return 'iOS';
  if (/Android/i.test(ua)) return 'Android';
  if (/Windows/i.test(ua)) return 'Windows';
  if (/Mac OS X|Macintosh/i.test(ua)) return 'macOS';
  if (/CrOS/i.test(ua)) return 'ChromeOS';
  if (/Linux/i.test(ua)) return 'Linux';
  return 'Other';
}

export interface EmbeddingHints extends DeviceHints {
  /** Globals that native wrappers inject (React Native, Flutter, Capacitor, Cordova). */
  wrapperGlobals?: readonly string[];
}

export const WRAPPER_GLOBALS = [
  'ReactNativeWebView',
  'flutter_inappwebview',
  'Capacitor',
  'cordova',
] as const;

/**
 * A native WebView or wrapper (docs/platform.md#the-settings-dialog): Android's WebView marks itself "; wv)";
 * an iOS WKWebView has AppleWebKit and Mobile but no "Safari/" token (Safari, Chrome and Firefox on iOS all
 * carry one); wrappers announce themselves with a global. Those update the app natively; the worker stays
 * out.
 */
export function isEmbeddedWebView(hints: EmbeddingHints): boolean {
  const ua = hints.userAgent;
  if ((hints.wrapperGlobals ?? []).length > 0) return true;
  if (/Android/i.test(ua) && /; wv\)/.test(ua)) return true;
  if (detectPlatform(hints) === 'ios' && /AppleWebKit/i.test(ua) && !/Safari\//i.test(ua)) {
    return /Mobile\//i.test(ua);
  }
  return false;
}

/** The applicationServerKey for pushManager.subscribe: the server's unpadded base64url key as bytes. */
export function urlBase64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const padded = base64.trim().replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(padded + '='.repeat((4 - (padded.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** PushSubscription.toJSON() as the push machine keeps it; null when the browser gave no keys. */
export function toSubscriptionInfo(json: {
  endpoint?: string | undefined;
  keys?: Record<string, string> | undefined;
}): PushSubscriptionInfo | null {
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}
