/**
 * A coupon's Uses (GET /api/coupons/{id}/histories, docs/back-office.md "Coupons"): each use a sale took and
 * each use given back by a voided sale, newest first, with the cashier, the customer and the discount given.
 * Drawn by the generic RowHistory panel on the row history chart; this file only says what the columns are.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { COUPON_HISTORY_KINDS } from '../../../../contracts/coupons';
import type { CouponHistory } from '../../../../contracts/coupons';
import { MoneyCell } from '../../../components/money-cell';
import type { RowActionPanelProps } from '../resource-config';
import { HistoryWhenCell, RowHistoryPanel } from './row-history-panel';
import type { RowHistoryConfig } from './row-history-panel';

const NS = 'admin-coupons';

function KindCell({ item }: { item: CouponHistory }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {t(`history.kinds.${item.kind}`)}
      {item.sale_id !== null && (
        <Text color="fg.muted" fontSize="sm">
          {t('history.sale', { id: item.sale_id })}
        </Text>
      )}
    </>
  );
}

const HISTORY: RowHistoryConfig<CouponHistory> = {
  resource: 'coupons',
  namespace: NS,
  testId: 'coupon-history',
  columns: [
    {
      key: 'when',
      label: 'history.created_at',
      cell: (item) => <HistoryWhenCell at={item.created_at} by={item.user_name} />,
    },
    { key: 'kind', label: 'history.kind', cell: (item) => <KindCell item={item} /> },
    { key: 'customer', label: 'history.customer_name', cell: (item) => item.customer_name ?? '—' },
    {
      key: 'discount',
      label: 'history.discount_amount',
      align: 'end',
      cell: (item) => <MoneyCell minor={item.discount_amount} />,
    },
  ],
  filters: [
    {
      field: 'kind',
      label: 'history.kind',
      kind: 'select',
      options: COUPON_HISTORY_KINDS.map((kind) => ({ value: kind, label: `history.kinds.${kind}` })),
    },
  ],
};

export function CouponHistoryPanel(props: RowActionPanelProps) {
  return <RowHistoryPanel {...props} history={HISTORY} />;
}
