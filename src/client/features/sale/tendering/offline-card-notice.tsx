/**
 * The credit form's notice while the till is offline (docs/offline.md): the card payment is taken
 * offline (kept pending until the till syncs), the store's per-ticket and total limits, what is still allowed
 * on this ticket, and what earlier tickets hold unsynced. Facts from the sale machine's selectors; the app's
 * offline card watch keeps them current (app/tendering-actors.ts).
 */
import { Alert, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  selectCurrency,
  selectIsOffline,
  selectOfflineCardStatus,
} from '../../../../../machines/sale/sale.selectors';
import { formatMoney } from '../../../lib/format';
import { SaleActor } from '../sale-actor';

export function OfflineCardNotice() {
  const offline = SaleActor.useSelector(selectIsOffline);
  if (!offline) return null;
  return <OfflineCardLimits />;
}

function OfflineCardLimits() {
  const { t, i18n } = useTranslation('common');
  // Not tender-forms' useMoney: that module renders this notice, and an import back would be a cycle.
  const currency = SaleActor.useSelector(selectCurrency);
  const money = (minor: number) => formatMoney(minor, i18n.language, currency);
  const { limits, unsynced, room } = SaleActor.useSelector(selectOfflineCardStatus);
  const none = limits.perTicket === 0 || limits.total === 0;
  return (
    <Alert.Root status="warning" data-testid="offline-card-notice" data-left={room.allowed}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('offlineCard.title')}</Alert.Title>
        <Alert.Description>
          {none ? (
            <Text data-testid="offline-card-none">{t('offlineCard.none')}</Text>
          ) : (
            <Stack gap="1">
              <Text>{t('offlineCard.notice')}</Text>
              <Text data-testid="offline-card-limits">
                {t('offlineCard.limits', {
                  perTicket: money(limits.perTicket),
                  total: money(limits.total),
                })}
              </Text>
              <Text fontWeight="semibold" data-testid="offline-card-left">
                {t('offlineCard.left', { amount: money(room.allowed) })}
              </Text>
              {unsynced > 0 && (
                <Text data-testid="offline-card-unsynced">
                  {t('offlineCard.unsynced', { amount: money(unsynced) })}
                </Text>
              )}
            </Stack>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
