/**
 * The manager's PIN for a manager discount: shown
 * while the sale machine is in awaitingPin. The PIN pad is the shared one (components/pin-pad PinPadView);
 * the typed digits live here only until they are sent, because the sale machine takes the whole PIN in
 * pin.submit and never keeps it (docs/roles.md#pin-approvals). Checking, the refusal and the approval are the
 * machine's.
 *
 * What a refusal reads: a wrong PIN says what the server's sentence says (how many tries are left), in the
 * reader's language; the correct PIN of someone who may not approve (a cashier) is the machine's
 * pinNotApprover, said plainly.
 */
import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PIN_MAX_LENGTH, PIN_MIN_LENGTH } from '../../../../machines/pin-check/pin-check.rules';
import type { PinDigit } from '../../../../machines/pin-check/pin-check.types';
import {
  selectCurrency,
  selectError,
  selectIsCheckingPin,
  selectIsPinRequired,
  selectPendingManagerDiscount,
} from '../../../../machines/sale/sale.selectors';
import type { SaleError } from '../../../../machines/sale/sale.types';
import { ModalDialog } from '../../components/modal-dialog';
import { PinPadView } from '../../components/pin-pad/pin-pad';
import { discountText } from './discounts-format';
import { SaleActor } from './sale-actor';

/**
 * A refusal in the reader's language: a wrong PIN says how many tries are left before the lock (the answer's
 * details.tries_left, carried as `remaining`), a cashier's PIN says plainly who may approve.
 * Unknown codes fall back to the server's own sentence.
 */
function pinErrorText(t: TFunction, error: SaleError): string {
  const fallback = error.message ?? t('saleExtras.pin.failed');
  switch (error.code) {
    case 'pinNotApprover':
      return t('saleExtras.pin.notApprover');
    case 'pinWrong': {
      const remaining = error.remaining;
      return remaining === undefined
        ? t('pin.errors.wrong')
        : t('pin.errors.wrongWithTries', { count: remaining });
    }
    case 'pinLocked':
      return t('pin.errors.locked');
    case 'network':
      return t('api.errors.network');
    case 'timeout':
      return t('api.errors.timeout');
    default:
      return fallback;
  }
}

export function ManagerPinDialog() {
  const { t, i18n } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const open = SaleActor.useSelector(selectIsPinRequired);
  const checking = SaleActor.useSelector(selectIsCheckingPin);
  const error = SaleActor.useSelector(selectError);
  const pending = SaleActor.useSelector(selectPendingManagerDiscount);
  const currency = SaleActor.useSelector(selectCurrency);
  // The keystrokes of one PIN; emptied when it is sent (a PIN is never kept longer than that).
  const [digits, setDigits] = useState('');

  const pinError = error?.source === 'pin' ? error : null;
  // The refusal stays readable until the next PIN is being typed.
  const showError = pinError !== null && digits === '' && !checking;
  const cancel = () => {
    setDigits('');
    sale.send({ type: 'pin.cancel' });
  };
  const submit = () => {
    if (digits.length < PIN_MIN_LENGTH || checking) return;
    sale.send({ type: 'pin.submit', pin: digits });
    setDigits('');
  };

  return (
    <ModalDialog
      open={open}
      onClose={cancel}
      size={{ base: 'full', sm: 'md' }}
      role="alertdialog"
      // WHY: the discounts dialog closing hands focus back to its button, outside this one, which would
      // otherwise count as a dismissal (pin.cancel) the moment the PIN is asked. Cancelling is explicit.
      closeOnInteractOutside={false}
      testId="manager-pin-dialog"
      closeButton={{ size: 'lg', 'aria-label': t('saleExtras.pin.cancel') }}
      title={t('saleExtras.pin.title')}
      bodyProps={{ pb: '6' }}
    >
      <PinPadView
        title={t('saleExtras.pin.padTitle')}
        description={
          pending
            ? t('saleExtras.pin.forDiscount', {
                discount: discountText(pending, i18n.language, currency),
              })
            : undefined
        }
        count={digits.length}
        checking={checking}
        digitsDisabled={checking || digits.length >= PIN_MAX_LENGTH}
        clearDisabled={checking || digits === ''}
        backspaceDisabled={checking || digits === ''}
        submitDisabled={checking || digits.length < PIN_MIN_LENGTH}
        message={
          showError ? (
            <Text
              role="alert"
              color="fg.error"
              fontWeight="medium"
              textAlign="center"
              data-testid="pin-error"
            >
              {pinErrorText(t, pinError)}
            </Text>
          ) : null
        }
        onDigit={(digit: PinDigit) => setDigits((typed) => (typed + digit).slice(0, PIN_MAX_LENGTH))}
        onBackspace={() => setDigits((typed) => typed.slice(0, -1))}
        onClear={() => setDigits('')}
        onSubmit={submit}
      />
    </ModalDialog>
  );
}
