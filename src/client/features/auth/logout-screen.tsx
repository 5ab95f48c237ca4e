/**
 * /logout (000 §2): opening it is the request to log out. It sends 'logout.request' once on arrival (an intent,
 * like a click, not a reaction to a state) and shows progress while the chart ends the session; once the chart
 * is anonymous it goes to /login. The chart clears the local session whatever the server answers.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { selectIsAuthenticated, selectIsBusy } from '../../../../machines/auth/auth.selectors';
import { useAuthActorRef, useAuthSelector } from '../../app/auth';
import { PageLoading } from '../../components/page-loading';

export function LogoutScreen() {
  const { t } = useTranslation('common');
  const auth = useAuthActorRef();
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const busy = useAuthSelector(selectIsBusy);

  useEffect(() => {
    auth.send({ type: 'logout.request' });
  }, [auth]);

  if (authenticated || busy) return <PageLoading label={t('auth.logout.progress')} />;
  return <Navigate to="/login" replace />;
}
