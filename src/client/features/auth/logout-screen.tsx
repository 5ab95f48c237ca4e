/**
 * /logout (docs/roles.md#screens-layouts-and-the-menu): opening it is the request to log out. It sends
 * 'logout.request' once on arrival (an intent, like a click, not a reaction to a state) and shows progress
 * while the chart ends the session; once the chart is anonymous it goes to /login. The chart clears the local
 * session whatever the server answers.
 *
 * With writes still waiting in the offline queue (docs/offline.md: "Logging out with unsynced writes asks for
 * confirmation and never deletes the queue"), the chart stops in its `confirming` step with the count and this
 * screen asks: Cancel keeps the session and goes back where the person came from; "Log out anyway" logs out.
 * Either way the queue stays on the device.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import {
  selectIsAuthenticated,
  selectIsBusy,
  selectLogoutStep,
  selectUnsyncedWrites,
} from '../../../../machines/auth/auth.selectors';
import { useAuthActorRef, useAuthSelector } from '../../lib/actors/auth-actor';
import { ModalDialog } from '../../components/modal-dialog';
import { PageLoading } from '../../components/page-loading';

/**
 * Back to the screen the person left for /logout; when /logout was opened directly, '/', whose redirect picks the
 * store's home or, when this person may not open it, a screen they may (app/access.ts homePath).
 */
function useLeave(): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof index === 'number' && index > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  };
}

function ConfirmLogout() {
  const { t } = useTranslation('common');
  const auth = useAuthActorRef();
  const count = useAuthSelector(selectUnsyncedWrites);
  const leave = useLeave();
  const cancel = () => {
    auth.send({ type: 'logout.cancel' });
    leave();
  };
  return (
    <ModalDialog
      role="alertdialog"
      size={{ base: 'full', sm: 'md' }}
      closeOnInteractOutside={false}
      onClose={cancel}
      testId="logout-confirm"
      data={{ 'data-count': count }}
      title={t('offline.logout.title')}
      footerProps={{ gap: '3', flexWrap: 'wrap' }}
      footer={
        <>
          <Button size="lg" minH="11" variant="outline" onClick={cancel} data-testid="logout-cancel">
            {t('offline.logout.cancel')}
          </Button>
          <Button
            size="lg"
            minH="11"
            colorPalette="red"
            onClick={() => auth.send({ type: 'logout.confirm' })}
            data-testid="logout-anyway"
          >
            {t('offline.logout.confirm')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text fontWeight="semibold" data-testid="logout-confirm-count">
          {t('offline.logout.count', { count })}
        </Text>
        <Text>{t('offline.logout.kept')}</Text>
      </Stack>
    </ModalDialog>
  );
}

export function LogoutScreen() {
  const { t } = useTranslation('common');
  const auth = useAuthActorRef();
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const busy = useAuthSelector(selectIsBusy);
  const step = useAuthSelector(selectLogoutStep);

  useEffect(() => {
    auth.send({ type: 'logout.request' });
  }, [auth]);

  if (step === 'confirming') return <ConfirmLogout />;
  if (authenticated || busy) return <PageLoading label={t('auth.logout.progress')} />;
  return <Navigate to="/login" replace />;
}
