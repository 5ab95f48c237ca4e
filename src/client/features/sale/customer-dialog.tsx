/**
 * The customer dialog (customer-button.tsx opens it; a chunk of its own, sale-parts.tsx): search, pick,
 * create, edit or remove, all driven by the customer picker the button holds (machines/customer-picker), and
 * what happened to a save the offline queue took instead of the server.
 * Whether it is open is the picker's state, so a save in flight keeps it open.
 */
import { Alert, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectCanClose,
  selectIsNewCustomer,
  selectPickerError,
  selectPickerView,
  selectQueuedSave,
} from '../../../../machines/customer-picker/customer-picker.selectors';
import { selectCustomer } from '../../../../machines/sale/sale.selectors';
import { ModalDialog } from '../../components/modal-dialog';
import type { CustomerPickerActorRef } from './customer-picker-actor';
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

/**
 * The offline queue took the save (machines/customer-picker `queued`): a new customer is NOT on the sale (it has
 * no id until the queue delivers it), an edited one stays as last saved. Said plainly, with the queue's id so
 * the request can be found in the offline queue panel.
 */
function QueuedFace({ picker }: { picker: CustomerPickerActorRef }) {
  const { t } = useTranslation('common');
  const queued = useSelector(picker, selectQueuedSave);
  if (!queued) return null;
  return (
    <Stack gap="4">
      <Alert.Root status="info" role="status" data-testid="customer-queued" data-kind={queued.kind}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('offlineWrites.savedOffline')}</Alert.Title>
          <Alert.Description>
            {t(
              queued.kind === 'create' ? 'offlineWrites.customer.created' : 'offlineWrites.customer.updated',
              {
                name: queued.name,
              },
            )}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Text color="fg.muted" fontSize="sm">
        {t('offlineWrites.requestId', { id: queued.requestId })}
      </Text>
      <HStack>
        <Button size="xl" colorPalette="brand" onClick={() => picker.send({ type: 'picker.close' })}>
          {t('offlineWrites.ok')}
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
    view === 'queued'
      ? t('offlineWrites.savedOffline')
      : view === 'form' || view === 'loading' || view === 'loadFailed'
        ? isNew
          ? t('saleExtras.customer.newTitle')
          : t('saleExtras.customer.editTitle')
        : t('saleExtras.customer.title');

  return (
    <ModalDialog
      open={view !== 'closed'}
      onClose={() => picker.send({ type: 'picker.close' })}
      finalFocusEl={finalFocusEl}
      // A stray tap beside the dialog must not throw away a half-typed customer: close is explicit.
      closeOnInteractOutside={false}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      testId="customer-dialog"
      closeButton={{ size: 'lg', disabled: !canClose, 'aria-label': t('saleExtras.close') }}
      title={title}
      bodyProps={{ pb: '6' }}
    >
      {view === 'search' && <SearchFace picker={picker} />}
      {view === 'loading' && (
        <HStack gap="2" role="status">
          <Spinner size="sm" color="brand.solid" />
          <Text>{t('saleExtras.customer.loading')}</Text>
        </HStack>
      )}
      {view === 'loadFailed' && <LoadFailed picker={picker} />}
      {view === 'form' && <CustomerFormView picker={picker} />}
      {view === 'queued' && <QueuedFace picker={picker} />}
    </ModalDialog>
  );
}
