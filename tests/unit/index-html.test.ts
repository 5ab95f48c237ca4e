/**
 * index.html's head as iOS and Android read it (installable): iOS Safari ignores the manifest's
 * icons and display mode and takes them from apple-* tags instead; the theme colour is
 * docs/platform.md#the-installable-app's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { APPLE_TOUCH_ICON, APPLE_TOUCH_ICON_SIZE, appleTouchIconFile } from '../../scripts/generate-icons';
import { BRAND_COLOR, webManifest } from '../../src/sw/web-manifest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const html = readFileSync(path.join(ROOT, 'index.html'), 'utf8');
const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

function tags(name: 'meta' | 'link'): Record<string, string>[] {
  return [...head.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => attributes(m[0]));
}

const meta = (metaName: string) => tags('meta').find((t) => t.name === metaName)?.content;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('index.html head', () => {
  it('links a 180 × 180 apple-touch-icon that exists in public/ and is the generated one', () => {
    const links = tags('link').filter((t) => t.rel === 'apple-touch-icon');
    expect(links).toHaveLength(1);
    const [link] = links;
    expect(link?.sizes).toBe(`${APPLE_TOUCH_ICON_SIZE}x${APPLE_TOUCH_ICON_SIZE}`);
    expect(link?.href).toBe(`/icons/${APPLE_TOUCH_ICON}`);
    const file = readFileSync(path.join(ROOT, 'public', link?.href ?? ''));
    expect(pngSize(file)).toEqual([APPLE_TOUCH_ICON_SIZE, APPLE_TOUCH_ICON_SIZE]);
    expect(appleTouchIconFile().equals(file)).toBe(true);
  });

  it('has an opaque apple-touch-icon (iOS paints transparent pixels black)', () => {
    // Colour type 6 is RGBA: every alpha byte must be 255. The generator writes filter 0 rows (no prediction).
    const bytes = appleTouchIconFile();
    const at = bytes.indexOf('IDAT');
    const rows = inflateSync(bytes.subarray(at + 4, at + 4 + bytes.readUInt32BE(at - 4)));
    const stride = APPLE_TOUCH_ICON_SIZE * 4 + 1;
    for (let y = 0; y < APPLE_TOUCH_ICON_SIZE; y += 1) {
      for (let x = 0; x < APPLE_TOUCH_ICON_SIZE; x += 1) {
        if (rows[y * stride + 1 + x * 4 + 3] !== 255) throw new Error(`transparent pixel at ${x},${y}`);
      }
    }
  });

  it('has the tags iOS reads to run the app standalone, with its title and status bar', () => {
    expect(meta('apple-mobile-web-app-capable')).toBe('yes');
    expect(meta('mobile-web-app-capable')).toBe('yes');
    expect(meta('apple-mobile-web-app-status-bar-style')).toBe('default');
    expect(meta('apple-mobile-web-app-title')).toBe(webManifest.short_name);
  });

  it('has the theme colour of 001 §1, a viewport for notched screens and the favicon', () => {
    expect(meta('theme-color')).toBe(BRAND_COLOR);
    expect(meta('viewport')).toContain('viewport-fit=cover');
    expect(tags('link').some((t) => t.rel === 'icon' && t.href === '/favicon.svg')).toBe(true);
  });
});
