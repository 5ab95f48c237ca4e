/**
 * The ticket's customer (issue 4 item 4 "attach a customer (search, create, edit)"): a button showing who is
 * attached (name, points, membership), and a dialog to search, pick, create, edit or remove.
 *
 * The dialog is the customer picker machine (machines/customer-picker), with its real calls provided by
 * app/customer-actors.ts (features may import app/, as the auth screens do; app/ is still the one place that
 * provides I/O). Whether the dialog is open is the picker's state, so a save in flight keeps it open. A
 * customer picked, created or saved arrives as the picker's `customer.chosen` and goes to the sale machine as
 * customer.set, which also applies (or drops) the membership discount. Removing is customer.set null.
 */
import {
  Badge,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Portal,
  Spinner,
  Stack,
  Text,
  Alert,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCanClose,
  selectIsNewCustomer,
  selectPickerError,
  selectPickerView,
} from '../../../../machines/customer-picker/customer-picker.selectors';
import { selectCustomer, selectIsEditable } from '../../../../machines/sale/sale.selectors';
import { useCustomerPickerActor } from '../../app/customer-actors';
import type { CustomerPickerActorRef } from '../../app/customer-actors';
import { formatNumber } from '../../lib/format';
import { CustomerFormView } from './customer-form';
import { CustomerSearch } from './customer-search';
import { problemText } from './customer-text';
import { SaleActor } from './sale-actor';

function LoadFailed({ picker }: { picker: CustomerPickerActorRef }) {
  const { t } = useTranslation('common');
  const error = useSelector(picker, selectPickerError);
  return (
    <Stack gap="4">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{error ? problemText(t, error) : t('api.errors.unexpected')}</Alert.Title>
      </Alert.Root>
      <HStack gap="3">
        <Button size="xl" colorPalette="brand" onClick={() => picker.send({ type: 'load.retry' })}>
          {t('saleExtras.retry')}
        </Button>
        <Button size="xl" variant="outline" onClick={() => picker.send({ type: 'edit.cancel' })}>
          {t('saleExtras.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}

export function CustomerButton() {
  const { t, i18n } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const customer = SaleActor.useSelector(selectCustomer);
  const editable = SaleActor.useSelector(selectIsEditable);
  const picker = useCustomerPickerActor();
  const view = useSelector(picker, selectPickerView);
  const isNew = useSelector(picker, selectIsNewCustomer);
  const canClose = useSelector(picker, selectCanClose);

  // The picker tells whom it chose; the order is the sale machine's (an event bridge, not a reaction to state).
  useEffect(() => {
    const subscription = picker.on('customer.chosen', (event) =>
      sale.send({ type: 'customer.set', customer: event.customer }),
    );
    return () => subscription.unsubscribe();
  }, [picker, sale]);

  const title =
    view === 'form' || view === 'loading' || view === 'loadFailed'
      ? isNew
        ? t('saleExtras.customer.newTitle')
        : t('saleExtras.customer.editTitle')
      : t('saleExtras.customer.title');

  return (
    <Dialog.Root
      open={view !== 'closed'}
      onOpenChange={(details) => picker.send({ type: details.open ? 'picker.open' : 'picker.close' })}
      // A stray tap beside the dialog must not throw away a half-typed customer: close is explicit.
      closeOnInteractOutside={false}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Dialog.Trigger asChild>
        <Button
          size="xl"
          variant="outline"
          disabled={!editable}
          h="auto"
          minH="12"
          py="2"
          whiteSpace="normal"
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
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="customer-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {view === 'search' && (
                <CustomerSearch
                  picker={picker}
                  attached={customer}
                  onRemoveAttached={() => {
                    sale.send({ type: 'customer.set', customer: null });
                    picker.send({ type: 'picker.close' });
                  }}
                />
              )}
              {view === 'loading' && (
                <HStack gap="2" role="status">
                  <Spinner size="sm" color="brand.solid" />
                  <Text>{t('saleExtras.customer.loading')}</Text>
                </HStack>
              )}
              {view === 'loadFailed' && <LoadFailed picker={picker} />}
              {view === 'form' && <CustomerFormView picker={picker} />}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="lg" disabled={!canClose} aria-label={t('saleExtras.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
