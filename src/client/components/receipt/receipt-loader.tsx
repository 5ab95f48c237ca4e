/**
 * A receipt loaded by its sale uuid, driven by the receipt chart (machines/receipt, with the real load app/
 * provides through receipt-logic.ts): a spinner while loading, the receipt when shown, "not found" for a link that names
 * no receipt, and the failure with a retry otherwise. Every state is the chart's; this component only renders
 * the snapshot and sends 'receipt.retry'. The actor lives as long as the component: give it a `key` of the
 * uuid so another sale starts a fresh load.
 */
import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCanRetry,
  selectReceipt,
  selectReceiptError,
  selectReceiptStatus,
} from '../../../../machines/receipt/receipt.selectors';
import type { ReceiptData } from '../../../contracts/receipts';
import { receiptLogic } from './receipt-logic';
import { ReceiptView } from './receipt-view';

export interface ReceiptLoaderProps {
  uuid: string;
  headingLevel?: 'h1' | 'h2';
  /** The buttons under the receipt; given the receipt once it is shown, null before. */
  actions?: (receipt: ReceiptData | null) => ReactNode;
}

export function ReceiptLoader({ uuid, headingLevel = 'h2', actions }: ReceiptLoaderProps) {
  const { t } = useTranslation('common');
  const logic = receiptLogic.use();
  const actor = useActorRef(logic, { input: { uuid } });
  const status = useSelector(actor, selectReceiptStatus);
  const receipt = useSelector(actor, selectReceipt);
  const error = useSelector(actor, selectReceiptError);
  const canRetry = useSelector(actor, selectCanRetry);
  const HeadingTag = headingLevel;

  return (
    <Stack gap="4" align="center" w="full" data-testid="receipt-loader" data-status={status}>
      {status === 'loading' && (
        <Stack role="status" align="center" gap="3" py="10" data-testid="receipt-loading">
          <Spinner size="lg" color="brand.fg" />
          <Text>{t('receipt.loading')}</Text>
        </Stack>
      )}
      {status === 'shown' && receipt && <ReceiptView receipt={receipt} headingLevel={headingLevel} />}
      {(status === 'notFound' || status === 'failed') && error && (
        <Alert.Root
          status={status === 'notFound' ? 'warning' : 'error'}
          role="alert"
          maxW="md"
          data-testid={status === 'notFound' ? 'receipt-not-found' : 'receipt-failed'}
        >
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title asChild>
              <HeadingTag>
                {t(status === 'notFound' ? 'receipt.notFoundTitle' : 'receipt.failedTitle')}
              </HeadingTag>
            </Alert.Title>
            <Alert.Description>{t(error.code, { defaultValue: error.message })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {(canRetry || actions) && (
        <Stack
          direction={{ base: 'column', sm: 'row' }}
          gap="3"
          w="full"
          maxW="md"
          justify="center"
          className="receipt-no-print"
        >
          {canRetry && (
            <Button size="lg" variant="outline" onClick={() => actor.send({ type: 'receipt.retry' })}>
              {t('receipt.actions.retry')}
            </Button>
          )}
          {actions?.(status === 'shown' ? receipt : null)}
        </Stack>
      )}
    </Stack>
  );
}

export { PrintReceiptButton } from './print-receipt-button';
