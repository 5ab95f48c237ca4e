/**
 * The "Stock history" row action of products (docs/back-office-catalog.md "Stock"): the product's stock
 * movements, newest first, a page at a time: when and who, the signed change and the count it left, the reason
 * and the note. Drawn by the generic RowHistory panel on the row history chart, read from
 * GET /api/products/inventoriesDetail?filter[product_id]= (`source`); this file only says what the columns are.
 */
import { Badge, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { InventoryMovement } from '../../../../contracts/products';
import { formatNumber } from '../../../lib/format';
import type { RowActionPanelProps } from '../resource-config';
import { HistoryWhenCell, RowHistoryPanel } from './row-history-panel';
import type { RowHistoryConfig } from './row-history-panel';

const NS = 'admin-products';

function ChangeCell({ change }: { change: number }) {
  const { i18n } = useTranslation();
  return (
    <Badge colorPalette={change < 0 ? 'red' : 'green'} data-testid="stock-movement-change">
      {formatNumber(change, i18n.language, { signDisplay: 'exceptZero' })}
    </Badge>
  );
}

function CountCell({ count }: { count: number }) {
  const { i18n } = useTranslation();
  return <>{formatNumber(count, i18n.language)}</>;
}

function ReasonCell({ item }: { item: InventoryMovement }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {t(`reasons.${item.reason}`, { defaultValue: item.reason })}
      {item.note && (
        <Text color="fg.muted" fontSize="sm">
          {item.note}
        </Text>
      )}
    </>
  );
}

export const STOCK_HISTORY: RowHistoryConfig<InventoryMovement> = {
  resource: 'products',
  source: (id) => ({ path: 'products/inventoriesDetail', filter: { product_id: String(id) } }),
  namespace: NS,
  testId: 'stock-history',
  columns: [
    {
      key: 'when',
      label: ['history.date', 'history.who'],
      cell: (item) => <HistoryWhenCell at={item.created_at} by={item.user_name} />,
    },
    {
      key: 'change',
      label: 'history.change',
      align: 'end',
      cell: (item) => <ChangeCell change={item.change} />,
    },
    {
      key: 'after',
      label: 'history.after',
      align: 'end',
      cell: (item) => <CountCell count={item.quantity_after} />,
    },
    { key: 'reason', label: ['history.reason', 'history.note'], cell: (item) => <ReasonCell item={item} /> },
  ],
};

export function StockHistoryPanel(props: RowActionPanelProps) {
  return <RowHistoryPanel {...props} history={STOCK_HISTORY} />;
}
