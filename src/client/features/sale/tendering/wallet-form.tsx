/**
 * MoMo, VNPAY and VietQR ("Momo and VnPay through the server's payment requests with a pending
 * state, VietQR showing the QR code to scan"): the amount is checked by the domain's rule first (a wallet pays
 * no more than is due), then the payment request machine does the rest (create → pending, polled → approved;
 * VietQR: create → QR → a manager's PIN confirms the transfer). The approved payment reaches the sale through
 * the machine's deliverPayment action (tendering-panel.tsx); this form only renders the request's snapshot and
 * sends its events.
 *
 * The QR picture: QrPayload draws the code (components/qr-code) and keeps the payload (the EMVCo string the
 * banking apps read) or the pay link as text beside it, for a customer whose camera cannot read the screen.
 */
import { Alert, Box, Button, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectAccountName,
  selectApprovalActor,
  selectApprovedPayment,
  selectCanRetryRequest,
  selectPayUrl,
  selectQrPayload,
  selectRequestAmount,
  selectRequestError,
  selectRequestId,
  selectRequestStatus,
  selectStatusUnknown,
} from '../../../../../machines/payment-request/payment-request.selectors';
import type { PaymentRequestStatus } from '../../../../../machines/payment-request/payment-request.selectors';
import {
  selectCurrency,
  selectOrder,
  selectPayments,
  selectTotals,
} from '../../../../../machines/sale/sale.selectors';
import { paymentKey } from '../../../../domain/order-editing';
import { validatePayment } from '../../../../domain/payments';
import { QrCode } from '../../../components/qr-code/qr-code';
import { amountOfText, amountTextOf } from '../../../components/amount-pad/amount-text';
import { PinPad } from '../../../components/pin-pad/pin-pad';
import { SaleActor } from '../sale-actor';
import { typeOf } from './tender-kinds';
import type { WalletKind } from './tender-kinds';
import type { PaymentRequestRef } from './tender-forms';
import { DueAmountPad, PaymentFormError, useBalanceDue, useMoney } from './tender-forms';
import { errorText, tenderName } from './tendering-text';

export function WalletForm({
  kind,
  request,
  disabled,
}: {
  kind: WalletKind;
  request: PaymentRequestRef;
  disabled: boolean;
}) {
  const status = useSelector(request, selectRequestStatus);
  if (status === 'idle') return <WalletStart kind={kind} request={request} disabled={disabled} />;
  return <WalletProgress kind={kind} request={request} status={status} />;
}

function WalletStart({
  kind,
  request,
  disabled,
}: {
  kind: WalletKind;
  request: PaymentRequestRef;
  disabled: boolean;
}) {
  const { t } = useTranslation('common');
  const currency = SaleActor.useSelector(selectCurrency);
  const order = SaleActor.useSelector(selectOrder);
  const totals = SaleActor.useSelector(selectTotals);
  const due = useBalanceDue();
  const [text, setText] = useState(() => amountTextOf(due, currency));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const startError = useSelector(request, selectRequestError);
  const amount = amountOfText(text, currency);
  const provider = tenderName(t, kind);

  const start = () => {
    if (amount === null) return setFieldError('amountInvalid');
    // The sale's own rule, before any money moves: a wallet pays no more than is due (domain validatePayment).
    const refusal = validatePayment(order, { payment_type: typeOf(kind), payment_amount: amount }, totals);
    if (refusal) return setFieldError(refusal);
    setFieldError(null);
    request.send({ type: 'request.start', provider: kind, amount, saleUuid: order.uuid });
  };

  return (
    <Stack gap="4">
      <Text color="fg.muted">
        {t(kind === 'vietqr' ? 'tendering.wallet.qrIntro' : 'tendering.wallet.intro', { provider })}
      </Text>
      <DueAmountPad
        id={`${kind}-amount`}
        value={text}
        onChange={setText}
        onSubmit={start}
        clearError={() => setFieldError(null)}
        disabled={disabled}
      />
      <PaymentFormError fieldError={fieldError ?? startError?.code ?? null} />
      <Button size="xl" colorPalette="brand" onClick={start} disabled={disabled} data-testid="wallet-start">
        {t(kind === 'vietqr' ? 'tendering.wallet.showQr' : 'tendering.wallet.send', { provider })}
      </Button>
    </Stack>
  );
}

