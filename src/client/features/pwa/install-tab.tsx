/**
 * Tab 3, "Install prompts" (docs/platform.md#install-prompt): badges for support, can install, installed,
 * standalone or browser; the buttons show install prompt, show custom banner, enable auto-show after 5 s and
 * disable auto-show; the platform info (device type, platform, install instructions, auto-show status, delay,
 * whether a prompt is held). The install chart (machines/install) decides; the banners themselves are
 * pwa-banners.tsx.
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectAutoShow,
  selectCanInstall,
  selectCanShowInstallPrompt,
  selectDisplayMode,
  selectInstallError,
  selectIsInstalled,
  selectPlatformInfo,
} from '../../../../machines/install/install.selectors';
import { INSTALL } from '../../../domain/constants';
import { errorText } from './messages';
import type { PwaActors } from './pwa-context';
import { formatSeconds } from './pwa-format';
import { Badges, Fact, Facts, Section, StateBadge } from './settings-ui';

export function InstallTab({ actors }: { actors: PwaActors }) {
  const { t, i18n } = useTranslation('common');
  const install = actors.install;
  const installed = useSelector(install, selectIsInstalled);
  const canInstall = useSelector(install, selectCanInstall);
  const canShowPrompt = useSelector(install, selectCanShowInstallPrompt);
  const displayMode = useSelector(install, selectDisplayMode);
  const autoShow = useSelector(install, selectAutoShow);
  const info = useSelector(install, selectPlatformInfo);
  const error = useSelector(install, selectInstallError);
  // The browser offers its prompt (Chromium), or the platform has a manual way (iOS, Android instructions).
  const supported = actors.capabilities.installPromptEvent || info.platform !== 'other';
  return (
    <Stack gap="4">
      <Section title={t('pwa.install.status')} testId="install-status">
        <Badges>
          <StateBadge on={supported} testId="install-supported">
            {supported ? t('pwa.install.supported') : t('pwa.install.unsupported')}
          </StateBadge>
          <StateBadge on={canInstall} testId="install-can">
            {canInstall ? t('pwa.install.canInstall') : t('pwa.install.cannotInstall')}
          </StateBadge>
          <StateBadge on={installed} testId="install-installed">
            {installed ? t('pwa.install.installed') : t('pwa.install.notInstalled')}
          </StateBadge>
          <StateBadge on={displayMode === 'standalone'} testId="install-display">
            {t(`pwa.install.display.${displayMode}`)}
          </StateBadge>
        </Badges>
        <HStack gap="2" flexWrap="wrap">
          <Button
            colorPalette="brand"
            minH="11"
            disabled={!canShowPrompt}
            onClick={() => install.send({ type: 'install.prompt' })}
          >
            {t('pwa.install.showPrompt')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            disabled={installed}
            onClick={() => install.send({ type: 'install.showBanner' })}
          >
            {t('pwa.install.showBanner')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            onClick={() =>
              install.send({ type: 'autoShow.enable', delay: INSTALL.AUTO_SHOW_BUTTON_DELAY_MS })
            }
          >
            {t('pwa.install.enableAutoShow', {
              time: formatSeconds(INSTALL.AUTO_SHOW_BUTTON_DELAY_MS, i18n.language),
            })}
          </Button>
          <Button
            variant="outline"
            minH="11"
            disabled={!autoShow.enabled}
            onClick={() => install.send({ type: 'autoShow.disable' })}
          >
            {t('pwa.install.disableAutoShow')}
          </Button>
        </HStack>
        {error && (
          <Text color="fg.error" role="status">
            {errorText(t, error)}
          </Text>
        )}
      </Section>
      <Section title={t('pwa.install.platformInfo')} testId="install-platform">
        <Facts>
          <Fact
            label={t('pwa.install.deviceType')}
            value={t(`pwa.device.${info.deviceType}`)}
            testId="install-device"
          />
          <Fact
            label={t('pwa.install.platform')}
            value={t(`pwa.platform.${info.platform}`)}
            testId="install-os"
          />
          <Fact
            label={t('pwa.install.autoShow')}
            value={autoShow.enabled ? t('pwa.install.autoShowOn') : t('pwa.install.autoShowOff')}
            testId="install-auto-show"
          />
          <Fact
            label={t('pwa.install.delay')}
            value={formatSeconds(info.delay, i18n.language)}
            testId="install-delay"
          />
          <Fact
            label={t('pwa.install.promptHeld')}
            value={info.hasPrompt ? t('pwa.install.held') : t('pwa.install.notHeld')}
            testId="install-held"
          />
        </Facts>
        <Fact
          label={t('pwa.install.instructions')}
          value={t(info.instructions)}
          testId="install-instructions-text"
        />
      </Section>
    </Stack>
  );
}
