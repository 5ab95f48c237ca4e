/**
 * The PWA's banners above every screen (docs/platform.md#start-up startup error banner with Retry;
 * docs/platform.md#updates update messages with Update Now / Later, Updating..., Reloading..., Refresh Page,
 * Close; docs/platform.md#install-prompt update banner auto-dismissed after 30 s, install banner after 10 s,
 * iOS/Android instructions after 15 s). Each is a fact of a chart, rendered here; the timers are the charts'.
 *
 * In the page's flow, at the top, not floating: a floating bar would cover the sale screen's buttons, and these
 * are rare (a failed start, a new version, an install offer). Each is a polite live region (role="status"): none
 * asks for an answer right now, and an alert would cut into a cashier's screen reader mid-sale.
 */
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCanRetry, selectStartupBanner } from '../../../../machines/app-startup/app-startup.selectors';
import { selectBanner } from '../../../../machines/install/install.selectors';
import {
  selectUpdateButtonLabel,
  selectUpdateError,
  selectUpdateMessage,
  selectUpdateStatus,
} from '../../../../machines/worker-update/worker-update.selectors';
import { UPDATE_MESSAGE } from '../../../domain/constants';
import { localMessage, UPDATE_BUTTON_KEYS } from './messages';
import { useOptionalPwaActors } from './pwa-context';
import type { PwaActors } from './pwa-context';

