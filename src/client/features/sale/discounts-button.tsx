/**
 * The ticket's order discounts ("ticket / manager / membership / other discounts (manager
 * discount needs a manager PIN)"; docs/money.md step 6): a button on the ticket showing what the discounts
 * take off, opening the discounts dialog (discounts-dialog.tsx, its own chunk). Only while the ticket is
 * being built (the sale machine's `editable` tag): during tendering the total is fixed.
 *
 * Speed: the button reads one number and a flag, so a tap on an item re-renders it
 * only when what the discounts take off changes.
 */
import { Badge, Button } from '@chakra-ui/react';
import { memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCurrency,
  selectIsEditable,
  selectOrderDiscountTotal,
} from '../../../../machines/sale/sale.selectors';
import { formatMoney } from '../../lib/format';
import { usePartDialog } from './part-dialog';
import { SaleActor } from './sale-actor';
import { DialogFallback, discountsPart } from './sale-parts';

export const DiscountsButton = memo(function DiscountsButton() {
  const { t, i18n } = useTranslation('common');
  const editable = SaleActor.useSelector(selectIsEditable);
  const orderDiscount = SaleActor.useSelector(selectOrderDiscountTotal);
  const currency = SaleActor.useSelector(selectCurrency);
  const dialog = usePartDialog();
  const open = dialog.open && editable;

  return (
    <>
      <Button
        ref={dialog.trigger}
        size="xl"
        variant="outline"
        disabled={!editable}
        onClick={dialog.show}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="discounts-button"
      >
        {t('saleExtras.discounts.button')}
        {orderDiscount > 0 && (
          <Badge colorPalette="brand" variant="solid" size="lg">
            {`−${formatMoney(orderDiscount, i18n.language, currency)}`}
          </Badge>
        )}
      </Button>
      {dialog.mounted && (
        <Suspense fallback={<DialogFallback />}>
          <discountsPart.Component
            open={open}
            onOpenChange={dialog.setOpen}
            finalFocusEl={dialog.finalFocusEl}
          />
        </Suspense>
      )}
    </>
  );
});
