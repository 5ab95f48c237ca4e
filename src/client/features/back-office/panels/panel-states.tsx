/**
 * What a row action's panel shows while it loads, or when it could not: a spinner, or the problem in the
 * user's language (by the server's error code, resource-text.ts) with a way to try again. Offline, the panel
 * also loads again by itself when the connection returns (its chart's `connection.online`, online-events.ts).
 */
import { Alert, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRef, Snapshot } from 'xstate';
import type { ResourceError } from '../../../../../machines/resource/resource.types';
import { errorText } from '../resource-text';
import { useOnlineEvent } from './online-events';

/** Where a panel's load stands when it has nothing to show yet; null once it has. */
export type PanelLoadState = 'loading' | 'error' | 'offline' | null;

/**
 * A panel chart's status and load failure, and where its load stands (`loadStates`: the chart's statuses that
 * have nothing to show yet). The chart takes `retry` and `connection.online`; it hears the latter by itself.
 */
export function usePanelLoad<TSnapshot extends Snapshot<unknown>, Status extends string>(
  actor: ActorRef<TSnapshot, { type: 'retry' } | { type: 'connection.online' }>,
  select: {
    status: (snapshot: TSnapshot) => Status;
    failure: (snapshot: TSnapshot) => ResourceError | null;
  },
  loadStates: Partial<Record<Status, PanelLoadState>>,
) {
  useOnlineEvent(actor);
  const status = useSelector(actor, select.status);
  const failure = useSelector(actor, select.failure);
  return {
    status,
    failure,
    load: loadStates[status] ?? null,
    retry: () => actor.send({ type: 'retry' }),
  };
}

interface PanelLoadProps {
  state: PanelLoadState;
  /** The panel's own words for a failed load and for a load waiting for the connection. */
  titles: { error: string; offline: string };
  failure: ResourceError | null;
  onRetry: () => void;
  /** Prefix of the test ids: `<prefix>-loading`, `<prefix>-error`, `<prefix>-offline`, `…-retry`. */
  testId: string;
}

export function PanelLoad({ state, titles, failure, onRetry, testId }: PanelLoadProps) {
  const { t } = useTranslation('admin');
  if (state === null) return null;
  if (state === 'loading') {
    return (
      <HStack justify="center" py="8" data-testid={`${testId}-loading`}>
        <Spinner color="brand.solid" size="lg" />
        <Text>{t('states.loading')}</Text>
      </HStack>
    );
  }
  return (
    <Alert.Root status={state === 'offline' ? 'warning' : 'error'} data-testid={`${testId}-${state}`}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{titles[state]}</Alert.Title>
        {state === 'error' && failure && <Alert.Description>{errorText(t, failure)}</Alert.Description>}
      </Alert.Content>
      <Button minH="11" onClick={onRetry} data-testid={`${testId}-retry`}>
        {t('actions.retry')}
      </Button>
    </Alert.Root>
  );
}
