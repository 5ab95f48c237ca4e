/**
 * The book's chrome (Chakra): the header's date label and switches, the day counts and top services, the phone
 * list, the clash dialog and the selected booking's card. Dates and times are the store's
 * (docs/appointments.md#time): a store date is formatted as the calendar date it is, times with the store's
 * zone (lib/store-clock.ts).
 *
 * Test ids: `book-toolbar`, `book-date-label`, `book-view` (data-view, aria-pressed), `book-today`,
 * `book-prev`, `book-next`, `book-technician`, `book-counts`, `book-top-services`, `book-list`,
 * `book-list-day` (data-date), `book-list-item` (data-key, data-provisional), `book-empty`,
 * `book-conflict`, `book-conflict-clash`, `book-conflict-slot` (data-user, data-start), `book-conflict-cancel`,
 * `book-selected`.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  BookBooking,
  BookConflict,
  BookEmployee,
  BookView,
  DayCount,
  TopService,
} from '../../../../machines/booking-book/booking-book.types';
import { BOOK_VIEWS } from '../../../../machines/booking-book/booking-book.types';
import { ModalDialog } from '../../components/modal-dialog';
import { useStoreTime } from '../../lib/store-clock';
import { STATUS_PALETTE } from './calendar-events';
import type { ListDay } from './calendar-events';
import { formatStoreDate } from './book-dates';
import { NS } from './book-text';

export function BookToolbar(props: {
  view: BookView;
  label: string;
  technicianId: number | null;
  employees: readonly BookEmployee[];
  onView: (view: BookView) => void;
  onToday: () => void;
  onPrev: () => void;
  onNext: () => void;
  onTechnician: (id: number | null) => void;
}) {
  const { t } = useTranslation(NS);
  const step = props.view === 'day' ? 'day' : 'week';
  return (
    <Stack gap="3" data-testid="book-toolbar">
      <Heading as="h2" size="lg" aria-live="polite" data-testid="book-date-label">
        {props.label}
      </Heading>
      <HStack gap="3" wrap="wrap">
        <Group attached role="group" aria-label={t('nav.label')}>
          <Button
            variant="outline"
            minH="11"
            onClick={props.onPrev}
            aria-label={t(`nav.prev.${step}`)}
            data-testid="book-prev"
          >
            ‹
          </Button>
          <Button variant="outline" minH="11" onClick={props.onToday} data-testid="book-today">
            {t('nav.today')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            onClick={props.onNext}
            aria-label={t(`nav.next.${step}`)}
            data-testid="book-next"
          >
            ›
          </Button>
        </Group>
        <Group attached role="group" aria-label={t('view.label')}>
          {BOOK_VIEWS.map((view) => (
            <Button
              key={view}
              minH="11"
              variant={props.view === view ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={props.view === view}
              onClick={() => props.onView(view)}
              data-testid="book-view"
              data-view={view}
            >
              {t(`view.${view}`)}
            </Button>
          ))}
        </Group>
        <NativeSelect.Root maxW="64">
          <NativeSelect.Field
            aria-label={t('technician.label')}
            minH="11"
            value={props.technicianId ?? ''}
            onChange={(e) => props.onTechnician(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            data-testid="book-technician"
          >
            <option value="">{t('technician.all')}</option>
            {props.employees.map((employee) => (
              <option key={employee.id} value={employee.id}>
                {employee.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
    </Stack>
  );
}

/** The range's bookings per day and its most booked services, when the server gave them. */
export function BookSummary({
  counts,
  top,
}: {
  counts: readonly DayCount[] | null;
  top: readonly TopService[] | null;
}) {
  const { t, i18n } = useTranslation(NS);
  return (
    <HStack gap="4" wrap="wrap" fontSize="sm">
      {counts && counts.length > 0 && (
        <HStack gap="2" wrap="wrap" data-testid="book-counts" aria-label={t('summary.counts')} role="list">
          {counts.map((day) => (
            <Badge key={day.date} role="listitem" variant="subtle" colorPalette="brand">
              {t('summary.day', {
                day: formatStoreDate(day.date, i18n.language, { weekday: 'short', day: 'numeric' }),
                count: day.count,
              })}
            </Badge>
          ))}
        </HStack>
      )}
      {top && top.length > 0 && (
        <Text color="fg.muted" data-testid="book-top-services">
          {t('summary.top')}{' '}
          {top.map((s) => t('summary.service', { name: s.service_name, count: s.count })).join(', ')}
        </Text>
      )}
    </HStack>
  );
}

