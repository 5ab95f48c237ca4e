/** View facts of the install prompts tab and banners (docs/platform.md#install-prompt), derived from the snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { installMachine } from './install.machine';
import type { DeviceType, InstallError, InstallOutcome, InstallPlatform } from './install.types';

export type InstallSnapshot = SnapshotFrom<typeof installMachine>;

export type InstallBanner = 'none' | 'custom' | 'iosInstructions' | 'androidInstructions';

export const selectIsInstalled = (snapshot: InstallSnapshot): boolean =>
  snapshot.matches({ installation: 'installed' });

/** The badge "standalone or browser". */
export const selectDisplayMode = (snapshot: InstallSnapshot): 'standalone' | 'browser' =>
  snapshot.context.standalone ? 'standalone' : 'browser';

/** "can install" and "whether a prompt is held": the browser's prompt can be shown now. */
export const selectCanInstall = (snapshot: InstallSnapshot): boolean =>
  snapshot.matches({ installation: { notInstalled: 'promptHeld' } });

/** The "show install prompt" button does something: the browser's prompt or the platform's instructions. */
export const selectCanShowInstallPrompt = (snapshot: InstallSnapshot): boolean =>
  selectCanInstall(snapshot) ||
  (!selectIsInstalled(snapshot) && snapshot.context.platform !== 'other' && !snapshot.hasTag('busy'));

export function selectBanner(snapshot: InstallSnapshot): InstallBanner {
  if (snapshot.matches({ banner: 'custom' })) return 'custom';
  if (snapshot.matches({ banner: 'iosInstructions' })) return 'iosInstructions';
  if (snapshot.matches({ banner: 'androidInstructions' })) return 'androidInstructions';
  return 'none';
}

export interface AutoShowStatus {
  enabled: boolean;
  delay: number;
}

export const selectAutoShow = (snapshot: InstallSnapshot): AutoShowStatus => ({
  enabled: !snapshot.matches({ autoShow: 'off' }),
  delay: snapshot.context.autoShowDelay,
});

export interface PlatformInfo {
  deviceType: DeviceType;
  platform: InstallPlatform;
  /** i18n key of the install instructions for this platform (pwa namespace). */
  instructions: string;
  autoShow: boolean;
  delay: number;
  hasPrompt: boolean;
}

export function selectPlatformInfo(snapshot: InstallSnapshot): PlatformInfo {
  const { deviceType, platform } = snapshot.context;
  const autoShow = selectAutoShow(snapshot);
  return {
    deviceType,
    platform,
    instructions: `install.instructions.${platform}`,
    autoShow: autoShow.enabled,
    delay: autoShow.delay,
    hasPrompt: selectCanInstall(snapshot),
  };
}

export const selectInstallOutcome = (snapshot: InstallSnapshot): InstallOutcome | null =>
  snapshot.context.outcome;
export const selectInstallError = (snapshot: InstallSnapshot): InstallError | null => snapshot.context.error;
