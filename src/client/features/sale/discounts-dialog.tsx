/**
 * The order discounts dialog (discounts-button.tsx opens it; a chunk of its own, sale-parts.tsx): one row per
 * kind (ticket, manager, membership, other; docs/money.md step 6), each applied or removed at once.
 */
import { Stack } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCurrency,
  selectCustomer,
  selectOrderDiscounts,
  selectTotals,
} from '../../../../machines/sale/sale.selectors';
import { ORDER_DISCOUNT_KINDS } from '../../../domain/constants';
import type { OrderDiscountKind } from '../../../domain/constants';
import type { DiscountValue } from '../../../domain/order.types';
import { ORDER_DISCOUNT_AMOUNT } from './discounts-format';
import { DiscountRow } from './discounts-row';
import type { PartDialogProps } from './part-dialog';
import { PartModal } from './part-modal';
import { SaleActor } from './sale-actor';

/** The rows: read from the sale only while the dialog is open (a closed dialog has no content). */
function DiscountRows({ onApply }: { onApply: (kind: OrderDiscountKind, discount: DiscountValue) => void }) {
  const sale = SaleActor.useActorRef();
  const discounts = SaleActor.useSelector(selectOrderDiscounts);
  const amounts = SaleActor.useSelector((snapshot) => selectTotals(snapshot).discount);
  const currency = SaleActor.useSelector(selectCurrency);
  const customer = SaleActor.useSelector(selectCustomer);
  const remove = (kind: OrderDiscountKind) => sale.send({ type: 'discount.remove', kind });
  return (
    <Stack gap="4">
      {ORDER_DISCOUNT_KINDS.map((kind) => (
        <DiscountRow
          key={kind}
          kind={kind}
          current={discounts[kind]}
          amount={amounts[ORDER_DISCOUNT_AMOUNT[kind]]}
          currency={currency}
          membershipName={customer?.membership?.name}
          onApply={onApply}
          onRemove={remove}
        />
      ))}
    </Stack>
  );
}

export function DiscountsDialog({ open, onOpenChange, finalFocusEl }: PartDialogProps) {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  // A manager discount waits here until this dialog has closed (see onExitComplete).
  const pendingManager = useRef<DiscountValue | null>(null);

  const apply = (kind: OrderDiscountKind, discount: DiscountValue) => {
    if (kind !== 'manager') {
      sale.send({ type: 'discount.set', kind, discount });
      return;
    }
    pendingManager.current = discount;
    onOpenChange(false);
  };
  /**
   * WHY the manager discount is sent only once this dialog is gone: the machine then asks for the PIN in a
   * dialog of its own, and a dialog opened over this one is its child layer, dismissed with it (pin.cancel)
   * when this one closes.
   */
  const onExitComplete = () => {
    const discount = pendingManager.current;
    pendingManager.current = null;
    if (discount) sale.send({ type: 'discount.set', kind: 'manager', discount });
  };

  return (
    <PartModal
      open={open}
      onOpenChange={onOpenChange}
      onExitComplete={onExitComplete}
      finalFocusEl={finalFocusEl}
      size={{ base: 'full', md: 'lg' }}
      testId="discounts-dialog"
      title={t('saleExtras.discounts.title')}
      dismissText={t('saleExtras.done')}
    >
      <DiscountRows onApply={apply} />
    </PartModal>
  );
}
