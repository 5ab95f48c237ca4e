/**
 * The tendering panel of the sale screen (docs/architecture.md#statecharts sale: tendering → completing
 * → receipt; docs/money.md step 9): the balance due, big; a button for every payment type of the spec
 * (docs/sales.md#payments); the form of the chosen type; the payments taken, each removable; Back to the
 * ticket and Complete.
 *
 * It renders the sale machine's snapshot (SaleActor) and sends it typed events: payment.set, payment.remove,
 * tender.back, sale.complete, sale.retry. The machine refuses a payment the domain refuses (validatePayment) and
 * keeps the reason as context.error (source 'payment'), shown next to the form. Two helper machines live as long
 * as the panel, with their I/O from the app (tendering-actors-context.tsx): the gift card check, and the payment
 * request of MoMo / VNPAY / VietQR. A request under way locks the type buttons, Back and Complete, so a request
 * the customer may be paying is never dropped by a stray tap.
 *
 * Render it unconditionally in the sale screen's tendering slot: it shows itself in the 'tendering' and
 * 'completing' modes and renders nothing otherwise.
 */
import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCanComplete,
  selectCanRetry,
  selectCurrency,
  selectMode,
  selectTotals,
} from '../../../../../machines/sale/sale.selectors';
import {
  selectCanResetRequest,
  selectIsRequestInFlight,
} from '../../../../../machines/payment-request/payment-request.selectors';
import { formatMoney } from '../../../lib/format';
import { SaleActor } from '../sale-actor';
import { CouponForm } from './coupon-form';
import { GiftCardForm } from './gift-card-form';
import { PaymentsList } from './payments-list';
import { isReferenceKind, isWalletKind, TENDER_KINDS } from './tender-kinds';
import type { TenderKind } from './tender-kinds';
import { CardForm, CashForm, PointsForm, ReferenceForm } from './tender-forms';
import type { GiftCardCheckRef, PaymentRequestRef } from './tender-forms';
import { useTenderingActors } from './tendering-actors-context';
import { tenderName } from './tendering-text';
import { WalletForm } from './wallet-form';

export function TenderingPanel() {
  const mode = SaleActor.useSelector(selectMode);
  if (mode !== 'tendering' && mode !== 'completing') return null;
  return <TenderingBody completing={mode === 'completing'} />;
}

function TenderingBody({ completing }: { completing: boolean }) {
  const { t } = useTranslation('common');
  const actors = useTenderingActors();
  const sale = SaleActor.useActorRef();
  // The approved request's payment goes to the sale (payment.set): the one I/O the panel gives the chart.
  // Made once: an actor's logic must not change between renders.
  const [requestLogic] = useState(() =>
    actors.paymentRequest.provide({
      actions: {
        deliverPayment: (_, params) => {
          if (params.payment) sale.send({ type: 'payment.set', payment: params.payment });
        },
      },
    }),
  );
  const request: PaymentRequestRef = useActorRef(requestLogic, { input: { createId: actors.createId } });
  // Keeps the sale told whether the till is online, the store's offline card limits and what the queue holds
  // unsynced, for as long as payments are taken (docs/offline.md).
  useActorRef(actors.offlineCardWatch, { input: { sale } });
  const giftCard: GiftCardCheckRef = useActorRef(actors.giftCardCheck);
  const inFlight = useSelector(request, selectIsRequestInFlight);
  const canReset = useSelector(request, selectCanResetRequest);
  const [kind, setKind] = useState<TenderKind>('cash');
  const locked = inFlight || completing;

  const choose = (next: TenderKind) => {
    // A finished request (approved, cancelled, failed) is put away when the cashier moves on.
    if (canReset) request.send({ type: 'request.reset' });
    setKind(next);
  };

  return (
    <Stack
      as="section"
      aria-labelledby="tendering-heading"
      gap="4"
      h="full"
      minH="0"
      data-testid="tendering-panel"
      data-busy={locked || undefined}
    >
      <Heading id="tendering-heading" as="h2" size="lg">
        {t('tendering.title')}
      </Heading>
      <BalanceSummary />
      <Stack gap="4" flex="1" minH="0" overflowY="auto" px="1" pb="2">
        {/* First: what was taken stays in view however long the chosen type's form is. */}
        <PaymentsList disabled={locked} />
        <TypePicker value={kind} onChange={choose} disabled={locked} />
        <Box
          as="section"
          aria-label={t('tendering.formLabel', { type: tenderName(t, kind) })}
          borderWidth="1px"
          borderRadius="l3"
          p="4"
          data-testid="tender-form"
          data-kind={kind}
        >
          <TenderForm kind={kind} request={request} giftCard={giftCard} disabled={completing} />
        </Box>
      </Stack>
      <TenderingActions inFlight={inFlight} completing={completing} />
    </Stack>
  );
}

