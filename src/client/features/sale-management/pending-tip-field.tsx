/**
 * One employee's tip as a field of the edit mode (changes-bar.tsx), in the open sale: what is typed stays in the
 * field (its keystrokes in useState), what it means goes to the list chart as a pending change (`change.tip`):
 * an amount, or null while the text is not one (the chart then refuses to save). Typed back to the tip the sale
 * holds, the change disappears. Give it a `key` of the sale, the employee and the tip held, so a reloaded sale
 * starts from its new value.
 */
import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectPendingOf } from '../../../../machines/sale-list/sale-list.selectors';
import { parseAmount } from '../../../domain/amount';
import { toDecimalString } from '../../../domain/money';
import type { Minor } from '../../../domain/order.types';
import { useSaleFormat } from './sale-format';
import { SaleListActor } from './sale-list-actor';

export interface PendingTipFieldProps {
  saleId: number;
  ticketNo: number;
  employee: { id: number; name: string };
  /** The tip the sale holds now. */
  original: Minor;
}

export function PendingTipField({ saleId, ticketNo, employee, original }: PendingTipFieldProps) {
  const { t } = useTranslation('common');
  const format = useSaleFormat();
  const actor = SaleListActor.useActorRef();
  const pending = SaleListActor.useSelector(
    (snapshot) =>
      selectPendingOf(snapshot, saleId)?.tips?.find((tip) => tip.user_id === employee.id)?.tip_amount,
  );
  const [text, setText] = useState(() =>
    pending === null ? '' : toDecimalString(pending ?? original, format.currency),
  );
  const invalid = pending === null;
  const change = (next: string) => {
    setText(next);
    const amount = parseAmount(next, format.currency);
    actor.send({
      type: 'change.tip',
      saleId,
      ticketNo,
      userId: employee.id,
      amount: amount !== null && amount >= 0 ? amount : null,
      original,
    });
  };
  return (
    <Field.Root invalid={invalid} data-testid="pending-tip">
      <Field.Label>{t('sale_management.tip.label', { name: employee.name })}</Field.Label>
      <Input
        size="lg"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => change(event.currentTarget.value)}
      />
      {invalid ? (
        <Field.ErrorText>{t('sale_management.tip.invalid')}</Field.ErrorText>
      ) : (
        pending !== undefined && (
          <Field.HelperText>
            {t('sale_management.changes.was', { amount: format.money(original) })}
          </Field.HelperText>
        )
      )}
    </Field.Root>
  );
}
