/**
 * Context, events, input and actor contracts of the install prompt (docs/platform.md#install-prompt "Install
 * prompts" tab, docs/platform.md#install-prompt "Install", docs/platform.md#install-prompt banner timings).
 */

export type InstallPlatform = 'ios' | 'android' | 'other';
export type DeviceType = 'mobile' | 'tablet' | 'desktop';
export type InstallOutcome = 'accepted' | 'dismissed';

export interface InstallInput {
  /** From the user agent (the tab's "platform (Android, iOS or other)"); default 'other'. */
  platform?: InstallPlatform;
  deviceType?: DeviceType;
  /** display-mode: standalone (or navigator.standalone on iOS) at start: counts as installed. */
  standalone?: boolean;
  /** Auto-show is on at start; default true with the 3000 ms default delay (docs/platform.md#install-prompt). */
  autoShow?: boolean;
  autoShowDelay?: number;
}

export interface InstallError {
  code: string;
  message: string;
}

export interface InstallContext {
  platform: InstallPlatform;
  deviceType: DeviceType;
  standalone: boolean;
  autoShowDelay: number;
  /** Auto-show as the input gave it; read once, by the autoShow region's first step. */
  autoShowAtStart: boolean;
  outcome: InstallOutcome | null;
  error: InstallError | null;
}

export type InstallEvent =
  /** beforeinstallprompt: the app keeps the event object; the chart knows a prompt is held. */
  | { type: 'install.promptCaptured' }
  /** Show install prompt (the tab's button, or Install on the custom banner). */
  | { type: 'install.prompt' }
  /** appinstalled. */
  | { type: 'install.installed' }
  | { type: 'install.showBanner' }
  | { type: 'banner.close' }
  /** Enable auto-show; the tab's button passes 5000 ms (docs/platform.md#install-prompt). */
  | { type: 'autoShow.enable'; delay?: number }
  | { type: 'autoShow.disable' }
  /** Internal: raised when the auto-show delay has passed and there is something to show. */
  | { type: 'install.autoShow' };

export interface ShowPromptOutput {
  outcome: InstallOutcome;
}
