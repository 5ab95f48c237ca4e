/**
 * The ticket's customer: a button showing who is
 * attached (name, points, membership), opening the customer dialog (customer-dialog.tsx, its own chunk) to
 * search, pick, create, edit or remove.
 *
 * The dialog is the customer picker machine (machines/customer-picker), with its real calls provided by
 * app/customer-actors.ts (features may import app/, as the auth screens do; app/ is still the one place that
 * provides I/O). The picker lives here, with the button, so whether the dialog is open is the picker's state
 * (a save in flight keeps it open). A customer picked, created or saved arrives as the picker's
 * `customer.chosen` and goes to the sale machine as customer.set, which also applies (or drops) the membership
 * discount. Removing is customer.set null.
 */
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectPickerView } from '../../../../machines/customer-picker/customer-picker.selectors';
import { selectCustomer, selectIsEditable } from '../../../../machines/sale/sale.selectors';
import { useCustomerPickerActor } from './customer-picker-actor';
import { formatNumber } from '../../lib/format';
import { SaleActor } from './sale-actor';
import { customerPart, DialogFallback } from './sale-parts';

export const CustomerButton = memo(function CustomerButton() {
  const { t, i18n } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const customer = SaleActor.useSelector(selectCustomer);
  const editable = SaleActor.useSelector(selectIsEditable);
  const picker = useCustomerPickerActor();
  const open = useSelector(picker, selectPickerView) !== 'closed';
  const trigger = useRef<HTMLButtonElement | null>(null);
  const finalFocusEl = useCallback(() => trigger.current, []);
  // The dialog's chunk is mounted on the first opening and kept (its closing animation, no re-fetch).
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);

  // The picker tells whom it chose; the order is the sale machine's (an event bridge, not a reaction to state).
  useEffect(() => {
    const subscription = picker.on('customer.chosen', (event) =>
      sale.send({ type: 'customer.set', customer: event.customer }),
    );
    return () => subscription.unsubscribe();
  }, [picker, sale]);

  return (
    <>
      <Button
        ref={trigger}
        size="xl"
        variant="outline"
        disabled={!editable}
        h="auto"
        minH="12"
        py="2"
        whiteSpace="normal"
        onClick={() => picker.send({ type: 'picker.open' })}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="customer-button"
      >
        {customer ? (
          <Stack gap="0" align="flex-start" textAlign="start">
            <Text fontWeight="semibold">{customer.name}</Text>
            <HStack gap="2" fontSize="sm" fontWeight="normal">
              <Text>
                {t('saleExtras.customer.points', {
                  points: formatNumber(customer.point_balance ?? 0, i18n.language),
                })}
              </Text>
              {customer.membership && (
                <Badge colorPalette="brand" size="sm">
                  {customer.membership.name}
                </Badge>
              )}
            </HStack>
          </Stack>
        ) : (
          t('saleExtras.customer.add')
        )}
      </Button>
      {mounted && (
        <Suspense fallback={<DialogFallback />}>
          <customerPart.Component picker={picker} finalFocusEl={finalFocusEl} />
        </Suspense>
      )}
    </>
  );
});
