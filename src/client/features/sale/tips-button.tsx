/**
 * Tips per employee (docs/sales.md#editing-the-order "Tips attach to the employee group matching
 * user_id"): a button showing the ticket's tips, opening the tips dialog (tips-dialog.tsx, its own chunk).
 * Tips may change while tendering too: the machine takes tip.set there and recomputes the balance.
 *
 * Speed: the button reads two numbers and a flag, so a tap on an item re-renders it
 * only when the tips change; the employee list is read by the dialog, and only while it is open.
 */
import { Badge, Button } from '@chakra-ui/react';
import { memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleSnapshot } from '../../../../machines/sale/sale.selectors';
import {
  selectCurrency,
  selectEmployeeCount,
  selectMode,
  selectTipTotal,
} from '../../../../machines/sale/sale.selectors';
import { formatMoney } from '../../lib/format';
import { usePartDialog } from './part-dialog';
import { SaleActor } from './sale-actor';
import { DialogFallback, tipsPart } from './sale-parts';

const selectCanTip = (snapshot: SaleSnapshot): boolean => {
  const mode = selectMode(snapshot);
  return (mode === 'building' || mode === 'tendering') && selectEmployeeCount(snapshot) > 0;
};

export const TipsButton = memo(function TipsButton() {
  const { t, i18n } = useTranslation('common');
  const available = SaleActor.useSelector(selectCanTip);
  const tipTotal = SaleActor.useSelector(selectTipTotal);
  const currency = SaleActor.useSelector(selectCurrency);
  const dialog = usePartDialog();
  const open = dialog.open && available;

  return (
    <>
      <Button
        ref={dialog.trigger}
        size="xl"
        variant="outline"
        disabled={!available}
        onClick={dialog.show}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="tips-button"
      >
        {t('saleExtras.tips.button')}
        {tipTotal > 0 && (
          <Badge colorPalette="brand" variant="solid" size="lg">
            {formatMoney(tipTotal, i18n.language, currency)}
          </Badge>
        )}
      </Button>
      {dialog.mounted && (
        <Suspense fallback={<DialogFallback />}>
          <tipsPart.Component open={open} onOpenChange={dialog.setOpen} finalFocusEl={dialog.finalFocusEl} />
        </Suspense>
      )}
    </>
  );
});
