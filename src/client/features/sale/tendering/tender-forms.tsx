/**
 * The forms of the payment types that need no server round trip before they are taken: cash (with quick-cash
 * buttons and the change to give), credit card (brand, last 4, approval code: docs/security.md#card-data,
 * never a card number), check / coupon / voucher / Venmo / others (a reference), and points (the customer's).
 * Each builds a Payment with tender-kinds.ts and sends payment.set; the sale machine checks the amount
 * against the balance (domain validatePayment) and keeps its refusal as the error shown under the form
 * (PaymentFormError).
 *
 * The typed text of a field is the form's own state (useState); what was taken, refused or is due is the
 * sale machine's.
 */
import { Alert, Button, Field, HStack, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { giftCardCheckMachine } from '../../../../../machines/gift-card-check/gift-card-check.machine';
import type { paymentRequestMachine } from '../../../../../machines/payment-request/payment-request.machine';
import {
  selectCurrency,
  selectCustomer,
  selectError,
  selectPayments,
  selectTotals,
} from '../../../../../machines/sale/sale.selectors';
import { cashTendered } from '../../../../domain/payments';
import type { Minor } from '../../../../domain/order.types';
import { AmountPad } from '../../../components/amount-pad/amount-pad';
import { amountOfText, amountTextOf } from '../../../components/amount-pad/amount-text';
import { formatMoney, formatNumber } from '../../../lib/format';
import { SaleActor } from '../sale-actor';
import { quickCashAmounts } from './quick-cash';
import {
  CARD_BRANDS,
  cardPayment,
  cashPayment,
  pointsPayment,
  pointsWorth,
  referencePayment,
  REFERENCE_KINDS,
} from './tender-kinds';
import type { Built, FieldErrorCode, ReferenceKind } from './tender-kinds';
import { OfflineCardNotice } from './offline-card-notice';
import { offlineRefusalText } from './offline-card-text';
import { errorText } from './tendering-text';

export type PaymentRequestRef = ActorRefFrom<typeof paymentRequestMachine>;
export type GiftCardCheckRef = ActorRefFrom<typeof giftCardCheckMachine>;

/** The store's money formatter in the user's language. */
export function useMoney(): (minor: Minor) => string {
  const { i18n } = useTranslation('common');
  const currency = SaleActor.useSelector(selectCurrency);
  return (minor) => formatMoney(minor, i18n.language, currency);
}

export function useBalanceDue(): Minor {
  return SaleActor.useSelector((s) => selectTotals(s).balance_due);
}

/**
 * Sends a built payment to the sale, or keeps the form's own refusal. Returns the setter of that refusal so the
 * form clears it when the cashier edits.
 */
export function useTakePayment(): {
  fieldError: FieldErrorCode | null;
  setFieldError: (code: FieldErrorCode | null) => void;
  take: (built: Built) => void;
} {
  const sale = SaleActor.useActorRef();
  const [fieldError, setFieldError] = useState<FieldErrorCode | null>(null);
  const take = (built: Built) => {
    if ('error' in built) {
      setFieldError(built.error);
      return;
    }
    setFieldError(null);
    sale.send({ type: 'payment.set', payment: built.payment });
  };
  return { fieldError, setFieldError, take };
}

/**
 * Why the last payment was refused: the form's own check, else the sale machine's (source 'payment', the
 * domain's codes: amountNotPositive, exceedsBalanceForNonCash, nothingDue…, and offlineCardLimit with the
 * limit and what is left).
 */
export function PaymentFormError({ fieldError }: { fieldError: string | null }) {
  const { t } = useTranslation('common');
  const money = useMoney();
  const saleError = SaleActor.useSelector(selectError);
  const paymentError = saleError?.source === 'payment' ? saleError : null;
  const code = fieldError ?? paymentError?.code ?? null;
  if (!code) return null;
  const offlineRefusal = fieldError === null ? paymentError?.offlineCard : undefined;
  return (
    <Alert.Root status="error" role="alert" data-testid="payment-error" data-code={code}>
      <Alert.Indicator />
      <Alert.Title>
        {offlineRefusal ? offlineRefusalText(t, offlineRefusal, money) : errorText(t, code)}
      </Alert.Title>
    </Alert.Root>
  );
}

/**
 * The amount pad of a payment form: the store currency, the balance due as its hint, and a change that clears
 * the form's last error (the cashier is correcting it). One place, so every payment type reads the same.
 */
export function DueAmountPad({
  id,
  label,
  value,
  onChange,
  onSubmit,
  clearError,
  disabled,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (next: string) => void;
  onSubmit: () => void;
  clearError: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('common');
  const money = useMoney();
  const currency = SaleActor.useSelector(selectCurrency);
  const due = useBalanceDue();
  return (
    <AmountPad
      id={id}
      label={label ?? t('tendering.amount')}
      value={value}
      onChange={(next) => {
        onChange(next);
        clearError();
      }}
      currency={currency}
      onSubmit={onSubmit}
      hint={t('tendering.dueHint', { amount: money(due) })}
      disabled={disabled}
    />
  );
}

function AddButton({
  onClick,
  disabled,
  label,
}: {
  onClick: () => void;
  disabled?: boolean;
  label?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Button size="xl" colorPalette="brand" onClick={onClick} disabled={disabled} data-testid="add-payment">
      {label ?? t('tendering.add')}
    </Button>
  );
}

/** The amount field of a non-cash form, prefilled with what is due (or less, when `max` is lower). */
function useAmountText(max?: Minor): [string, (text: string) => void, Minor | null] {
  const currency = SaleActor.useSelector(selectCurrency);
  const due = useBalanceDue();
  const [text, setText] = useState(() => amountTextOf(Math.min(due, max ?? due), currency));
  return [text, setText, amountOfText(text, currency)];
}

// ---- cash ------------------------------------------------------------------------------------------------

export function CashForm({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('common');
  const money = useMoney();
  const currency = SaleActor.useSelector(selectCurrency);
  const due = useBalanceDue();
  const cashTaken = SaleActor.useSelector((s) => cashTendered(selectPayments(s)));
  const [text, setText] = useState('');
  const { fieldError, setFieldError, take } = useTakePayment();
  const amount = amountOfText(text, currency);
  const change = amount !== null && amount > due ? amount - due : 0;
  const takeCash = (value: Minor | null) => take(cashPayment(value, cashTaken));

  return (
    <Stack gap="4">
      <Stack gap="2">
        <Text fontWeight="semibold" id="quick-cash-label">
          {t('tendering.cash.quick')}
        </Text>
        <Wrap gap="2" role="group" aria-labelledby="quick-cash-label">
          {quickCashAmounts(due, currency).map((value, index) => (
            <Button
              key={value}
              size="xl"
              variant={index === 0 ? 'solid' : 'subtle'}
              colorPalette="brand"
              disabled={disabled}
              onClick={() => takeCash(value)}
              data-testid={index === 0 ? 'quick-cash-exact' : 'quick-cash'}
            >
              {index === 0 ? t('tendering.cash.exact', { amount: money(value) }) : money(value)}
            </Button>
          ))}
        </Wrap>
      </Stack>
      <DueAmountPad
        id="cash-amount"
        label={t('tendering.cash.received')}
        value={text}
        onChange={setText}
        onSubmit={() => takeCash(amount)}
        clearError={() => setFieldError(null)}
        disabled={disabled}
      />
      {change > 0 && (
        <Text fontSize="xl" fontWeight="semibold" color="brand.fg" data-testid="change-preview">
          {t('tendering.cash.changePreview', { amount: money(change) })}
        </Text>
      )}
      <PaymentFormError fieldError={fieldError} />
      <AddButton onClick={() => takeCash(amount)} disabled={disabled} label={t('tendering.cash.add')} />
    </Stack>
  );
}

// ---- credit card -----------------------------------------------------------------------------------------

export function CardForm({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('common');
  const [text, setText, amount] = useAmountText();
  const [brand, setBrand] = useState<string>(CARD_BRANDS[0]);
  const [last4, setLast4] = useState('');
  const [approvalCode, setApprovalCode] = useState('');
  const { fieldError, setFieldError, take } = useTakePayment();
  const submit = () => take(cardPayment(amount, { brand, last4, approvalCode }));

  return (
    <Stack gap="4">
      <OfflineCardNotice />
      <HStack gap="3" align="flex-start" wrap="wrap">
        <Field.Root flex="1" minW="10rem">
          <Field.Label fontSize="md">{t('tendering.card.brand')}</Field.Label>
          <NativeSelect.Root size="lg" disabled={disabled}>
            <NativeSelect.Field
              value={brand}
              onChange={(event) => setBrand(event.currentTarget.value)}
              data-testid="card-brand"
            >
              {CARD_BRANDS.map((name) => (
                <option key={name} value={name}>
                  {name === 'Other' ? t('tendering.card.otherBrand') : name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root flex="1" minW="8rem" required invalid={fieldError === 'last4Invalid'}>
          <Field.Label fontSize="md">{t('tendering.card.last4')}</Field.Label>
          <Input
            size="lg"
            value={last4}
            onChange={(event) => {
              // Digits only and four at most: a full card number cannot even be typed here (docs/security.md#card-data).
              setLast4(event.target.value.replace(/\D/g, '').slice(0, 4));
              setFieldError(null);
            }}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            disabled={disabled}
            data-testid="card-last4"
          />
          <Field.HelperText>{t('tendering.card.last4Help')}</Field.HelperText>
        </Field.Root>
        <Field.Root flex="1" minW="8rem" invalid={fieldError === 'approvalCodeInvalid'}>
          <Field.Label fontSize="md">{t('tendering.card.approvalCode')}</Field.Label>
          <Input
            size="lg"
            value={approvalCode}
            onChange={(event) => {
              setApprovalCode(event.target.value.slice(0, 12));
              setFieldError(null);
            }}
            autoComplete="off"
            maxLength={12}
            disabled={disabled}
            data-testid="card-approval"
          />
        </Field.Root>
      </HStack>
      <DueAmountPad
        id="card-amount"
        value={text}
        onChange={setText}
        onSubmit={submit}
        clearError={() => setFieldError(null)}
        disabled={disabled}
      />
      <PaymentFormError fieldError={fieldError} />
      <AddButton onClick={submit} disabled={disabled} />
    </Stack>
  );
}

// ---- check, coupon, voucher, Venmo, others -----------------------------------------------------------------

/**
 * A payment of a reference and an amount. `onReferenceChange` hears each keystroke of the reference (a coupon's
 * check looks its code up as it is typed); `extra` is drawn under the reference with a `take(amount)` that adds
 * the payment of that amount for the reference typed (a coupon's "Use 5.15").
 */
export function ReferenceForm({
  kind,
  disabled,
  onReferenceChange,
  extra,
}: {
  kind: ReferenceKind;
  disabled: boolean;
  onReferenceChange?: (reference: string) => void;
  extra?: (take: (amount: Minor) => void) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const [text, setText, amount] = useAmountText();
  const [reference, setReference] = useState('');
  const { fieldError, setFieldError, take } = useTakePayment();
  const required = REFERENCE_KINDS[kind].required;
  const submit = () => take(referencePayment(kind, amount, reference));
  const takeAmount = (value: Minor) => take(referencePayment(kind, value, reference));
  const referenceInvalid =
    fieldError === 'referenceRequired' ||
    fieldError === 'referenceInvalid' ||
    fieldError === 'referenceLooksLikeCard';

  return (
    <Stack gap="4">
      <Field.Root required={required} invalid={referenceInvalid}>
        <Field.Label fontSize="md">
          {t(`tendering.reference.${kind}`)}
          {!required && (
            <Text as="span" color="fg.muted" fontWeight="normal">
              {' '}
              {t('tendering.reference.optional')}
            </Text>
          )}
        </Field.Label>
        <Input
          size="lg"
          value={reference}
          onChange={(event) => {
            const next = event.target.value.slice(0, 64);
            setReference(next);
            setFieldError(null);
            onReferenceChange?.(next);
          }}
          autoComplete="off"
          disabled={disabled}
          data-testid="payment-reference"
        />
      </Field.Root>
      {extra?.(takeAmount)}
      <DueAmountPad
        id={`${kind}-amount`}
        value={text}
        onChange={setText}
        onSubmit={submit}
        clearError={() => setFieldError(null)}
        disabled={disabled}
      />
      <PaymentFormError fieldError={fieldError} />
      <AddButton onClick={submit} disabled={disabled} />
    </Stack>
  );
}

// ---- points ----------------------------------------------------------------------------------------------

export function PointsForm({ disabled }: { disabled: boolean }) {
  const { t, i18n } = useTranslation('common');
  const money = useMoney();
  const customer = SaleActor.useSelector(selectCustomer);
  const points = customer ? (customer.point_balance ?? 0) : null;
  const worth = pointsWorth(points ?? 0);
  const currency = SaleActor.useSelector(selectCurrency);
  const [text, setText, amount] = useAmountText(worth);
  const { fieldError, setFieldError, take } = useTakePayment();

  if (!customer) {
    // docs/sales.md#editing-the-order / services/payments/tenders.ts: points are the customer's, so a sale
    // without one cannot pay with them.
    return (
      <Alert.Root status="info" data-testid="points-no-customer">
        <Alert.Indicator />
        <Alert.Title>{t('tendering.points.noCustomer')}</Alert.Title>
      </Alert.Root>
    );
  }
  const submit = () => take(pointsPayment(amount, points));
  return (
    <Stack gap="4">
      <Text fontSize="lg" data-testid="points-available">
        {t('tendering.points.available', {
          name: customer.name,
          points: formatNumber(points ?? 0, i18n.language),
          amount: money(worth),
        })}
      </Text>
      <AmountPad
        id="points-amount"
        label={t('tendering.amount')}
        value={text}
        onChange={(next) => {
          setText(next);
          setFieldError(null);
        }}
        currency={currency}
        onSubmit={submit}
        disabled={disabled || worth === 0}
      />
      <PaymentFormError fieldError={fieldError} />
      <AddButton onClick={submit} disabled={disabled || worth === 0} />
    </Stack>
  );
}
