/**
 * A membership's History (GET /api/memberships/{id}/histories, docs/back-office.md "Memberships"): every
 * customer who joined, renewed, changed to or left it, newest first, with what they paid and until when it
 * holds. Drawn by the generic RowHistory panel on the row history chart; this file only says what the
 * columns are.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MEMBERSHIP_HISTORY_KINDS } from '../../../../contracts/memberships';
import type { MembershipHistory } from '../../../../contracts/memberships';
import { MoneyCell } from '../../../components/money-cell';
import type { RowActionPanelProps } from '../resource-config';
import { HistoryWhenCell, RowHistoryPanel } from './row-history-panel';
import type { RowHistoryConfig } from './row-history-panel';

const NS = 'admin-memberships';

function KindCell({ item }: { item: MembershipHistory }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {t(`history.kinds.${item.kind}`)}
      <Text color="fg.muted" fontSize="sm">
        {item.ends_on === null ? t('noEnd') : t('history.until', { day: item.ends_on })}
      </Text>
    </>
  );
}

const HISTORY: RowHistoryConfig<MembershipHistory> = {
  resource: 'memberships',
  namespace: NS,
  testId: 'membership-history',
  columns: [
    { key: 'when', label: 'history.created_at', cell: (item) => <HistoryWhenCell at={item.created_at} /> },
    { key: 'kind', label: 'history.kind', cell: (item) => <KindCell item={item} /> },
    { key: 'customer', label: 'history.customer_name', cell: (item) => item.customer_name },
    { key: 'price', label: 'history.price', align: 'end', cell: (item) => <MoneyCell minor={item.price} /> },
  ],
  filters: [
    {
      field: 'kind',
      label: 'history.kind',
      kind: 'select',
      options: MEMBERSHIP_HISTORY_KINDS.map((kind) => ({ value: kind, label: `history.kinds.${kind}` })),
    },
  ],
};

export function MembershipHistoryPanel(props: RowActionPanelProps) {
  return <RowHistoryPanel {...props} history={HISTORY} />;
}
