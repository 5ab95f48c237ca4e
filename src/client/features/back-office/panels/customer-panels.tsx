/**
 * A customer's Points and Reviews (docs/back-office.md "Customers"): every change of their points with its
 * reason and sale (GET /api/customers/historyPoint?customer_id=), and the reviews they left (GET
 * /api/customers/reviews?customer_id=), newest first. Drawn by the generic RowHistory panel on the row history
 * chart, read from those routes (`source`); this file only says what the columns are. The two configs are
 * exported so another screen showing a customer (their own page) shows the same histories.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PointHistory, Review } from '../../../../contracts/customers-admin';
import type { RowActionPanelProps } from '../resource-config';
import { HistoryWhenCell, RowHistoryPanel } from './row-history-panel';
import type { RowHistoryConfig } from './row-history-panel';

const NS = 'admin-customers';

function Reason({ item }: { item: PointHistory }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {t(`points.kinds.${item.kind}`)}
      {(item.invoice_no ?? item.note) && (
        <Text color="fg.muted" fontSize="sm">
          {item.invoice_no ? t('points.sale', { invoice: item.invoice_no }) : item.note}
        </Text>
      )}
    </>
  );
}

export const CUSTOMER_POINTS_HISTORY: RowHistoryConfig<PointHistory> = {
  resource: 'customers',
  source: (id) => ({ path: 'customers/historyPoint', query: { customer_id: String(id) } }),
  namespace: NS,
  testId: 'customer-points',
  words: 'points',
  columns: [
    { key: 'when', label: 'points.created_at', cell: (item) => <HistoryWhenCell at={item.created_at} /> },
    { key: 'reason', label: 'points.reason', cell: (item) => <Reason item={item} /> },
    {
      key: 'points',
      label: 'points.points',
      align: 'end',
      cell: (item) => (item.points > 0 ? `+${item.points}` : String(item.points)),
    },
    {
      key: 'balance',
      label: 'points.balance_after',
      align: 'end',
      cell: (item) => String(item.balance_after),
    },
  ],
};

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation(NS);
  return (
    <span aria-label={t('reviews.stars', { count: rating })}>
      {'★'.repeat(rating)}
      {'☆'.repeat(5 - rating)}
    </span>
  );
}

export const CUSTOMER_REVIEWS_HISTORY: RowHistoryConfig<Review> = {
  resource: 'customers',
  source: (id) => ({ path: 'customers/reviews', query: { customer_id: String(id) } }),
  namespace: NS,
  testId: 'customer-reviews',
  words: 'reviews',
  columns: [
    { key: 'when', label: 'reviews.created_at', cell: (item) => <HistoryWhenCell at={item.created_at} /> },
    { key: 'rating', label: 'reviews.rating', cell: (item) => <Stars rating={item.rating} /> },
    { key: 'comment', label: 'reviews.comment', cell: (item) => item.comment ?? '—' },
  ],
};

export function CustomerPointsPanel(props: RowActionPanelProps) {
  return <RowHistoryPanel {...props} history={CUSTOMER_POINTS_HISTORY} />;
}

export function CustomerReviewsPanel(props: RowActionPanelProps) {
  return <RowHistoryPanel {...props} history={CUSTOMER_REVIEWS_HISTORY} />;
}