function WalletProgress({
  kind,
  request,
  status,
}: {
  kind: WalletKind;
  request: PaymentRequestRef;
  status: Exclude<PaymentRequestStatus, 'idle'>;
}) {
  const { t } = useTranslation('common');
  const money = useMoney();
  const amount = useSelector(request, selectRequestAmount);
  const id = useSelector(request, selectRequestId);
  const error = useSelector(request, selectRequestError);
  const canRetry = useSelector(request, selectCanRetryRequest);
  const provider = tenderName(t, kind);
  const values = { provider, amount: money(amount) };
  const send = {
    cancel: () => request.send({ type: 'request.cancel' }),
    retry: () => request.send({ type: 'request.retry' }),
    reset: () => request.send({ type: 'request.reset' }),
  };

  return (
    <Stack gap="4" data-testid="wallet-request" data-status={status} data-request-id={id ?? undefined}>
      {(status === 'creating' || status === 'cancelling' || status === 'confirming') && (
        <HStack role="status" gap="3">
          <Spinner size="md" color="brand.solid" />
          <Text fontSize="lg">{t(`tendering.wallet.${status}`, values)}</Text>
        </HStack>
      )}
      {status === 'pending' && <Pending request={request} values={values} onCancel={send.cancel} />}
      {(status === 'awaitingTransfer' || status === 'approving') && (
        <Transfer request={request} values={values} showPad={status === 'approving'} />
      )}
      {status === 'approved' && <Approved request={request} values={values} onDone={send.reset} />}
      {(status === 'createFailed' ||
        status === 'failed' ||
        status === 'expired' ||
        status === 'cancelled') && (
        <Stack gap="3">
          <Alert.Root
            status={status === 'cancelled' ? 'info' : 'error'}
            role={status === 'cancelled' ? 'status' : 'alert'}
            data-testid="wallet-outcome"
          >
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {status === 'cancelled' ? t('tendering.wallet.cancelledNote', values) : errorText(t, error)}
              </Alert.Title>
              {status === 'createFailed' && error?.message && (
                <Alert.Description>{error.message}</Alert.Description>
              )}
            </Alert.Content>
          </Alert.Root>
          <HStack gap="3" wrap="wrap">
            {canRetry && (
              <Button size="xl" colorPalette="brand" onClick={send.retry} data-testid="wallet-retry">
                {status === 'createFailed' ? t('tendering.wallet.retry') : t('tendering.wallet.newRequest')}
              </Button>
            )}
            <Button size="xl" variant="outline" onClick={send.reset} data-testid="wallet-close">
              {t('tendering.wallet.close')}
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}

type Values = { provider: string; amount: string };

function Pending({
  request,
  values,
  onCancel,
}: {
  request: PaymentRequestRef;
  values: Values;
  onCancel: () => void;
}) {
  const { t } = useTranslation('common');
  const payUrl = useSelector(request, selectPayUrl);
  const unknown = useSelector(request, selectStatusUnknown);
  return (
    <Stack gap="3">
      <HStack gap="3" role="status" aria-live="polite" data-testid="wallet-pending">
        <Spinner size="lg" color="brand.solid" />
        <Text fontSize="lg" fontWeight="semibold">
          {t('tendering.wallet.pending', values)}
        </Text>
      </HStack>
      {payUrl && (
        <Stack gap="2">
          <QrPayload payload={payUrl} label={t('tendering.wallet.payLink')} />
          <Link
            href={payUrl}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            fontWeight="semibold"
          >
            {t('tendering.wallet.openPayPage', values)}
          </Link>
        </Stack>
      )}
      {unknown && (
        <Text color="fg.warning" data-testid="wallet-status-unknown">
          {t('tendering.wallet.statusUnknown')}
        </Text>
      )}
      <Button
        size="xl"
        variant="outline"
        colorPalette="red"
        alignSelf="flex-start"
        onClick={onCancel}
        data-testid="wallet-cancel"
      >
        {t('tendering.wallet.cancel')}
      </Button>
    </Stack>
  );
}

function Transfer({
  request,
  values,
  showPad,
}: {
  request: PaymentRequestRef;
  values: Values;
  showPad: boolean;
}) {
  const { t } = useTranslation('common');
  const payload = useSelector(request, selectQrPayload);
  const account = useSelector(request, selectAccountName);
  const approval = useSelector(request, selectApprovalActor);
  const error = useSelector(request, selectRequestError);
  return (
    <Stack gap="4">
      <Text fontSize="xl" fontWeight="bold">
        {t('tendering.wallet.scanTitle', values)}
      </Text>
      {account && <Text>{t('tendering.wallet.account', { name: account })}</Text>}
      {payload && <QrPayload payload={payload} label={t('tendering.wallet.qrPayload')} />}
      {error && (
        <Alert.Root status="error" role="alert" data-testid="wallet-confirm-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{errorText(t, error)}</Alert.Title>
            {error.message && <Alert.Description>{error.message}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      {showPad && approval ? (
        <Stack gap="3" borderWidth="1px" borderRadius="l3" p="4">
          <PinPad
            actor={approval}
            title={t('tendering.wallet.approvalTitle')}
            description={t('tendering.wallet.approvalDescription', values)}
          />
          <Button size="xl" variant="outline" onClick={() => request.send({ type: 'approval.cancel' })}>
            {t('tendering.wallet.approvalCancel')}
          </Button>
        </Stack>
      ) : (
        <HStack gap="3" wrap="wrap">
          <Button
            size="xl"
            colorPalette="brand"
            onClick={() => request.send({ type: 'transfer.confirm' })}
            data-testid="wallet-transfer-received"
          >
            {t('tendering.wallet.transferReceived')}
          </Button>
          <Button
            size="xl"
            variant="outline"
            colorPalette="red"
            onClick={() => request.send({ type: 'request.cancel' })}
            data-testid="wallet-cancel"
          >
            {t('tendering.wallet.cancel')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function Approved({
  request,
  values,
  onDone,
}: {
  request: PaymentRequestRef;
  values: Values;
  onDone: () => void;
}) {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const payment = useSelector(request, selectApprovedPayment);
  // The sale normally took it on approval (deliverPayment); if it refused (the balance changed meanwhile), the
  // money was still received, so the cashier can add it again rather than lose track of it.
  const taken = SaleActor.useSelector((s) =>
    payment ? selectPayments(s).some((p) => paymentKey(p) === paymentKey(payment)) : true,
  );
  return (
    <Stack gap="3">
      <Alert.Root status="success" role="status" data-testid="wallet-approved">
        <Alert.Indicator />
        <Alert.Title>{t('tendering.wallet.approved', values)}</Alert.Title>
      </Alert.Root>
      {!taken && <PaymentFormError fieldError={null} />}
      <HStack gap="3" wrap="wrap">
        {!taken && payment && (
          <Button size="xl" colorPalette="brand" onClick={() => sale.send({ type: 'payment.set', payment })}>
            {t('tendering.wallet.addAgain')}
          </Button>
        )}
        <Button size="xl" variant="outline" onClick={onDone} data-testid="wallet-done">
          {t('tendering.wallet.done')}
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * What the customer scans. Until a QR library is installed (see the tendering report) the payload is shown as
 * text: a banking app can read it pasted, and the cashier can read the amount and account from it.
 */
function QrPayload({ payload, label }: { payload: string; label: string }) {
  const { t } = useTranslation('common');
  return (
    <Box borderWidth="2px" borderStyle="dashed" borderRadius="l3" p="3" data-testid="qr-payload">
      <Text fontWeight="semibold" mb="1">
        {label}
      </Text>
      <Box display="flex" justifyContent="center" mb="2">
        <QrCode data={payload} label={label} />
      </Box>
      <Box
        as="code"
        display="block"
        fontFamily="mono"
        whiteSpace="pre-wrap"
        wordBreak="break-all"
        fontSize="sm"
        bg="bg.muted"
        borderRadius="l2"
        p="2"
        data-testid="qr-payload-text"
      >
        {payload}
      </Box>
      <Text fontSize="sm" color="fg.muted" mt="2">
        {t('tendering.wallet.qrFallback')}
      </Text>
    </Box>
  );
}
