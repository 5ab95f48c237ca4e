/**
 * The ticket's order discounts (issue 4 item 4 "ticket / manager / membership / other discounts (manager
 * discount needs a manager PIN)"; design.md §4 step 6): a button on the ticket showing what the discounts take
 * off, and a dialog with one row per kind. Only while the ticket is being built (the sale machine's
 * `editable` tag): during tendering the total is fixed.
 */
import { Badge, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCurrency,
  selectCustomer,
  selectIsEditable,
  selectOrderDiscounts,
  selectTotals,
} from '../../../../machines/sale/sale.selectors';
import { ORDER_DISCOUNT_KINDS } from '../../../domain/constants';
import type { OrderDiscountKind } from '../../../domain/constants';
import type { DiscountAmounts, DiscountValue } from '../../../domain/order.types';
import { formatMoney } from '../../lib/format';
import { DiscountRow } from './discounts-row';
import { SaleActor } from './sale-actor';

const AMOUNT_FIELD: Record<OrderDiscountKind, keyof DiscountAmounts> = {
  ticket: 'discount_ticket',
  manager: 'discount_manager',
  membership: 'discount_membership',
  other: 'discount_other',
};

export function DiscountsButton() {
  const { t, i18n } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const editable = SaleActor.useSelector(selectIsEditable);
  const discounts = SaleActor.useSelector(selectOrderDiscounts);
  const amounts = SaleActor.useSelector((snapshot) => selectTotals(snapshot).discount);
  const currency = SaleActor.useSelector(selectCurrency);
  const customer = SaleActor.useSelector(selectCustomer);
  // Which dialog is open is the screen's, not the sale's (client brief: like an accordion).
  const [open, setOpen] = useState(false);

  const orderDiscount = ORDER_DISCOUNT_KINDS.reduce((sum, kind) => sum + amounts[AMOUNT_FIELD[kind]], 0);

  // A manager discount waits here until this dialog has closed (see onExitComplete).
  const pendingManager = useRef<DiscountValue | null>(null);

  const apply = (kind: OrderDiscountKind, discount: DiscountValue) => {
    if (kind !== 'manager') {
      sale.send({ type: 'discount.set', kind, discount });
      return;
    }
    pendingManager.current = discount;
    setOpen(false);
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
  const remove = (kind: OrderDiscountKind) => sale.send({ type: 'discount.remove', kind });

  return (
    <Dialog.Root
      open={open && editable}
      onOpenChange={(details) => setOpen(details.open)}
      onExitComplete={onExitComplete}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Dialog.Trigger asChild>
        <Button size="xl" variant="outline" disabled={!editable} data-testid="discounts-button">
          {t('saleExtras.discounts.button')}
          {orderDiscount > 0 && (
            <Badge colorPalette="brand" variant="solid" size="lg">
              {`−${formatMoney(orderDiscount, i18n.language, currency)}`}
            </Badge>
          )}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="discounts-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('saleExtras.discounts.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {ORDER_DISCOUNT_KINDS.map((kind) => (
                  <DiscountRow
                    key={kind}
                    kind={kind}
                    current={discounts[kind]}
                    amount={amounts[AMOUNT_FIELD[kind]]}
                    currency={currency}
                    membershipName={customer?.membership?.name}
                    onApply={apply}
                    onRemove={remove}
                  />
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button size="xl" variant="outline">
                  {t('saleExtras.done')}
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="lg" aria-label={t('saleExtras.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
