/**
 * Paying with a gift card: the number is
 * looked up first (the gift card check machine, GET /api/pos/giftcards/:id), its balance shown, and the amount
 * taken may not exceed that balance (gift-card-check.rules.ts) nor what is due (the sale machine, domain
 * validatePayment: a non-cash payment cannot exceed the balance due). The server debits the card atomically
 * when the sale is created, so a card spent elsewhere meanwhile is refused there.
 */
import { Alert, Button, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { giftCardAmountError } from '../../../../../machines/gift-card-check/gift-card-check.rules';
import {
  selectGiftCard,
  selectGiftCardError,
  selectGiftCardStatus,
  selectUsableGiftCard,
} from '../../../../../machines/gift-card-check/gift-card-check.selectors';
import type { GiftCard } from '../../../../../machines/gift-card-check/gift-card-check.types';
import { selectCurrency, selectPayments } from '../../../../../machines/sale/sale.selectors';
import { PAYMENT_TYPE } from '../../../../domain/constants';
import { AmountPad } from '../../../components/amount-pad/amount-pad';
import { amountOfText, amountTextOf } from '../../../components/amount-pad/amount-text';
import { formatDate } from '../../../lib/format';
import { SaleActor } from '../sale-actor';
import { giftCardPayment } from './tender-kinds';
import type { GiftCardCheckRef } from './tender-forms';
import { PaymentFormError, useBalanceDue, useMoney } from './tender-forms';
import { errorText } from './tendering-text';

export function GiftCardForm({ giftCard, disabled }: { giftCard: GiftCardCheckRef; disabled: boolean }) {
  const { t } = useTranslation('common');
  const status = useSelector(giftCard, selectGiftCardStatus);
  const checkedNumber = useSelector(giftCard, (s) => s.context.number);
  const [number, setNumber] = useState(checkedNumber);
  const checking = status === 'checking';
  const check = () => giftCard.send({ type: 'card.check', number });

  return (
    <Stack gap="4">
      <HStack gap="3" align="flex-end" wrap="wrap">
        <Field.Root flex="1" minW="12rem" required>
          <Field.Label fontSize="md">{t('tendering.giftcard.number')}</Field.Label>
          <Input
            size="xl"
            value={number}
            onChange={(event) => setNumber(event.target.value.slice(0, 64))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                check();
              }
            }}
            autoComplete="off"
            autoCapitalize="characters"
            disabled={disabled || checking}
            data-testid="giftcard-number"
          />
        </Field.Root>
        <Button
          size="xl"
          variant="outline"
          colorPalette="brand"
          onClick={check}
          loading={checking}
          loadingText={t('tendering.giftcard.checking')}
          disabled={disabled}
          data-testid="giftcard-check"
        >
          {t('tendering.giftcard.check')}
        </Button>
      </HStack>
      <GiftCardResult giftCard={giftCard} disabled={disabled} />
    </Stack>
  );
}

function GiftCardResult({ giftCard, disabled }: { giftCard: GiftCardCheckRef; disabled: boolean }) {
  const { t } = useTranslation('common');
  const status = useSelector(giftCard, selectGiftCardStatus);
  const card = useSelector(giftCard, selectGiftCard);
  const usable = useSelector(giftCard, selectUsableGiftCard);
  const error = useSelector(giftCard, selectGiftCardError);
  if (status === 'checking') {
    return (
      <HStack role="status" gap="2">
        <Spinner size="sm" color="brand.solid" />
        <Text>{t('tendering.giftcard.checking')}</Text>
      </HStack>
    );
  }
  return (
    <>
      {card && <CardFacts card={card} />}
      {error && (
        <Alert.Root status="error" role="alert" data-testid="giftcard-error" data-code={error.code}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{errorText(t, error.code)}</Alert.Title>
            {error.code === 'giftCardLookupFailed' && error.message && (
              <Alert.Description>{error.message}</Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
      {/* Keyed by the card: a new card starts from its own balance. */}
      {usable && <GiftCardAmount key={usable.number} card={usable} disabled={disabled} />}
    </>
  );
}

function CardFacts({ card }: { card: GiftCard }) {
  const { t, i18n } = useTranslation('common');
  const money = useMoney();
  return (
    <Stack gap="1" data-testid="giftcard-facts">
      <Text fontSize="xl" fontWeight="bold" data-testid="giftcard-balance">
        {t('tendering.giftcard.balance', { number: card.number, amount: money(card.balance) })}
      </Text>
      {card.expires_at && (
        <Text color={card.is_expired ? 'fg.error' : 'fg.muted'}>
          {t('tendering.giftcard.expires', { date: formatDate(card.expires_at, i18n.language) })}
        </Text>
      )}
    </Stack>
  );
}

function GiftCardAmount({ card, disabled }: { card: GiftCard; disabled: boolean }) {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const money = useMoney();
  const currency = SaleActor.useSelector(selectCurrency);
  const due = useBalanceDue();
  // The amount is what this card pays in all: taking it again replaces the card's payment
  // (docs/sales.md#editing-the-order), so what
  // it already pays counts as still available to it.
  const onCard = SaleActor.useSelector(
    (s) =>
      selectPayments(s).find(
        (p) => p.payment_type === PAYMENT_TYPE.GIFTCARD && p.payment_info?.reference === card.number,
      )?.payment_amount ?? 0,
  );
  const max = Math.min(card.balance, due + onCard);
  const [text, setText] = useState(() => amountTextOf(max, currency));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const amount = amountOfText(text, currency);

  const submit = () => {
    if (amount === null) return setFieldError('amountInvalid');
    // ≤ 0 goes to the sale, which refuses it with the domain's own code (amountNotPositive).
    const refusal = amount > 0 ? giftCardAmountError(card, amount) : null;
    if (refusal) return setFieldError(refusal);
    const built = giftCardPayment(amount, card.number);
    if ('payment' in built) {
      setFieldError(null);
      sale.send({ type: 'payment.set', payment: built.payment });
    }
  };

  return (
    <Stack gap="4">
      <AmountPad
        id="giftcard-amount"
        label={t('tendering.amount')}
        value={text}
        onChange={(next) => {
          setText(next);
          setFieldError(null);
        }}
        currency={currency}
        onSubmit={submit}
        hint={t('tendering.giftcard.upTo', { amount: money(max) })}
        disabled={disabled}
      />
      <PaymentFormError fieldError={fieldError} />
      <Button size="xl" colorPalette="brand" onClick={submit} disabled={disabled} data-testid="add-payment">
        {t('tendering.add')}
      </Button>
    </Stack>
  );
}
