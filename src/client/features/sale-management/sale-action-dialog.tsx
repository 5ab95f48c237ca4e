/**
 * The modal flow of an action mode (docs/sales.md#sale-management "one modal mode at a time ... with confirm,
 * manager PIN where required, submitting, done/failed"): it renders the action-mode chart's step and sends
 * its events, nothing more. Editing shows the mode's form; confirming says what will happen (for a refund,
 * the amount by the domain's refund rule); authorising asks for a manager's PIN, with the refusal shown;
 * checking the PIN and submitting show that they are working and cannot be closed; done says it went through
 * and closes itself; failed shows the server's refusal with its message and offers a retry with the same
 * intent (the same idempotency key). Queued (the offline request queue took it, docs/offline.md) says it is
 * saved on this till and will be sent when the connection returns — not that it was done — and stays until
 * OK.
 *
 * The invoice mode only reads: its "submitting" is loading the invoice, and its done step shows it, with Print,
 * until closed. It is printed by the shared receipt component (components/receipt: ReceiptView, its 80 mm print
 * stylesheet and print-page.ts's printReceipt, which sizes the page to it), fed the invoice in the receipt's shape
 * (invoice-receipt.ts). Save all changes confirms which tickets the list's pending changes touch.
 */
import { Alert, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { selectActionsRef, selectDetail } from '../../../../machines/sale-list/sale-list.selectors';
import type { SaleDetailBundle } from '../../../../machines/sale-list/sale-list.types';
import { isShowingMode, modeSteps } from '../../../../machines/sale-management/sale-management.modes';
import {
  selectApprovedBy,
  selectCanClose,
  selectCanRetry,
  selectError,
  selectForm,
  selectInvoice,
  selectIsModalOpen,
  selectModalStep,
  selectMode,
  selectQueued,
  selectSale,
} from '../../../../machines/sale-management/sale-management.selectors';
import type { ActionError } from '../../../../machines/sale-management/sale-management.types';
import { ACTION_MODE } from '../../../domain/constants';
import { needsManagerPin, STORE_WIDE_MODES } from '../../../domain/sale-status';
import { ModalDialog } from '../../components/modal-dialog';
import { printReceipt } from '../../components/receipt/print-page';
import { ReceiptView } from '../../components/receipt/receipt-view';
import { ActionFormFields } from './action-form-fields';
import type { ActionsRef } from './action-form-fields';
import { readRefundForm } from './action-forms';
import { invoiceReceipt } from './invoice-receipt';
import { ManagerPinForm } from './manager-pin-form';
import { refundPreview } from './refund-preview';
import { useSaleFormat } from './sale-format';
import { SaleListActor } from './sale-list-actor';

const DESTRUCTIVE = new Set<string>([
  ACTION_MODE.VOID,
  ACTION_MODE.REMOVE,
  ACTION_MODE.CLEAR_TRASH_ONE,
  ACTION_MODE.CLEAR_TRASH_ALL,
]);

/** An error in the reader's language: the PIN pad's and the status rules' keys; the server's own text otherwise. */
export function errorText(t: TFunction, error: ActionError): string {
  if (error.code === 'pin.errors.wrong') {
    const count = error.remaining ?? null;
    return count === null ? t('pin.errors.wrong') : t('pin.errors.wrongWithTries', { count });
  }
  if (error.code === 'sale_management.action_failed') return error.message;
  return t(error.code, { defaultValue: error.message, name: '' });
}

function Working({ label }: { label: string }) {
  return (
    <HStack gap="3" py="6" justify="center" role="status" data-testid="action-working">
      <Spinner size="lg" color="brand.solid" />
      <Text fontSize="lg">{label}</Text>
    </HStack>
  );
}

function ErrorAlert({ error, title }: { error: ActionError; title?: string }) {
  const { t } = useTranslation('common');
  const text = errorText(t, error);
  return (
    <Alert.Root status="error" role="alert" data-testid="action-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title ?? text}</Alert.Title>
        {title && <Alert.Description>{text}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

/** "Save all changes": how many sales and which tickets (the list's pending changes, gathered in the form). */
function SaveAllConfirmText({ actions }: { actions: ActionsRef }) {
  const { t } = useTranslation('common');
  const form = useSelector(actions, selectForm);
  const tickets = Array.isArray(form?.tickets) ? (form.tickets as number[]) : [];
  return (
    <Text fontSize="lg" data-testid="action-confirm-text">
      {t('sale_management.confirm.saveAllChanges', {
        count: tickets.length,
        tickets: tickets.map((ticket) => `#${ticket}`).join(', '),
      })}
    </Text>
  );
}

function ConfirmText({
  actions,
  bundle,
  mode,
}: {
  actions: ActionsRef;
  bundle: SaleDetailBundle | null;
  mode: string;
}) {
  const { t } = useTranslation('common');
  const format = useSaleFormat();
  const form = useSelector(actions, selectForm);
  const ticket = bundle?.sale.ticket_no ?? '';
  if (mode === ACTION_MODE.SAVE_ALL_CHANGES) return <SaveAllConfirmText actions={actions} />;
  if (mode === ACTION_MODE.REFUND && bundle) {
    const lines = readRefundForm(form)?.lines ?? [];
    const amount = refundPreview(bundle.sale, format.currency, lines);
    return (
      <Text fontSize="lg" data-testid="action-confirm-text">
        {t('sale_management.confirm.refund', { amount: format.money(amount), ticket, count: lines.length })}
      </Text>
    );
  }
  const status = bundle?.sale.status_before_trash;
  return (
    <Text fontSize="lg" data-testid="action-confirm-text">
      {t(`sale_management.confirm.${mode}`, {
        ticket,
        status: status ? t(`sale_management.status.${status}`) : '',
      })}
    </Text>
  );
}

function ActionDialog({ actions, bundle }: { actions: ActionsRef; bundle: SaleDetailBundle | null }) {
  const { t } = useTranslation('common');
  const open = useSelector(actions, selectIsModalOpen);
  const mode = useSelector(actions, selectMode);
  const step = useSelector(actions, selectModalStep);
  const canClose = useSelector(actions, selectCanClose);
  const canRetry = useSelector(actions, selectCanRetry);
  const error = useSelector(actions, selectError);
  const approvedBy = useSelector(actions, selectApprovedBy);
  const saleId = useSelector(actions, (snapshot) => selectSale(snapshot)?.id ?? null);
  const invoice = useSelector(actions, selectInvoice);
  const queued = useSelector(actions, selectQueued);
  const shows = isShowingMode(mode);
  // The open sale's detail, when the chart acts on that sale (store-wide modes act on none, even with one open).
  const sale = bundle && bundle.sale.id === saleId && !STORE_WIDE_MODES.includes(mode) ? bundle : null;
  const close = () => actions.send({ type: 'mode.close' });
  const steps = modeSteps(mode);
  const last = !steps.confirm && !needsManagerPin(mode);
  const destructive = DESTRUCTIVE.has(mode);
  const title =
    t(`sale_management.modes.${mode}`) +
    (sale ? ` · ${t('sale_management.detail.title', { ticket: sale.sale.ticket_no })}` : '');

  return (
    <ModalDialog
      open={open}
      onClose={close}
      closeOnEscape={canClose}
      closeOnInteractOutside={false}
      size="lg"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      testId="sale-action-dialog"
      data={{ 'data-mode': mode, 'data-step': step ?? 'closed' }}
      closeButton={canClose ? { size: 'lg', 'aria-label': t('sale_management.dialog.close') } : undefined}
      title={title}
      footer={
        <>
          {canClose && step !== 'done' && step !== 'queued' && (
            <Button size="xl" variant="outline" onClick={close}>
              {step === 'failed' ? t('sale_management.dialog.close') : t('sale_management.dialog.cancel')}
            </Button>
          )}
          {step === 'confirming' && (
            <Button
              size="xl"
              colorPalette={destructive ? 'red' : 'brand'}
              onClick={() => actions.send({ type: 'action.confirm' })}
            >
              {t('sale_management.dialog.confirm')}
            </Button>
          )}
          {step === 'failed' && canRetry && (
            <Button size="xl" colorPalette="brand" onClick={() => actions.send({ type: 'action.retry' })}>
              {t('sale_management.dialog.retry')}
            </Button>
          )}
          {step === 'done' && invoice && (
            <Button size="xl" colorPalette="brand" onClick={() => printReceipt()}>
              {t('sale_management.invoice.print')}
            </Button>
          )}
          {step === 'queued' && (
            <Button size="xl" colorPalette="brand" onClick={close} data-testid="action-queued-ok">
              {t('offlineWrites.ok')}
            </Button>
          )}
          {step === 'done' && (
            <Button size="xl" colorPalette="brand" variant={invoice ? 'outline' : 'solid'} onClick={close}>
              {t('sale_management.dialog.close')}
            </Button>
          )}
        </>
      }
    >
      <Stack gap="4">
        {step === 'editing' && sale && (
          <ActionFormFields actions={actions} bundle={sale} mode={mode} last={last} />
        )}
        {step === 'confirming' && <ConfirmText actions={actions} bundle={sale} mode={mode} />}
        {step === 'authorising' && (
          <>
            <Text>{t('sale_management.pin.description')}</Text>
            {error && <ErrorAlert error={error} />}
            <ManagerPinForm onSubmit={(pin) => actions.send({ type: 'pin.submit', pin })} />
          </>
        )}
        {step === 'checkingPin' && <Working label={t('pin.checking')} />}
        {step === 'submitting' && (
          <Working
            label={t(shows ? 'sale_management.invoice.loading' : 'sale_management.dialog.submitting')}
          />
        )}
        {step === 'done' && invoice && <ReceiptView receipt={invoiceReceipt(invoice)} />}
        {step === 'done' && !shows && (
          <Alert.Root status="success" role="status" data-testid="action-done">
            <Alert.Indicator />
            <Alert.Title>{t(`sale_management.done.${mode}`)}</Alert.Title>
          </Alert.Root>
        )}
        {step === 'queued' && queued && (
          <Alert.Root status="info" role="status" data-testid="action-queued">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('offlineWrites.action.title')}</Alert.Title>
              <Alert.Description>
                {t('offlineWrites.action.description', {
                  action: t(`sale_management.modes.${mode}`),
                  id: queued.requestId,
                })}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {step === 'failed' && error && (
          <ErrorAlert
            error={error}
            title={t(shows ? 'sale_management.invoice.failed' : 'sale_management.dialog.failed')}
          />
        )}
        {approvedBy &&
          (step === 'submitting' || step === 'done' || step === 'queued' || step === 'failed') && (
            <Text color="fg.muted">{t('sale_management.pin.approvedBy', { name: approvedBy.name })}</Text>
          )}
      </Stack>
    </ModalDialog>
  );
}

/** The dialog of the screen's action-mode chart (the list chart's `actions` child). */
export function SaleActionDialog() {
  const actions = SaleListActor.useSelector(selectActionsRef);
  const bundle = SaleListActor.useSelector(selectDetail);
  if (!actions) return null;
  return <ActionDialog actions={actions} bundle={bundle} />;
}
