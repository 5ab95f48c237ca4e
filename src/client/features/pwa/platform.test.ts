import { describe, expect, it } from 'vitest';
import {
  detectDeviceType,
  detectPlatform,
  isEmbeddedWebView,
  pushPlatformName,
  toSubscriptionInfo,
  urlBase64ToBytes,
} from './platform';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1',
  ipadAsMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  linuxChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

describe('platform', () => {
  it('tells iOS (an iPad that calls itself a Mac included), Android and the rest apart', () => {
    expect(detectPlatform({ userAgent: UA.iphoneSafari })).toBe('ios');
    expect(detectPlatform({ userAgent: UA.ipadAsMac, maxTouchPoints: 5 })).toBe('ios');
    expect(detectPlatform({ userAgent: UA.ipadAsMac, maxTouchPoints: 0 })).toBe('other');
    expect(detectPlatform({ userAgent: UA.androidPhone })).toBe('android');
    expect(detectPlatform({ userAgent: UA.windowsChrome })).toBe('other');
  });

  it('calls Android without "Mobile" a tablet, iPhones phones and desktops computers', () => {
    expect(detectDeviceType({ userAgent: UA.androidPhone })).toBe('mobile');
    expect(detectDeviceType({ userAgent: UA.androidTablet })).toBe('tablet');
    expect(detectDeviceType({ userAgent: UA.ipadAsMac, maxTouchPoints: 5 })).toBe('tablet');
    expect(detectDeviceType({ userAgent: UA.iphoneSafari })).toBe('mobile');
    expect(detectDeviceType({ userAgent: UA.linuxChrome })).toBe('desktop');
  });

  it('finds native web views and wrappers, but not the browsers of iOS and Android', () => {
    expect(isEmbeddedWebView({ userAgent: UA.androidWebView })).toBe(true);
    expect(isEmbeddedWebView({ userAgent: UA.iphoneWebView })).toBe(true);
    expect(isEmbeddedWebView({ userAgent: UA.iphoneSafari })).toBe(false);
    expect(isEmbeddedWebView({ userAgent: UA.iphoneChrome })).toBe(false);
    expect(isEmbeddedWebView({ userAgent: UA.androidPhone })).toBe(false);
    expect(isEmbeddedWebView({ userAgent: UA.windowsChrome, wrapperGlobals: ['ReactNativeWebView'] })).toBe(
      true,
    );
  });

  it('names the OS sent with a push subscription', () => {
    expect(pushPlatformName({ userAgent: UA.iphoneSafari })).toBe('iOS');
    expect(pushPlatformName({ userAgent: UA.androidPhone })).toBe('Android');
    expect(pushPlatformName({ userAgent: UA.windowsChrome })).toBe('Windows');
    expect(pushPlatformName({ userAgent: UA.linuxChrome })).toBe('Linux');
    expect(pushPlatformName({ userAgent: 'curl/8' })).toBe('Other');
  });

  it("turns the server's unpadded base64url VAPID key into the 65 bytes of a P-256 point", () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = urlBase64ToBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(0x04);
    expect(Buffer.from(bytes).toString('base64url')).toBe(key);
  });

  it('keeps a subscription only with its endpoint and both keys', () => {
    const keys = { p256dh: 'BPUB', auth: 'AUTH' };
    expect(toSubscriptionInfo({ endpoint: 'https://push.example/1', keys })).toEqual({
      endpoint: 'https://push.example/1',
      keys,
    });
    expect(toSubscriptionInfo({ endpoint: 'https://push.example/1', keys: { p256dh: 'BPUB' } })).toBeNull();
    expect(toSubscriptionInfo({ keys })).toBeNull();
  });
});
