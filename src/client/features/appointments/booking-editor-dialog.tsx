/**
 * The booking editor dialog (docs/appointments.md): a new booking from an empty slot of the book, or an
 * existing one to change or move on (confirm, arrived, start sale, cancel, no-show). It renders the booking
 * editor chart (machines/booking-editor, wired in booking-editor-logic.ts); the chart decides, this draws its
 * snapshot and sends its events.
 *
 * Times are the store's wall clock (`timeZone`, docs/appointments.md#time), whatever the device's clock.
 *
 * Test ids: `booking-editor` (data-step: the chart's state, data-status), `booking-editor-<field>` per input,
 * `booking-editor-line` (data-index), `booking-editor-error` (data-field), `booking-editor-slot`,
 * `booking-editor-move` (data-status), `booking-editor-save`, `booking-editor-provisional`.
 */
import { Alert, Badge, Button, Dialog, Field, HStack, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  selectBusy,
  selectConflict,
  selectError,
  selectCreated,
  selectIsNew,
  selectMove,
  selectMoves,
  selectQueued,
  selectStatus,
  selectStep,
} from '../../../../machines/booking-editor/booking-editor.selectors';
import type { EditorService } from '../../../../machines/booking-editor/booking-editor.types';
import type { Booking, BookableEmployee, BookingStatus } from '../../../contracts/bookings';
import { formatDateTime } from '../../lib/format';
import { DialogFrame } from '../../components/modal-dialog';
import { CustomerFields, ServiceLines } from './booking-editor-fields';
import type { EditorActor } from './booking-editor-fields';
import { bookingEditorLogic } from './booking-editor-logic';
import { bookingSaleNavigation, SALE_PATH } from './booking-editor-sale';
import { failureKeys, NS } from './booking-editor-text';

export interface BookingEditorDialogProps {
  open: boolean;
  /** A new booking from an empty slot: its technician (null = unassigned) and start (ISO). */
  draft: { user_id: number | null; starts_at: string } | null;
  /** The booking to edit; null for a new one. */
  booking: Booking | null;
  /** Who can be booked; the editor reads their ids and names. */
  employees: readonly Pick<BookableEmployee, 'id' | 'name'>[];
  /** The store's services (booking-editor-api.ts loadEditorServices). */
  services: EditorService[];
  /** The store's time zone (stores.timezone). */
  timeZone: string;
  onClose: () => void;
  /** A booking was saved or moved (the book reloads or puts it in place). */
  onSaved: (booking: Booking) => void;
}

function employeeName(
  employees: readonly Pick<BookableEmployee, 'id' | 'name'>[],
  id: number | null,
): string {
  return employees.find((e) => e.id === id)?.name ?? '';
}