function StatusBadge({ booking }: { booking: BookBooking }) {
  const { t } = useTranslation(NS);
  return (
    <HStack gap="1">
      <Badge colorPalette={STATUS_PALETTE[booking.status]}>{t(`status.${booking.status}`)}</Badge>
      {booking.provisional && (
        <Badge variant="outline" borderStyle="dashed">
          {t('provisional')}
        </Badge>
      )}
    </HStack>
  );
}

/** The phone view: each day of the range with its bookings; a booking tapped is selected. */
export function BookList({
  days,
  names,
  onSelect,
}: {
  days: readonly ListDay[];
  names: ReadonlyMap<number, string>;
  onSelect: (key: string) => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const time = useStoreTime();
  return (
    <Stack gap="5" data-testid="book-list">
      {days.map((day) => (
        <Stack as="section" key={day.date} gap="2" data-testid="book-list-day" data-date={day.date}>
          <Heading as="h3" size="md">
            {formatStoreDate(day.date, i18n.language)}
          </Heading>
          {day.bookings.length === 0 ? (
            <Text color="fg.muted" data-testid="book-empty">
              {t('empty')}
            </Text>
          ) : (
            <Stack as="ul" listStyleType="none" gap="2">
              {day.bookings.map(({ booking, lines, startsAt }) => (
                <li key={booking.key}>
                  <Button
                    variant="outline"
                    w="full"
                    h="auto"
                    minH="14"
                    py="3"
                    justifyContent="start"
                    textAlign="start"
                    borderLeftWidth="4px"
                    borderLeftColor={`${STATUS_PALETTE[booking.status]}.solid`}
                    borderStyle={booking.provisional ? 'dashed' : 'solid'}
                    onClick={() => onSelect(booking.key)}
                    data-testid="book-list-item"
                    data-key={booking.key}
                    data-provisional={booking.provisional}
                  >
                    <Stack gap="1" w="full">
                      <HStack justify="space-between" wrap="wrap">
                        <Text fontWeight="semibold">
                          {time(startsAt)} · {booking.customer_name}
                        </Text>
                        <StatusBadge booking={booking} />
                      </HStack>
                      {lines.map((line, index) => (
                        <Text key={line.id ?? index} fontSize="sm" color="fg.muted" whiteSpace="normal">
                          {time(line.starts_at)} {line.service_name} ·{' '}
                          {line.user_id === null ? t('unassigned') : (names.get(line.user_id) ?? '')}
                        </Text>
                      ))}
                    </Stack>
                  </Button>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** A move that clashed: who is in the way, and the free starts offered; choosing one sends the move there. */
export function ConflictDialog({
  conflict,
  names,
  onChoose,
  onCancel,
}: {
  conflict: BookConflict;
  names: ReadonlyMap<number, string>;
  onChoose: (index: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const time = useStoreTime();
  const name = (id: number) => names.get(id) ?? t('unassigned');
  return (
    <ModalDialog
      open
      onClose={onCancel}
      testId="book-conflict"
      role="alertdialog"
      title={t('conflict.title')}
      closeButton={{ size: 'lg', 'aria-label': t('conflict.cancel') }}
      footer={
        <Button variant="outline" minH="11" onClick={onCancel} data-testid="book-conflict-cancel">
          {t('conflict.cancel')}
        </Button>
      }
    >
      <Stack gap="4">
        {conflict.details.conflicts.map((clash) => (
          <Text key={`${clash.booking_id}:${clash.line_id}`} data-testid="book-conflict-clash">
            {t('conflict.clash', {
              customer: clash.customer_name,
              from: time(clash.starts_at),
              to: time(clash.ends_at),
              technician: name(clash.user_id),
            })}
          </Text>
        ))}
        <Heading as="h3" size="sm">
          {t('conflict.slots')}
        </Heading>
        {conflict.details.next_slots.length === 0 ? (
          <Text color="fg.muted">{t('conflict.none')}</Text>
        ) : (
          <Stack gap="2">
            {conflict.details.next_slots.map((slot, index) => (
              <Button
                key={`${slot.user_id}:${slot.starts_at}`}
                minH="11"
                variant={index === 0 ? 'solid' : 'outline'}
                colorPalette="brand"
                onClick={() => onChoose(index)}
                data-testid="book-conflict-slot"
                data-user={slot.user_id}
                data-start={slot.starts_at}
              >
                {t('conflict.slot', { time: time(slot.starts_at), technician: name(slot.user_id) })}
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
    </ModalDialog>
  );
}

/** The selected booking: who, when, which services with whom. */
/**
 * A booking made offline that the server refused when the queue sent it: what happened, and the choices (send
 * it again, which offers the next free times if its slot is still taken, or drop it after a second tap).
 * Nothing is dropped without that second tap.
 */
function RefusedChoices({
  code,
  busy,
  onResend,
  onDiscard,
}: {
  code: string | null;
  busy: boolean;
  onResend: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation(NS);
  const [confirming, setConfirming] = useState(false);
  return (
    <Alert.Root status="error" mt="3" data-testid="book-refused" data-code={code ?? ''}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('refused.title')}</Alert.Title>
        <Alert.Description>
          {t(code === 'booking_conflict' ? 'refused.conflict' : 'refused.other')}
        </Alert.Description>
        <HStack mt="3" gap="2" wrap="wrap">
          <Button minH="11" loading={busy} onClick={onResend} data-testid="book-refused-resend">
            {t('refused.resend')}
          </Button>
          {confirming ? (
            <>
              <Button
                minH="11"
                colorPalette="red"
                disabled={busy}
                onClick={onDiscard}
                data-testid="book-refused-discard-confirm"
              >
                {t('refused.discardConfirm')}
              </Button>
              <Button minH="11" variant="ghost" onClick={() => setConfirming(false)}>
                {t('refused.keep')}
              </Button>
            </>
          ) : (
            <Button
              minH="11"
              variant="outline"
              disabled={busy}
              onClick={() => setConfirming(true)}
              data-testid="book-refused-discard"
            >
              {t('refused.discard')}
            </Button>
          )}
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}

export function SelectedBooking({
  booking,
  names,
  busy = false,
  onClose,
  onResend,
  onDiscard,
}: {
  booking: BookBooking;
  names: ReadonlyMap<number, string>;
  /** The book is saving or dropping something. */
  busy?: boolean;
  onClose: () => void;
  /** A refused offline create: send it again. */
  onResend?: () => void;
  /** A refused offline create: drop it from the queue. */
  onDiscard?: () => void;
}) {
  const { t } = useTranslation(NS);
  const time = useStoreTime();
  return (
    <Box
      as="section"
      borderWidth="1px"
      borderRadius="l2"
      p="4"
      aria-label={t('selected.label', { customer: booking.customer_name })}
      data-testid="book-selected"
      data-key={booking.key}
    >
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h3" size="md">
            {booking.customer_name}
          </Heading>
          {booking.telephone && (
            <Text fontSize="sm">
              {t('selected.phone')}: {booking.telephone}
            </Text>
          )}
          <StatusBadge booking={booking} />
        </Stack>
        <Button variant="ghost" minH="11" onClick={onClose}>
          {t('selected.close')}
        </Button>
      </HStack>
      <Stack as="ul" listStyleType="none" gap="1" mt="3">
        {booking.lines.map((line, index) => (
          <Text as="li" key={line.id ?? index} fontSize="sm">
            {time(line.starts_at)}–{time(line.ends_at)} {line.service_name} ·{' '}
            {line.user_id === null ? t('unassigned') : (names.get(line.user_id) ?? '')}
            {line.processing_minutes > 0 &&
              ` · ${t('selected.processing', { minutes: line.processing_minutes })}`}
          </Text>
        ))}
      </Stack>
      {booking.notes && (
        <Text fontSize="sm" mt="2" color="fg.muted">
          {booking.notes}
        </Text>
      )}
      {booking.refusal && onResend && onDiscard && (
        <RefusedChoices code={booking.refusal.code} busy={busy} onResend={onResend} onDiscard={onDiscard} />
      )}
    </Box>
  );
}