function Banner({
  tone,
  testId,
  title,
  children,
  actions,
}: {
  tone: 'info' | 'error' | 'success';
  testId: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const palette = { info: 'brand', error: 'red', success: 'green' }[tone];
  return (
    <HStack
      role="status"
      data-testid={testId}
      colorPalette={palette}
      bg="colorPalette.subtle"
      color="fg"
      borderBottomWidth="1px"
      borderColor="colorPalette.muted"
      px={{ base: '3', md: '4' }}
      py="2"
      gap="3"
      flexWrap="wrap"
    >
      <Stack gap="0" flex="1" minW="60">
        <Text fontWeight="semibold">{title}</Text>
        {children}
      </Stack>
      {actions && (
        <HStack gap="2" flexWrap="wrap">
          {actions}
        </HStack>
      )}
    </HStack>
  );
}

/** docs/platform.md#start-up: after the retries, "an error banner with a Retry button (reloads the page)". */
function StartupBanner({
  actors,
  banner,
  onHide,
}: {
  actors: PwaActors;
  banner: string;
  onHide: () => void;
}) {
  const { t } = useTranslation('common');
  const canRetry = useSelector(actors.appStartup, selectCanRetry);
  return (
    <Banner
      tone="error"
      testId="startup-banner"
      title={localMessage(t, banner)}
      actions={
        <>
          <Button
            size="sm"
            minH="11"
            colorPalette="red"
            disabled={!canRetry}
            onClick={() => actors.appStartup.send({ type: 'startup.retry' })}
          >
            {t('pwa.startup.retry')}
          </Button>
          <Button size="sm" minH="11" variant="ghost" onClick={onHide}>
            {t('pwa.update.buttons.close')}
          </Button>
        </>
      }
    />
  );
}

const MESSAGE_KEY = new Map<string, string>([
  [UPDATE_MESSAGE.AVAILABLE.title, 'available'],
  [UPDATE_MESSAGE.SUCCESS.title, 'success'],
  [UPDATE_MESSAGE.FAILED.title, 'failed'],
]);

/** docs/platform.md#updates update messages; docs/platform.md#install-prompt the prompt goes after 30 s (the chart's `available` → `deferred`). */
function UpdateBanner({ actors }: { actors: PwaActors }) {
  const { t } = useTranslation('common');
  const update = actors.workerUpdate;
  const message = useSelector(update, selectUpdateMessage);
  const status = useSelector(update, selectUpdateStatus);
  const label = useSelector(update, selectUpdateButtonLabel);
  const error = useSelector(update, selectUpdateError);
  if (!message) return null;
  const key = MESSAGE_KEY.get(message.title) ?? 'available';
  const busy = status === 'activating' || status === 'activated' || status === 'reloading';
  return (
    <Banner
      tone={key === 'failed' ? 'error' : key === 'success' ? 'success' : 'info'}
      testId="update-banner"
      title={t(`pwa.update.${key}.title`)}
      actions={
        key === 'failed' ? (
          <>
            <Button
              size="sm"
              minH="11"
              colorPalette="red"
              onClick={() => update.send({ type: 'update.refresh' })}
            >
              {t('pwa.update.buttons.refreshPage')}
            </Button>
            <Button size="sm" minH="11" variant="ghost" onClick={() => update.send({ type: 'update.close' })}>
              {t('pwa.update.buttons.close')}
            </Button>
          </>
        ) : (
          <>
            <Button
              size="sm"
              minH="11"
              colorPalette="brand"
              loading={busy}
              loadingText={t(UPDATE_BUTTON_KEYS[label] ?? 'pwa.update.buttons.updating')}
              onClick={() => update.send({ type: 'update.now' })}
            >
              {t(UPDATE_BUTTON_KEYS[label] ?? 'pwa.update.buttons.updateNow')}
            </Button>
            {status === 'available' && (
              <Button
                size="sm"
                minH="11"
                variant="ghost"
                onClick={() => update.send({ type: 'update.later' })}
              >
                {t('pwa.update.buttons.later')}
              </Button>
            )}
          </>
        )
      }
    >
      <Text fontSize="sm">{t(`pwa.update.${key}.description`)}</Text>
      {key === 'failed' && error && (
        <Text fontSize="sm" color="fg.muted">
          {localMessage(t, error.message)}
        </Text>
      )}
    </Banner>
  );
}

/** docs/platform.md#install-prompt: the custom install banner (10 s) and the iOS / Android instructions (15 s). */
function InstallBanner({ actors }: { actors: PwaActors }) {
  const { t } = useTranslation('common');
  const install = actors.install;
  const banner = useSelector(install, selectBanner);
  if (banner === 'none') return null;
  const close = (
    <Button size="sm" minH="11" variant="ghost" onClick={() => install.send({ type: 'banner.close' })}>
      {t('pwa.install.banner.notNow')}
    </Button>
  );
  if (banner === 'custom') {
    return (
      <Banner
        tone="info"
        testId="install-banner"
        title={t('pwa.install.banner.title')}
        actions={
          <>
            <Button
              size="sm"
              minH="11"
              colorPalette="brand"
              onClick={() => install.send({ type: 'install.prompt' })}
            >
              {t('pwa.install.banner.install')}
            </Button>
            {close}
          </>
        }
      >
        <Text fontSize="sm">{t('pwa.install.banner.description')}</Text>
      </Banner>
    );
  }
  const platform = banner === 'iosInstructions' ? 'ios' : 'android';
  return (
    <Banner
      tone="info"
      testId="install-instructions"
      title={t(`pwa.install.banner.${platform}Title`)}
      actions={close}
    >
      <Text fontSize="sm">{t(`install.instructions.${platform}`)}</Text>
    </Banner>
  );
}

function Banners({ actors }: { actors: PwaActors }) {
  const { t } = useTranslation('common');
  const startup = useSelector(actors.appStartup, selectStartupBanner);
  const update = useSelector(actors.workerUpdate, selectUpdateMessage);
  const install = useSelector(actors.install, selectBanner);
  // Hiding the startup banner is a view choice of this page; the chart stays failed and the panel says so.
  const [startupHidden, setStartupHidden] = useState(false);
  const showStartup = startup !== null && !startupHidden;
  if (!showStartup && !update && install === 'none') return null;
  return (
    <Box as="aside" aria-label={t('pwa.banners.label')} data-testid="pwa-banners">
      {showStartup && (
        <StartupBanner actors={actors} banner={startup} onHide={() => setStartupHidden(true)} />
      )}
      {update && <UpdateBanner actors={actors} />}
      {install !== 'none' && <InstallBanner actors={actors} />}
    </Box>
  );
}

/** Nothing at all without the platform (a test mounting one screen without <PwaProvider>). */
export function PwaBanners() {
  const actors = useOptionalPwaActors();
  return actors ? <Banners actors={actors} /> : null;
}