function Conflict({
  actor,
  employees,
  timeZone,
}: {
  actor: EditorActor;
  employees: readonly Pick<BookableEmployee, 'id' | 'name'>[];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation(NS);
  const conflict = useSelector(actor, selectConflict);
  const at = (iso: string) => formatDateTime(iso, i18n.language, timeZone);
  return (
    <Alert.Root status="warning" data-testid="booking-editor-conflict">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{t('conflict.title', { number: (conflict?.line_index ?? 0) + 1 })}</Alert.Title>
        {conflict?.conflicts.map((c) => (
          <Text key={`${c.booking_id}:${c.line_id}`} fontSize="sm">
            {t('conflict.clash', {
              customer: c.customer_name,
              technician: employeeName(employees, c.user_id),
              from: at(c.starts_at),
              to: at(c.ends_at),
            })}
          </Text>
        ))}
        {conflict && conflict.next_slots.length > 0 ? (
          <>
            <Text fontSize="sm">{t('conflict.choose')}</Text>
            <HStack wrap="wrap" gap="2">
              {conflict.next_slots.map((slot, index) => (
                <Button
                  key={`${slot.user_id}:${slot.starts_at}`}
                  size="sm"
                  minH="11"
                  variant="outline"
                  onClick={() => actor.send({ type: 'slot.choose', index })}
                  data-testid="booking-editor-slot"
                >
                  {t('conflict.slot', {
                    technician: employeeName(employees, slot.user_id),
                    at: at(slot.starts_at),
                  })}
                </Button>
              ))}
            </HStack>
          </>
        ) : (
          <Text fontSize="sm">{t('conflict.noSlot')}</Text>
        )}
        <Button
          size="sm"
          minH="11"
          variant="ghost"
          alignSelf="flex-start"
          onClick={() => actor.send({ type: 'edit' })}
        >
          {t('actions.changeTimes')}
        </Button>
      </Stack>
    </Alert.Root>
  );
}

function Question({
  testId,
  status,
  title,
  children,
}: {
  testId: string;
  status: 'warning' | 'error' | 'info' | 'success';
  title: string;
  children?: ReactNode;
}) {
  return (
    <Alert.Root status={status} data-testid={testId}>
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{title}</Alert.Title>
        {children && <HStack wrap="wrap">{children}</HStack>}
      </Stack>
    </Alert.Root>
  );
}

/** What the chart waits on besides the form: a question, a failure, the result. */
function StepPanel({
  actor,
  employees,
  timeZone,
}: {
  actor: EditorActor;
  employees: readonly Pick<BookableEmployee, 'id' | 'name'>[];
  timeZone: string;
}) {
  const { t } = useTranslation(NS);
  const step = useSelector(actor, selectStep);
  const error = useSelector(actor, selectError);
  const queued = useSelector(actor, selectQueued);
  const created = useSelector(actor, selectCreated);
  const send = actor.send.bind(actor);
  switch (step) {
    case 'conflict':
      return <Conflict actor={actor} employees={employees} timeZone={timeZone} />;
    case 'outsideHours':
      return (
        <Question testId="booking-editor-outside-hours" status="warning" title={t('outsideHours.title')}>
          <Button minH="11" colorPalette="orange" onClick={() => send({ type: 'outside.confirm' })}>
            {t('outsideHours.confirm')}
          </Button>
          <Button minH="11" variant="ghost" onClick={() => send({ type: 'edit' })}>
            {t('actions.changeTimes')}
          </Button>
        </Question>
      );
    case 'stale':
    case 'reloading':
      return (
        <Question testId="booking-editor-stale" status="warning" title={t('stale.title')}>
          <Button minH="11" loading={step === 'reloading'} onClick={() => send({ type: 'reload' })}>
            {t('stale.reload')}
          </Button>
        </Question>
      );
    case 'failed':
      return (
        <Question testId="booking-editor-failed" status="error" title={error ? t(failureKeys(error)) : ''}>
          <Button minH="11" onClick={() => send({ type: 'retry' })}>
            {t('actions.retry')}
          </Button>
        </Question>
      );
    case 'moveFailed':
      return (
        <Question
          testId="booking-editor-move-failed"
          status="error"
          title={error ? t(failureKeys(error)) : ''}
        >
          <Button minH="11" onClick={() => send({ type: 'retry' })}>
            {t('actions.retry')}
          </Button>
          <Button minH="11" variant="ghost" onClick={() => send({ type: 'dismiss' })}>
            {t('actions.back')}
          </Button>
        </Question>
      );
    case 'done':
      return queued ? (
        <Question testId="booking-editor-provisional" status="info" title={t('done.provisional')} />
      ) : (
        <Question
          testId="booking-editor-saved"
          status="success"
          title={t(created ? 'done.created' : 'done.saved')}
        />
      );
    case 'locked':
      return <Question testId="booking-editor-locked" status="info" title={t('locked')} />;
    default:
      return null;
  }
}

const MOVE_PALETTE: Partial<Record<BookingStatus, string>> = {
  in_service: 'green',
  cancelled: 'red',
  no_show: 'red',
};

/** The question a move asks first: queue or desk for arrived, the reason for cancel and no-show. */
function MoveQuestion({ actor }: { actor: EditorActor }) {
  const { t } = useTranslation(NS);
  const move = useSelector(actor, selectMove);
  const [reason, setReason] = useState('');
  if (!move) return null;
  if (move.status === 'arrived') {
    return (
      <Question testId="booking-editor-arrival" status="info" title={t('arrival.question')}>
        <Button minH="11" onClick={() => actor.send({ type: 'move.confirm', arrival: 'queue' })}>
          {t('arrival.queue')}
        </Button>
        <Button minH="11" onClick={() => actor.send({ type: 'move.confirm', arrival: 'desk' })}>
          {t('arrival.desk')}
        </Button>
        <Button minH="11" variant="ghost" onClick={() => actor.send({ type: 'move.cancel' })}>
          {t('actions.back')}
        </Button>
      </Question>
    );
  }
  return (
    <Stack gap="2" data-testid="booking-editor-reason">
      <Field.Root>
        <Field.Label>{t(`reason.${move.status === 'no_show' ? 'noShow' : 'cancel'}`)}</Field.Label>
        <Input
          minH="11"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="booking-editor-reason-input"
        />
      </Field.Root>
      <HStack>
        <Button
          minH="11"
          colorPalette="red"
          onClick={() => actor.send({ type: 'move.confirm', reason })}
          data-testid="booking-editor-reason-confirm"
        >
          {t(`moves.${move.status}`)}
        </Button>
        <Button minH="11" variant="ghost" onClick={() => actor.send({ type: 'move.cancel' })}>
          {t('actions.back')}
        </Button>
      </HStack>
    </Stack>
  );
}

function StatusSection({ actor }: { actor: EditorActor }) {
  const { t } = useTranslation(NS);
  const status = useSelector(actor, selectStatus);
  const moves = useSelector(actor, selectMoves, (a, b) => a.join() === b.join());
  const step = useSelector(actor, selectStep);
  const busy = useSelector(actor, selectBusy);
  const pending = useSelector(actor, selectMove);
  if (!status) return null;
  return (
    <Stack gap="2" as="section" aria-label={t('status.title')}>
      <Separator />
      <HStack justify="space-between">
        <Text fontWeight="semibold">{t('status.title')}</Text>
        <Badge data-testid="booking-editor-status" data-status={status}>
          {t(`status.${status}`)}
        </Badge>
      </HStack>
      {step === 'confirmingMove' ? (
        <MoveQuestion actor={actor} />
      ) : (
        moves.length > 0 && (
          <HStack wrap="wrap" gap="2">
            {moves.map((to) => (
              <Button
                key={to}
                minH="11"
                variant="outline"
                colorPalette={MOVE_PALETTE[to] ?? 'gray'}
                loading={busy && pending?.status === to}
                disabled={busy}
                onClick={() => actor.send({ type: 'move.start', status: to })}
                data-testid="booking-editor-move"
                data-status={to}
              >
                {t(`moves.${to}`)}
              </Button>
            ))}
          </HStack>
        )
      )}
    </Stack>
  );
}

function EditorBody({ props }: { props: BookingEditorDialogProps }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { booking, draft, employees, services, timeZone, onClose, onSaved } = props;
  // The chart is made once per opening; its effects read the parent's latest callbacks and staff.
  const latest = useRef({ onSaved, employees });
  useEffect(() => {
    latest.current = { onSaved, employees };
  }, [onSaved, employees]);
  // One uuid per draft (docs/appointments.md#offline: a replayed create makes it once); one chart per opening.
  const [logic] = useState(() =>
    bookingEditorLogic({
      saved: (booking) => latest.current.onSaved(booking),
      openSale: (started) =>
        void navigate(SALE_PATH, { state: bookingSaleNavigation(started, latest.current.employees) }),
    }),
  );
  const [uuid] = useState(() => globalThis.crypto.randomUUID());
  const actor = useActorRef(logic, {
    input: { timeZone, services, booking, slot: draft, uuid },
  });
  const step = useSelector(actor, selectStep);
  const busy = useSelector(actor, selectBusy);
  const isNew = useSelector(actor, selectIsNew);
  const finished = step === 'done' || step === 'saleStarted';
  const canSave = step === 'editing' || step === 'failed' || step === 'submitting' || step === 'validating';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit' });
  };
  return (
    <DialogFrame
      open
      onClose={onClose}
      testId="booking-editor"
      data={{ 'data-step': step }}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      // A stray tap beside the dialog must not throw away what was typed; Escape and Cancel still close it.
      closeOnInteractOutside={false}
      contentProps={{ as: 'form', onSubmit: submit }}
      closeButton={{ 'aria-label': t('actions.close') }}
    >
      <Dialog.Header>
        <Dialog.Title>{t(isNew ? 'title.new' : 'title.edit')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4" aria-busy={busy}>
          <CustomerFields actor={actor} />
          <ServiceLines actor={actor} services={services} employees={employees} />
          <StepPanel actor={actor} employees={employees} timeZone={timeZone} />
          {!finished && <StatusSection actor={actor} />}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button minH="12" variant="ghost" onClick={onClose} data-testid="booking-editor-close">
          {t(finished ? 'actions.close' : 'actions.cancel')}
        </Button>
        {canSave && (
          <Button
            type="submit"
            minH="12"
            colorPalette="brand"
            loading={busy}
            loadingText={t('actions.saving')}
            data-testid="booking-editor-save"
          >
            {t(isNew ? 'actions.create' : 'actions.save')}
          </Button>
        )}
      </Dialog.Footer>
    </DialogFrame>
  );
}

/**
 * The dialog; each opening starts a fresh chart (a new draft has its own uuid), so a closed dialog forgets what
 * was typed.
 */
export function BookingEditorDialog(props: BookingEditorDialogProps) {
  if (!props.open || (!props.booking && !props.draft)) return null;
  const key = props.booking
    ? `booking-${props.booking.id}`
    : `new-${props.draft?.starts_at}-${props.draft?.user_id}`;
  return <EditorBody key={key} props={props} />;
}
