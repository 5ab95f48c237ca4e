/**
 * What a back-office list or a row action's panel shows while it loads, or when it could not: a spinner, or
 * the problem in the user's language (by the server's error code, resource-text.ts) with a way to try again.
 */
import { Alert, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResourceError } from '../../../../machines/resource/resource.types';
import { errorText } from './resource-text';

/** Where a load stands when there is nothing to show yet; null once there is. */
export type LoadStateKind = 'loading' | 'error' | 'offline' | null;

interface LoadStateProps {
  state: LoadStateKind;
  /** The caller's own words for a failed load and for a load waiting for the connection. */
  titles: { error: string; offline: string };
  failure: ResourceError | null;
  onRetry: () => void;
  /** Prefix of the test ids: `<prefix>-loading`, `<prefix>-error`, `<prefix>-offline`, `…-retry`. */
  testId: string;
  /** Room above and below the spinner: a panel's (8) or a whole list's (12). */
  py?: '8' | '12';
}

export function LoadState({ state, titles, failure, onRetry, testId, py = '8' }: LoadStateProps) {
  const { t } = useTranslation('admin');
  if (state === null) return null;
  if (state === 'loading') {
    return (
      <HStack justify="center" py={py} data-testid={`${testId}-loading`}>
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
