/**
 * The order report (docs/sales.md#sale-management /pos/report/order, PIN-gated by the route table): the
 * store's sales with filters and paging, the open sale beside them, and the modal flow of the action the
 * manager picks. It renders the list chart (machines/sale-list) and its action-mode child through
 * SaleListActor; the app gives the chart its real calls (app/areas/sale-management-area.tsx) and the store's
 * currency and time zone.
 */
import { Button, Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectActionsRef, selectFilters } from '../../../../machines/sale-list/sale-list.selectors';
import { selectCanOpenMode } from '../../../../machines/sale-management/sale-management.selectors';
import { ACTION_MODE, SALE_STATUS } from '../../../domain/constants';
import type { ActionsRef } from './action-form-fields';
import { ChangesBar } from './changes-bar';
import { SaleActionDialog } from './sale-action-dialog';
import { QueuedActionsBanner } from './queued-actions';
import { openMode } from './sale-actions-bar';
import { SaleDetailPanel } from './sale-detail-panel';
import { SaleFilters } from './sale-filters';
import { StoreFactsContext } from './sale-format';
import type { StoreFacts } from './sale-format';
import { SaleListActor } from './sale-list-actor';
import { SaleTable } from './sale-table';

/** "Empty the trash", offered while the trash is shown (a store-wide mode: no sale needs to be open). */
function EmptyTrash({ actions }: { actions: ActionsRef }) {
  const { t } = useTranslation('common');
  const filters = SaleListActor.useSelector(selectFilters);
  const allowed = useSelector(actions, (s) => selectCanOpenMode(s, ACTION_MODE.CLEAR_TRASH_ALL, new Date()));
  if (filters.status !== SALE_STATUS.TRASH || !allowed) return null;
  return (
    <Button
      size="lg"
      variant="outline"
      colorPalette="red"
      onClick={() => openMode(actions, ACTION_MODE.CLEAR_TRASH_ALL)}
    >
      {t(`sale_management.modes.${ACTION_MODE.CLEAR_TRASH_ALL}`)}
    </Button>
  );
}

export function SaleManagementScreen({ store }: { store: StoreFacts }) {
  const { t } = useTranslation(['common', 'navigation']);
  const actions = SaleListActor.useSelector(selectActionsRef);
  return (
    <StoreFactsContext.Provider value={store}>
      <Stack gap="5" p={{ base: '3', md: '5' }} data-testid="sale-management">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            {t('screens.reportOrder', { ns: 'navigation' })}
          </Heading>
          {actions && <EmptyTrash actions={actions} />}
        </HStack>
        <SaleFilters />
        <ChangesBar />
        <QueuedActionsBanner />
        <Flex gap="5" direction={{ base: 'column', xl: 'row' }} align="stretch">
          <Stack flex="1" minW="0">
            <SaleTable />
          </Stack>
          <SaleDetailPanel />
        </Flex>
        <SaleActionDialog />
      </Stack>
    </StoreFactsContext.Provider>
  );
}
