/**
 * Errors of the sale screen, said clearly (docs/architecture.md#how-the-work-is-judged: "clear errors on bad
 * input"): the code translated (sale-error-text.ts), the server's own sentence under it where it helps. The
 * banner shows the sale machine's error of the sources this screen places itself; a PIN's error is the PIN
 * dialog's, a payment's the tendering panel's.
 */
import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { selectError } from '../../../../machines/sale/sale.selectors';
import type { SaleErrorSource } from '../../../../machines/sale/sale.types';
import { SaleActor } from './sale-actor';
import { saleErrorText } from './sale-error-text';
import type { CodedError } from './sale-error-text';

export function SaleErrorMessage({ error, testId = 'sale-error' }: { error: CodedError; testId?: string }) {
  const { t, i18n } = useTranslation('common');
  const text = saleErrorText(t, (key) => i18n.exists(key, { ns: 'common' }), error);
  return (
    <Alert.Root status="error" role="alert" data-testid={testId} data-code={error.code}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{text.title}</Alert.Title>
        {text.detail && <Alert.Description>{text.detail}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

/** The sources the banner shows; the others have their own place on the screen. */
const BANNER_SOURCES: ReadonlySet<SaleErrorSource> = new Set(['edit', 'createSale', 'loadSale']);

export function SaleErrorBanner() {
  const error = SaleActor.useSelector(selectError);
  if (!error || !BANNER_SOURCES.has(error.source)) return null;
  return <SaleErrorMessage error={error} />;
}
