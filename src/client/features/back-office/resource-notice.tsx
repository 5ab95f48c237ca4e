/**
 * A notice above a resource's list that stays until it is put away (a save, a failed export, a refused
 * move): what happened, and a Close button that sends the chart the event that dismisses it.
 */
import { Alert, Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ResourceNotice({
  status,
  title,
  onClose,
  testId,
}: {
  status: 'success' | 'info' | 'error';
  title: ReactNode;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <Alert.Root status={status} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{title}</Alert.Title>
      <Button size="sm" variant="ghost" ms="auto" onClick={onClose}>
        {t('actions.close')}
      </Button>
    </Alert.Root>
  );
}
