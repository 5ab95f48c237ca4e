/**
 * The error pages 403, 404 and 500 (docs/roles.md#screens-layouts-and-the-menu), translated, each with a way
 * home. They ship in the shell's chunk (not lazily): the 500 page is also the router's error element, shown
 * when a screen's chunk cannot be fetched (docs/platform.md "A chunk load failure gives ChunkLoadError"), so
 * it must not need a fetch itself.
 *
 * "Home" is '/', which the root redirect sends to the user's home or to /login. The page is content only: the
 * layout around it (or the router's error element) provides the <main> landmark.
 */
import { Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

interface ErrorPageProps {
  code: '403' | '404' | '500';
  /** Offer a reload as well (a failed chunk download usually succeeds on the next try). */
  reload?: boolean;
}

export function ErrorPage({ code, reload = false }: ErrorPageProps) {
  const { t } = useTranslation('common');
  return (
    <Stack
      align="center"
      justify="center"
      textAlign="center"
      gap="4"
      minH="100dvh"
      px="6"
      data-testid={`error-${code}`}
    >
      <Text fontSize="6xl" fontWeight="bold" color="brand.fg" lineHeight="1">
        {code}
      </Text>
      <Heading as="h1" size="xl">
        {t(`errors.${code}.title`)}
      </Heading>
      <Text color="fg.muted" maxW="md">
        {t(`errors.${code}.message`)}
      </Text>
      <Stack direction="row" gap="3">
        <Button asChild size="lg" colorPalette="brand">
          <RouterLink to="/">{t('actions.goHome')}</RouterLink>
        </Button>
        {reload && (
          <Button size="lg" variant="outline" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

export function ForbiddenScreen() {
  return <ErrorPage code="403" />;
}

export function NotFoundScreen() {
  return <ErrorPage code="404" />;
}

export function ServerErrorScreen() {
  return <ErrorPage code="500" reload />;
}

export interface ScreenLoadFailedProps {
  /** Fetches the screen again (no page reload: offline, a reload would show the browser's own error page). */
  onRetry: () => void;
  /** The retry is under way. */
  busy?: boolean;
}

/**
 * A screen whose code could not be fetched (offline, no service worker: retryable-screen.tsx, and the router's
 * error element for any other chunk): says so in the cashier's language, with Retry, where the screen would
 * be — the menu and the rest of the layout stay usable.
 */
export function ScreenLoadFailed({ onRetry, busy = false }: ScreenLoadFailedProps) {
  const { t } = useTranslation('common');
  return (
    <Stack
      align="center"
      justify="center"
      textAlign="center"
      gap="4"
      minH="50dvh"
      px="6"
      role="alert"
      data-testid="screen-load-failed"
    >
      <Heading as="h1" size="xl">
        {t('offlineWrites.screenLoad.title')}
      </Heading>
      <Text color="fg.muted" maxW="md">
        {t('offlineWrites.screenLoad.message')}
      </Text>
      <Button size="lg" colorPalette="brand" minH="12" onClick={onRetry} disabled={busy} aria-busy={busy}>
        {busy && <Spinner size="sm" />}
        {t('offlineWrites.screenLoad.retry')}
      </Button>
    </Stack>
  );
}
