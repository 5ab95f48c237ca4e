import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconFiles } from '../../scripts/generate-icons';
import * as push from '../contracts/push';
import { WIDGET_DATA_PATH } from './routes';
import { NOTIFICATION_BADGE, NOTIFICATION_ICON, webManifest } from './web-manifest';

const PUBLIC = path.resolve(import.meta.dirname, '../../public');

function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('webManifest', () => {
  it('describes the app as the spec does (001 §1)', () => {
    expect(webManifest).toMatchObject({
      name: 'Salon POS',
      description: 'professional salon management system',
      theme_color: '#667eea',
      background_color: '#667eea',
      display: 'standalone',
      orientation: 'portrait-primary',
      start_url: '/',
      scope: '/',
      categories: ['business', 'productivity', 'finance'],
    });
  });

  it('lists icons for any launcher, maskable ones and the badge, each a PNG of its size in public/', () => {
    const purposes = webManifest.icons.map((icon) => icon.purpose);
    expect(purposes).toContain('any');
    expect(purposes).toContain('maskable');
    expect(webManifest.icons.find((i) => i.sizes === '512x512' && i.purpose === 'any')).toBeDefined();
    expect(webManifest.icons.find((i) => i.sizes === '512x512' && i.purpose === 'maskable')).toBeDefined();
    const all = [
      ...webManifest.icons,
      ...webManifest.shortcuts.flatMap((s) => s.icons),
      ...webManifest.widgets.flatMap((w) => w.icons),
    ];
    for (const icon of all) {
      const [width, height] = pngSize(path.join(PUBLIC, icon.src));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('has the four default shortcuts of the spec (001 §3) with their targets (001 §2)', () => {
    expect(webManifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['New Sale', '/pos/new-sale'],
      ['New Appointment', '/appointments/new'],
      ['Quick Reports', '/reports'],
      ['Customer Search', '/customers/search'],
    ]);
  });

  it('has the four default widgets with their sizes and update intervals, data served from widget-data-v1', () => {
    expect(webManifest.widgets.map((w) => [w.tag, w.size, w.update, w.url])).toEqual([
      ['dashboard', 'medium', 15, '/dashboard'],
      ['sales', 'small', 5, '/sales'],
      ['appointments', 'medium', 10, '/appointments'],
      ['notifications', 'small', 1, '/notifications'],
    ]);
    for (const widget of webManifest.widgets) {
      expect(widget.data).toMatch(WIDGET_DATA_PATH);
      expect(existsSync(path.join(PUBLIC, widget.ms_ac_template)), widget.ms_ac_template).toBe(true);
    }
  });

  it("uses the push contract's notification icon and badge", () => {
    expect(NOTIFICATION_ICON).toBe(push.NOTIFICATION_ICON);
    expect(NOTIFICATION_BADGE).toBe(push.NOTIFICATION_BADGE);
  });
});

describe('public/icons', () => {
  it(
    'holds exactly what scripts/generate-icons.ts draws (run it after changing a design)',
    { timeout: 30_000 },
    () => {
      for (const [name, bytes] of iconFiles()) {
        expect(readFileSync(path.join(PUBLIC, 'icons', name)).equals(bytes), name).toBe(true);
      }
    },
  );
});
