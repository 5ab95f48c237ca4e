/**
 * The payments taken so far, in the order they were taken (docs/sales.md#editing-the-order: a payment of a
 * type is added, replaced or removed), each with a remove button (payment.remove by type and reference, so
 * one card of two goes).
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { selectPayments } from '../../../../../machines/sale/sale.selectors';
import { isOfflineCardPayment } from '../../../../domain/offline-card';
import { paymentKey } from '../../../../domain/order-editing';
import { SaleActor } from '../sale-actor';
import { useMinuteNow } from './minute-clock';
import { offlineAgeText } from './offline-card-text';
import { useMoney } from './tender-forms';
import { paymentDetail, paymentLabel } from './tendering-text';

/** "Taken offline 12 minutes ago", turning over each minute (docs/offline.md: offline cards show their age). */
function OfflineAge({ takenAt }: { takenAt: string | undefined }) {
  const { t, i18n } = useTranslation('common');
  const now = useMinuteNow();
  return (
    <Text fontSize="sm" color="fg.warning" fontWeight="semibold" data-testid="payment-offline-age">
      {offlineAgeText(t, i18n.language, takenAt, now)}
    </Text>
  );
}

export function PaymentsList({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const payments = SaleActor.useSelector(selectPayments);
  const money = useMoney();
  return (
    <Stack as="section" aria-labelledby="payments-taken-heading" gap="2" data-testid="payments-list">
      <Text as="h3" id="payments-taken-heading" fontWeight="semibold" fontSize="lg">
        {t('tendering.payments.title')}
      </Text>
      {payments.length === 0 ? (
        <Text color="fg.muted" data-testid="payments-empty">
          {t('tendering.payments.empty')}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {payments.map((payment) => {
            const label = paymentLabel(t, payment);
            const detail = paymentDetail(payment);
            return (
              <HStack
                as="li"
                key={paymentKey(payment)}
                justify="space-between"
                gap="3"
                borderWidth="1px"
                borderRadius="l2"
                px="3"
                py="2"
                data-testid="payment-row"
                data-type={payment.payment_type}
                data-offline={isOfflineCardPayment(payment) || undefined}
              >
                <Stack gap="0" minW="0">
                  <Text fontWeight="semibold">{label}</Text>
                  {detail && (
                    <Text fontSize="sm" color="fg.muted" truncate>
                      {detail}
                    </Text>
                  )}
                  {isOfflineCardPayment(payment) && <OfflineAge takenAt={payment.payment_info?.taken_at} />}
                </Stack>
                <HStack gap="2">
                  <Text fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid="payment-amount">
                    {money(payment.payment_amount)}
                  </Text>
                  <Button
                    size="lg"
                    variant="ghost"
                    colorPalette="red"
                    minW="11"
                    disabled={disabled}
                    aria-label={t('tendering.payments.remove', {
                      payment: detail ? `${label} ${detail}` : label,
                    })}
                    onClick={() =>
                      sale.send({
                        type: 'payment.remove',
                        paymentType: payment.payment_type,
                        reference: payment.payment_info?.reference ?? '',
                      })
                    }
                  >
                    ✕
                  </Button>
                </HStack>
              </HStack>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
