/**
 * The actions offered on the open sale: exactly the modes the action-mode chart would open now
 * (`snapshot.can({ type: 'mode.open', mode })`, via selectOfferedModes), so an illegal move (a refund of a voided
 * sale, a void on another day or after a refund) is never shown. A few are also hidden when this screen has nothing
 * to do with them: a refund with nothing left, a status change with no move that needs no PIN, an employee change
 * with nobody to move to. The invoice opens in the dialog (a read: outlined, not solid). Reprint is a link to the
 * public receipt, in a new tab.
 *
 * While a change of this sale waits in the offline queue (queued-actions.tsx), only reads are offered (invoice,
 * reprint): what the server will make of the waiting change is not known yet, and a second change queued on
 * top (a void after a queued refund) could only be refused later, long after the customer left.
 */
import { Button, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectQueuedActionsOf } from '../../../../machines/sale-list/sale-list.selectors';
import type { SaleDetailBundle } from '../../../../machines/sale-list/sale-list.types';
import type { saleManagementMachine } from '../../../../machines/sale-management/sale-management.machine';
import {
  selectIsModalOpen,
  selectOfferedModes,
} from '../../../../machines/sale-management/sale-management.selectors';
import type { OpenableMode } from '../../../../machines/sale-management/sale-management.types';
import { ACTION_MODE } from '../../../domain/constants';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { receiptPath } from '../../lib/receipt-path';
import { statusTargets } from './action-forms';
import { SaleListActor } from './sale-list-actor';

type ActionsRef = ActorRefFrom<typeof saleManagementMachine>;

/** The modes this panel offers on one sale, in the order a manager looks for them. */
export const SALE_MODES: readonly OpenableMode[] = [
  ACTION_MODE.INVOICE,
  ACTION_MODE.REFUND,
  ACTION_MODE.VOID,
  ACTION_MODE.TIP,
  ACTION_MODE.CHANGE_ORDER_DATE,
  ACTION_MODE.CHANGE_EMPLOYEE,
  ACTION_MODE.EDIT,
  ACTION_MODE.RESTORE,
  ACTION_MODE.REMOVE,
  ACTION_MODE.CLEAR_TRASH_ONE,
];

const DESTRUCTIVE: ReadonlySet<OpenableMode> = new Set([
  ACTION_MODE.VOID,
  ACTION_MODE.REMOVE,
  ACTION_MODE.CLEAR_TRASH_ONE,
]);

/** What may still be done while a change of the sale waits in the offline queue: reading it. */
const READ_MODES: ReadonlySet<OpenableMode> = new Set([ACTION_MODE.INVOICE]);

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

function isUseful(mode: OpenableMode, bundle: SaleDetailBundle): boolean {
  switch (mode) {
    case ACTION_MODE.REFUND:
      return bundle.refund.can_refund;
    case ACTION_MODE.EDIT:
      return statusTargets(bundle.sale.status).length > 0;
    case ACTION_MODE.CHANGE_EMPLOYEE:
      return bundle.sale.orderEmployees.length > 0 && bundle.employees.length > 1;
    case ACTION_MODE.TIP:
      return bundle.sale.orderEmployees.length > 0;
    default:
      return true;
  }
}

/** Opens a mode with a fresh intent id: the idempotency key of every request this intent makes. */
export function openMode(actions: ActionsRef, mode: OpenableMode): void {
  actions.send({ type: 'mode.open', mode, now: new Date(), intentId: newIdempotencyKey() });
}

export function SaleActionsBar({ actions, bundle }: { actions: ActionsRef; bundle: SaleDetailBundle }) {
  const { t } = useTranslation('common');
  const offered = useSelector(actions, (snapshot) => selectOfferedModes(snapshot, new Date()), sameList);
  const waiting = SaleListActor.useSelector((s) => selectQueuedActionsOf(s, bundle.sale.id).length > 0);
  const modes = SALE_MODES.filter(
    (mode) => offered.includes(mode) && isUseful(mode, bundle) && (!waiting || READ_MODES.has(mode)),
  );
  const canReprint = offered.includes(ACTION_MODE.REPRINT);
  // While a mode is open the chart offers nothing (one mode at a time); the dialog covers the panel then.
  const modalOpen = useSelector(actions, selectIsModalOpen);
  return (
    <Stack gap="2" data-testid="sale-actions">
      <Wrap gap="2">
        {modes.map((mode) => (
          <Button
            key={mode}
            size="lg"
            minH="12"
            variant={DESTRUCTIVE.has(mode) || mode === ACTION_MODE.INVOICE ? 'outline' : 'solid'}
            colorPalette={DESTRUCTIVE.has(mode) ? 'red' : 'brand'}
            onClick={() => openMode(actions, mode)}
            data-mode={mode}
          >
            {t(`sale_management.modes.${mode}`)}
          </Button>
        ))}
        {canReprint && (
          <Link
            href={receiptPath(bundle.sale.uuid)}
            target="_blank"
            rel="noopener"
            minH="12"
            px="4"
            alignItems="center"
            borderWidth="1px"
            borderRadius="l2"
            fontWeight="semibold"
            color="brand.fg"
          >
            {t('sale_management.detail.reprint')}
          </Link>
        )}
      </Wrap>
      {waiting && <Text color="fg.muted">{t('offlineWrites.sale.blocked')}</Text>}
      {modes.length === 0 && !canReprint && !modalOpen && !waiting && (
        <Text color="fg.muted">{t('sale_management.detail.noActions')}</Text>
      )}
    </Stack>
  );
}
