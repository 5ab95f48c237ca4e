/**
 * The customer dialog (customer-button.tsx opens it; a chunk of its own, sale-parts.tsx): search, pick,
 * create, edit or remove, all driven by the customer picker the button holds (machines/customer-picker).
 * Whether it is open is the picker's state, so a save in flight keeps it open.
 */
import { Alert, Button, CloseButton, Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectCanClose,
  selectIsNewCustomer,
  selectPickerError,
  selectPickerView,
} from '../../../../machines/customer-picker/customer-picker.selectors';
import { selectCustomer } from '../../../../machines/sale/sale.selectors';
import type { CustomerPickerActorRef } from '../../app/customer-actors';
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

/** The search face: the attached customer is read from the sale only while the dialog shows it. */
function SearchFace({ picker }: { picker: CustomerPickerActorRef }) {
  const sale = SaleActor.useActorRef();
  const customer = SaleActor.useSelector(selectCustomer);
  return (
    <CustomerSearch
      picker={picker}
      attached={customer}
      onRemoveAttached={() => {
        sale.send({ type: 'customer.set', customer: null });
        picker.send({ type: 'picker.close' });
      }}
    />
  );
}

export interface CustomerDialogProps {
  picker: CustomerPickerActorRef;
  /** Where focus goes back on closing: the customer button. */
  finalFocusEl?: () => HTMLElement | null;
}

export function CustomerDialog({ picker, finalFocusEl }: CustomerDialogProps) {
  const { t } = useTranslation('common');
  const view = useSelector(picker, selectPickerView);
  const isNew = useSelector(picker, selectIsNewCustomer);
  const canClose = useSelector(picker, selectCanClose);

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
      finalFocusEl={finalFocusEl}
      // A stray tap beside the dialog must not throw away a half-typed customer: close is explicit.
      closeOnInteractOutside={false}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="customer-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {view === 'search' && <SearchFace picker={picker} />}
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
