import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, clearSession, createMemoryStorage } from '../storage';
import {
  DEFAULT_PRINTER_SETTINGS,
  defaultBridgeUrl,
  isBridgeUrl,
  parsePrinterSettings,
  readPrinterSettings,
  savePrinterSettings,
} from './printer-settings';

describe('printer settings', () => {
  it('reads what was saved, and survives a logout (docs/decisions/010-device-settings-survive-logout.md)', () => {
    const store = createMemoryStorage({ auth: '{"token":"x"}' });
    const settings = {
      transport: 'usb',
      language: 'star-prnt',
      columns: 48,
      codepage: 'windows1258',
      kickDrawerOnCash: true,
      bridgeUrl: '',
      baudRate: 9600,
    } as const;
    savePrinterSettings(settings, store);
    clearSession(store);
    expect(store.getItem('auth')).toBeNull();
    expect(readPrinterSettings(store)).toEqual(settings);
  });

  it('falls back field by field to browser printing defaults for anything unreadable', () => {
    expect(readPrinterSettings(createMemoryStorage())).toEqual(DEFAULT_PRINTER_SETTINGS);
    expect(
      readPrinterSettings(createMemoryStorage({ [STORAGE_KEYS.PRINTER_SETTINGS]: '{not json' })),
    ).toEqual(DEFAULT_PRINTER_SETTINGS);
    expect(
      parsePrinterSettings({
        transport: 'bluetooth',
        columns: 80,
        kickDrawerOnCash: 'yes',
        baudRate: -1,
        bridgeUrl: ' ws://x/manage ',
      }),
    ).toEqual({ ...DEFAULT_PRINTER_SETTINGS, bridgeUrl: 'ws://x/manage' });
  });

  it("defaults the bridge to the spec's local printer socket {host}/manage", () => {
    expect(defaultBridgeUrl({ protocol: 'http:', host: '192.168.1.20:8080' })).toBe(
      'ws://192.168.1.20:8080/manage',
    );
    expect(defaultBridgeUrl({ protocol: 'https:', host: 'till.local' })).toBe('wss://till.local/manage');
    expect(isBridgeUrl('http://127.0.0.1:9100/print')).toBe(true);
    expect(isBridgeUrl('ftp://x')).toBe(false);
    expect(isBridgeUrl('manage')).toBe(false);
  });
});
