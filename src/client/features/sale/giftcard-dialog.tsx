/**
 * Selling a gift card (sales contract: a line of item type 90 with the
 * card's number and its amount as the price; never taxed, never discounted). The number is normalised as the
 * server stores it (upper case, letters, digits and dashes); the server still refuses a number that reads as a
 * bank card or belongs to a deactivated card, and that refusal shows on the ticket.
 */
import { Button, Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCurrency } from '../../../../machines/sale/sale.selectors';
import { parseAmount } from '../../../domain/amount';
import { ITEM_TYPE } from '../../../domain/constants';
import { normaliseCode } from '../../../domain/normalise';
import { DialogFrame } from '../../components/modal-dialog';
import { SaleActor } from './sale-actor';

const GIFTCARD_NUMBER = /^[A-Z0-9-]{1,64}$/;

interface FieldErrors {
  number?: string;
  amount?: string;
}

export function GiftcardDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const currency = SaleActor.useSelector(selectCurrency);
  // What the form last refused: the form's own state, gone when it closes.
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = (next: boolean) => {
    if (!next) setErrors({});
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const number = normaliseCode(String(form.get('number') ?? '')).toUpperCase();
    const amount = parseAmount(String(form.get('amount') ?? ''), currency);
    const found: FieldErrors = {
      ...(GIFTCARD_NUMBER.test(number) ? {} : { number: t('sale.giftcard.numberInvalid') }),
      ...(amount !== null && amount > 0 ? {} : { amount: t('sale.giftcard.amountInvalid') }),
    };
    setErrors(found);
    if (found.number || found.amount || amount === null) return;
    sale.send({
      type: 'line.add',
      item: {
        item_id: 0,
        item_type: ITEM_TYPE.GIFTCARD,
        name: t('sale.giftcard.lineName', { number }),
        taxes: '',
        unit_price: amount,
        giftcard_number: number,
      },
    });
    close(false);
  };

  return (
    <DialogFrame
      open={open}
      onClose={() => close(false)}
      size={{ base: 'full', sm: 'md' }}
      testId="giftcard-dialog"
      closeButton={{ size: 'lg', 'aria-label': t('sale.actions.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{t('sale.giftcard.title')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Field.Root invalid={Boolean(errors.number)} required>
              <Field.Label>{t('sale.giftcard.number')}</Field.Label>
              <Input name="number" size="xl" autoComplete="off" autoCapitalize="characters" />
              <Field.HelperText>{t('sale.giftcard.numberHelp')}</Field.HelperText>
              {errors.number && <Field.ErrorText>{errors.number}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={Boolean(errors.amount)} required>
              <Field.Label>{t('sale.giftcard.amount')}</Field.Label>
              <Input name="amount" size="xl" inputMode="decimal" autoComplete="off" />
              {errors.amount && <Field.ErrorText>{errors.amount}</Field.ErrorText>}
            </Field.Root>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button size="xl" variant="outline">
              {t('sale.actions.cancel')}
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" size="xl" colorPalette="brand" data-testid="giftcard-add">
            {t('sale.giftcard.add')}
          </Button>
        </Dialog.Footer>
      </form>
    </DialogFrame>
  );
}
