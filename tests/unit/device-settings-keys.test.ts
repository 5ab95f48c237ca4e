/**
 * ADR 010: the device's PWA settings survive logout. Their keys are declared where they are used (the settings
 * dialog's local-settings.ts, the platform's pwa-platform.ts); this holds the kept list in lib/storage.ts equal
 * to them, so renaming one cannot silently make logout wipe it again.
 */
import { describe, expect, it } from 'vitest';
import { SETTINGS_KEYS } from '../../src/client/features/pwa/local-settings';
import { isKeptOnLogout, STORAGE_KEYS } from '../../src/client/lib/storage';

describe('device settings kept on logout', () => {
  it('every settings-dialog list key is kept', () => {
    for (const key of Object.values(SETTINGS_KEYS)) expect(isKeptOnLogout(key), key).toBe(true);
  });

  it('the sync configuration and install prompt keys are the platform ones', async () => {
    const platform = await import('../../src/client/app/pwa-platform');
    expect(STORAGE_KEYS.SYNC_CONFIG).toBe(platform.SYNC_CONFIG_KEY);
    expect(STORAGE_KEYS.INSTALL_AUTO_SHOW).toBe(platform.INSTALL_AUTO_SHOW_KEY);
  });
});
