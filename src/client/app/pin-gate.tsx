/**
 * The PIN gate (docs/roles.md#access-rules: "report routes with requirePinCode need a PIN check first"; also
 * the screens of the tenant's enterPinCodeScreens): shown in place of a PIN-protected screen until a PIN
 * check passes. The pad is the shared PIN pad on its own pinCheck actor (app/auth.tsx usePinCheckActor); an
 * approval is kept for the session (lib/api/pin-approval.ts, valid 5 minutes, ADR 006), so the gate opens
 * every PIN screen until it expires, and closes again after.
 *
 * Whose PIN opens it: the pinCheck default, a manager, an admin or the owner (docs/roles.md#pin-approvals
 * "managers refund and void with a PIN"); the reports behind it show the whole salon's takings.
 */
import { Card, Heading, Stack } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PinPad } from '../components/pin-pad/pin-pad';
import { pinApprovals } from '../lib/api/pin-approval';
import { usePinCheckActor } from './auth';
import { titleKey } from './routes';
import type { AppRoute } from './routes';

/** Whether a PIN check passed for this session and its approval is still valid. */
export function usePinApproved(): boolean {
  return useSyncExternalStore(pinApprovals.subscribe, pinApprovals.getSnapshot, () => null) !== null;
}

export function PinGate({ route }: { route: AppRoute }) {
  const { t } = useTranslation(['common', 'navigation']);
  const pin = usePinCheckActor();
  const screen = t(titleKey(route), { ns: 'navigation' });
  return (
    <Stack align="center" justify="center" py={{ base: '4', md: '10' }} px="4" data-testid="pin-gate">
      <Heading as="h1" srOnly>
        {screen}
      </Heading>
      <Card.Root maxW="md" w="full">
        <Card.Body>
          <PinPad actor={pin} title={t('pinGate.title')} description={t('pinGate.message', { screen })} />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