function TenderForm({
  kind,
  request,
  giftCard,
  disabled,
}: {
  kind: TenderKind;
  request: PaymentRequestRef;
  giftCard: GiftCardCheckRef;
  disabled: boolean;
}) {
  // Keyed by the balance: once a payment is taken the form starts again from what is still due.
  const balance = SaleActor.useSelector((s) => selectTotals(s).balance_due);
  const key = `${kind}:${balance}`;
  if (kind === 'cash') return <CashForm key={key} disabled={disabled} />;
  if (kind === 'credit') return <CardForm key={key} disabled={disabled} />;
  if (kind === 'giftcard') return <GiftCardForm key={key} giftCard={giftCard} disabled={disabled} />;
  if (kind === 'point') return <PointsForm key={key} disabled={disabled} />;
  if (isWalletKind(kind)) return <WalletForm key={kind} kind={kind} request={request} disabled={disabled} />;
  if (kind === 'coupon') return <CouponForm key={key} disabled={disabled} />;
  if (isReferenceKind(kind)) return <ReferenceForm key={key} kind={kind} disabled={disabled} />;
  return null;
}

/** The total, what is paid, and the balance due in big type; the change to hand back when cash exceeds it. */
function BalanceSummary() {
  const { t, i18n } = useTranslation('common');
  const totals = SaleActor.useSelector(selectTotals);
  const currency = SaleActor.useSelector(selectCurrency);
  const money = (minor: number) => formatMoney(minor, i18n.language, currency);
  const { total, balance_due: due, change_due: change, overpaid_non_cash: overpaid } = totals;
  return (
    <Stack gap="2" data-testid="tendering-summary">
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="3">
        <Stack gap="0">
          <Text fontSize="md" color="fg.muted">
            {due > 0 ? t('tendering.balanceDue') : t('tendering.paidInFull')}
          </Text>
          <Text
            fontSize={{ base: '4xl', md: '5xl' }}
            fontWeight="bold"
            lineHeight="1"
            fontVariantNumeric="tabular-nums"
            color={due > 0 ? 'fg' : 'fg.success'}
            aria-live="polite"
            aria-atomic
            data-testid="balance-due"
          >
            {money(due)}
          </Text>
        </Stack>
        <Stack gap="0" textAlign="end" fontSize="md">
          <Text data-testid="tendering-total">
            {t('tendering.total')}: <b>{money(total.total_price)}</b>
          </Text>
          <Text data-testid="tendering-paid">
            {t('tendering.paid')}: <b>{money(total.paid_customer_total)}</b>
          </Text>
        </Stack>
      </HStack>
      {change > 0 && (
        <Box
          bg="brand.subtle"
          borderRadius="l2"
          px="4"
          py="2"
          fontSize="2xl"
          fontWeight="bold"
          color="brand.fg"
          role="status"
          data-testid="change-due"
        >
          {t('tendering.changeDue', { amount: money(change) })}
        </Box>
      )}
      {overpaid > 0 && (
        <Text color="fg.warning" fontWeight="semibold" role="status" data-testid="overpaid-non-cash">
          {t('tendering.overpaidNonCash', { amount: money(overpaid) })}
        </Text>
      )}
    </Stack>
  );
}

/** One button per payment type of the spec (docs/sales.md#payments); the chosen one is pressed. */
function TypePicker({
  value,
  onChange,
  disabled,
}: {
  value: TenderKind;
  onChange: (kind: TenderKind) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="2" role="group" aria-labelledby="tender-types-label">
      <Text id="tender-types-label" fontWeight="semibold">
        {t('tendering.typesLabel')}
      </Text>
      <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2">
        {TENDER_KINDS.map(({ kind }) => {
          const pressed = kind === value;
          return (
            <Button
              key={kind}
              size="lg"
              minH="12"
              whiteSpace="normal"
              variant={pressed ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={pressed}
              disabled={disabled}
              onClick={() => onChange(kind)}
              data-testid={`tender-type-${kind}`}
            >
              {tenderName(t, kind)}
            </Button>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** Back to the ticket, and Complete once paid in full; Retry after a failed completion (same key). */
function TenderingActions({ inFlight, completing }: { inFlight: boolean; completing: boolean }) {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const canComplete = SaleActor.useSelector(selectCanComplete);
  const canRetry = SaleActor.useSelector(selectCanRetry);
  const canBack = SaleActor.useSelector((s) => s.can({ type: 'tender.back' }));
  return (
    <Stack gap="2" borderTopWidth="1px" pt="3">
      {canRetry && (
        <Text color="fg.error" fontWeight="semibold" data-testid="complete-failed">
          {t('tendering.completeFailed')}
        </Text>
      )}
      {inFlight && (
        <Text color="fg.muted" fontSize="sm" data-testid="request-lock-note">
          {t('tendering.requestLock')}
        </Text>
      )}
      <HStack gap="3" justify="space-between" wrap="wrap">
        <Button
          size="xl"
          variant="outline"
          onClick={() => sale.send({ type: 'tender.back' })}
          disabled={!canBack || inFlight || completing}
          data-testid="tender-back"
        >
          {t('tendering.back')}
        </Button>
        {canRetry ? (
          <Button
            size="xl"
            colorPalette="brand"
            onClick={() => sale.send({ type: 'sale.retry' })}
            disabled={inFlight}
            data-testid="complete-retry"
          >
            {t('tendering.retry')}
          </Button>
        ) : (
          <Button
            size="xl"
            colorPalette="brand"
            flex="1"
            maxW="sm"
            onClick={() => sale.send({ type: 'sale.complete' })}
            disabled={!canComplete || inFlight}
            loading={completing}
            loadingText={t('tendering.completing')}
            data-testid="complete-sale"
          >
            {t('tendering.complete')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
