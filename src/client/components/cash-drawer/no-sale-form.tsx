/**
 * "No sale": open the cash drawer without a sale (docs/printing.md "The cash drawer"). The cashier types a
 * reason, a manager types a PIN on the shared pad; the no-sale chart (machines/no-sale, app/printing-actors.ts)
 * checks the PIN, records the open in the audit log, then fires the drawer. The typed digits live here only until
 * they are sent (docs/roles.md#pin-approvals: a PIN is never kept). Self-contained: the cash drawer screen shows it
 * while a session is open, and the printer tab of the settings dialog beside the drawer options.
 */
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectNoSaleBusy,
  selectNoSaleError,
  selectNoSaleStatus,
} from '../../../../machines/no-sale/no-sale.selectors';
import { PIN_MAX_LENGTH, PIN_MIN_LENGTH } from '../../../../machines/pin-check/pin-check.rules';
import { NO_SALE_REASON_MAX } from '../../../contracts/drawer-no-sale';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { printingActors } from '../../lib/printing/printing-logic';
import { PinPadView } from '../pin-pad/pin-pad';

export function NoSaleForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('common');
  const logic = printingActors.use().noSale;
  const [uuid] = useState(newIdempotencyKey);
  const actor = useActorRef(logic, { input: { uuid } });
  const status = useSelector(actor, selectNoSaleStatus);
  const busy = useSelector(actor, selectNoSaleBusy);
  const error = useSelector(actor, selectNoSaleError);
  const [reason, setReason] = useState('');
  const [digits, setDigits] = useState('');

  const submit = () => {
    if (busy) return;
    actor.send({ type: 'noSale.submit', reason, pin: digits });
    setDigits('');
  };

  if (status === 'opened' || status === 'cancelled') {
    return (
      <Stack gap="3" data-testid="no-sale-result" data-status={status}>
        {status === 'opened' && <Text role="status">{t('noSale.opened')}</Text>}
        <Button variant="outline" minH="11" onClick={onDone}>
          {t('noSale.close')}
        </Button>
      </Stack>
    );
  }

  if (status === 'drawerFailed' || status === 'opening') {
    return (
      <Stack gap="3" data-testid="no-sale-drawer" data-status={status}>
        <Text role={error ? 'alert' : 'status'} color={error ? 'fg.error' : undefined} title={error?.message}>
          {error ? `${t('noSale.drawerFailed')} ${t(error.code)}` : t('noSale.opening')}
        </Text>
        {status === 'drawerFailed' && (
          <Stack direction="row" gap="2">
            <Button colorPalette="brand" minH="11" onClick={() => actor.send({ type: 'noSale.retry' })}>
              {t('printing.retry')}
            </Button>
            <Button variant="outline" minH="11" onClick={() => actor.send({ type: 'noSale.cancel' })}>
              {t('noSale.cancel')}
            </Button>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="4" data-testid="no-sale-form" data-status={status}>
      <Field.Root required invalid={error?.code === 'incomplete' && reason.trim() === ''}>
        <Field.Label>{t('noSale.reason')}</Field.Label>
        <Input
          size="lg"
          value={reason}
          maxLength={NO_SALE_REASON_MAX}
          placeholder={t('noSale.reasonPlaceholder')}
          onChange={(event) => setReason(event.target.value)}
          disabled={busy}
          data-testid="no-sale-reason"
        />
      </Field.Root>
      <PinPadView
        title={t('noSale.pinTitle')}
        description={t('noSale.pinDescription')}
        count={digits.length}
        checking={busy}
        digitsDisabled={busy || digits.length >= PIN_MAX_LENGTH}
        clearDisabled={busy || digits === ''}
        backspaceDisabled={busy || digits === ''}
        submitDisabled={busy || digits.length < PIN_MIN_LENGTH || reason.trim() === ''}
        message={
          error && !busy && digits === '' ? (
            <Text
              role="alert"
              color="fg.error"
              textAlign="center"
              title={error.message}
              data-testid="no-sale-error"
            >
              {t(error.code === 'incomplete' ? 'noSale.errors.incomplete' : error.code)}
            </Text>
          ) : null
        }
        onDigit={(digit) => setDigits((typed) => (typed + digit).slice(0, PIN_MAX_LENGTH))}
        onBackspace={() => setDigits((typed) => typed.slice(0, -1))}
        onClear={() => setDigits('')}
        onSubmit={submit}
      />
      <Button
        variant="outline"
        minH="11"
        disabled={busy}
        onClick={() => actor.send({ type: 'noSale.cancel' })}
      >
        {t('noSale.cancel')}
      </Button>
    </Stack>
  );
}
