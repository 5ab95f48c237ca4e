/**
 * The appointment book (/pos/booking-appt; docs/appointments.md): the chart (machines/booking-book) rendered as
 * a day grid with a column per technician and an "Unassigned" column, a week grid, or a list by day (the
 * default on a phone-sized screen), always on the store's wall clock (`timeZone`, stores.timezone), never the
 * device's.
 *
 * Loading, failed (retry) and offline (the stored copy, or nothing) are the chart's states; a move that
 * clashed opens the clash dialog; a refused move is said and the line goes back. A tapped empty slot becomes
 * the chart's draft: the booking editor (another screen's part) is rendered by `renderEditor` when given.
 *
 * Test ids: `book` (data-status, data-view), `book-loading`, `book-failed`, `book-offline`, `book-saving`,
 * `book-move-error`, `book-day-empty`; the parts' ids in book-calendar.tsx and book-parts.tsx.
 */
import { Alert, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectBookings,
  selectBookStatus,
  selectCanEdit,
  selectConflict,
  selectData,
  selectDraft,
  selectEmployees,
  selectFailure,
  selectMoveError,
  selectSelected,
  selectShownDates,
  selectTechnicianId,
  selectView,
  selectDate,
} from '../../../../machines/booking-book/booking-book.selectors';
import type {
  BookEmployee,
  BookingDraft,
  BookView,
} from '../../../../machines/booking-book/booking-book.types';
import type { Booking } from '../../../contracts/bookings';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { useStoreTime } from '../../lib/store-clock';
import { BookCalendar } from './book-calendar';
import { bookLogic } from './book-logic';
import { BookList, BookSummary, BookToolbar, ConflictDialog, SelectedBooking } from './book-parts';
import { rangeLabel } from './book-dates';
import { bookErrorKeys, NS } from './book-text';
import {
  nextSlotDraft,
  shownHours,
  storeDateOf,
  storeToday,
  toCalendarEvents,
  toListDays,
  toResources,
} from './calendar-events';

/** Below this width the book opens as the list (a phone). */
export const NARROW_QUERY = '(max-width: 639px)';

function initialView(): BookView {
  return typeof window !== 'undefined' && window.matchMedia?.(NARROW_QUERY).matches ? 'list' : 'day';
}

export interface BookEditorTarget {
  draft: BookingDraft | null;
  booking: Booking | null;
  employees: readonly BookEmployee[];
  close: () => void;
  saved: () => void;
}

export interface BookScreenProps {
  timeZone: string;
  /**
   * The booking editor, for a tapped empty slot (`draft`) or a chosen booking the server has (`booking`): `close`
   * leaves it, `saved` reloads the range after a save or a status move.
   */
  renderEditor?: (target: BookEditorTarget) => ReactNode;
  /** Open a new booking's editor at once, at the next quarter hour (the "New appointment" shortcut). */
  newBooking?: boolean;
  /** The new booking's editor was opened (the caller forgets that it asked). */
  onNewBookingOpened?: () => void;
}

export function BookScreen({ timeZone, renderEditor, newBooking, onNewBookingOpened }: BookScreenProps) {
  const { t, i18n } = useTranslation(NS);
  const time = useStoreTime();
  const [logic] = useState(() => bookLogic());
  const book = useActorRef(logic, {
    input: { timeZone, today: storeToday(timeZone), view: initialView() },
  });
  const status = useSelector(book, selectBookStatus);
  const view = useSelector(book, selectView);
  const date = useSelector(book, selectDate);
  const { fromDate, days } = useSelector(
    book,
    selectShownDates,
    (a, b) => a.fromDate === b.fromDate && a.days === b.days,
  );
  const technicianId = useSelector(book, selectTechnicianId);
  const data = useSelector(book, selectData);
  const bookings = useSelector(book, selectBookings);
  const employees = useSelector(book, selectEmployees);
  const failure = useSelector(book, selectFailure);
  const moveError = useSelector(book, selectMoveError);
  const conflict = useSelector(book, selectConflict);
  const selected = useSelector(book, selectSelected);
  const draft = useSelector(book, selectDraft);
  const canEdit = useSelector(book, selectCanEdit);

  // The browser's "online" is what the chart's offline state waits for.
  useEffect(() => {
    const online = () => book.send({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [book]);

  useEffect(() => {
    if (!newBooking) return;
    book.send({ type: 'slot.select', draft: nextSlotDraft(Date.now()) });
    onNewBookingOpened?.();
  }, [book, newBooking, onNewBookingOpened]);

  const names = useMemo(() => new Map(employees.map((e) => [e.id, e.name])), [employees]);
  const events = useMemo(() => toCalendarEvents(bookings, technicianId), [bookings, technicianId]);
  const resources = useMemo(() => toResources(employees, technicianId), [employees, technicianId]);
  const hours = useMemo(
    () => shownHours(data?.workingWindow, events, timeZone),
    [data?.workingWindow, events, timeZone],
  );
  // Only the list view draws it: a week of a busy salon is thousands of store dates to work out.
  const listDays = useMemo(
    () => (view === 'list' ? toListDays(bookings, fromDate, days, timeZone, technicianId) : []),
    [view, bookings, fromDate, days, timeZone, technicianId],
  );

  const shown = data !== null && status !== 'error';
  const dayEmpty = view === 'day' && shown && events.length === 0;
  return (
    <Stack
      gap="4"
      p={{ base: '3', md: '6' }}
      w="full"
      data-testid="book"
      data-status={status}
      data-view={view}
    >
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          {t('title')}
        </Heading>
        {(status === 'moving' || status === 'discarding' || (status === 'loading' && data !== null)) && (
          <HStack role="status" data-testid="book-saving">
            <Spinner color="brand.solid" size="sm" />
            <Text fontSize="sm">{t(status === 'moving' ? 'saving' : 'loading')}</Text>
          </HStack>
        )}
      </HStack>
      <BookToolbar
        view={view}
        label={rangeLabel(fromDate, days, i18n.language)}
        technicianId={technicianId}
        employees={employees}
        onView={(next) => book.send({ type: 'view.set', view: next })}
        onToday={() => book.send({ type: 'date.today', today: storeToday(timeZone) })}
        onPrev={() => book.send({ type: 'date.prev' })}
        onNext={() => book.send({ type: 'date.next' })}
        onTechnician={(id) => book.send({ type: 'technician.set', technicianId: id })}
      />
      {data && view !== 'day' && <BookSummary counts={data.counts} top={data.topServices} />}
      {status === 'offline' && (
        <Alert.Root status="warning" data-testid="book-offline">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('offline.title')}</Alert.Title>
            <Alert.Description>
              {data?.savedAt ? t('offline.cached', { time: time(data.savedAt) }) : t('offline.none')}
            </Alert.Description>
          </Alert.Content>
          <Button minH="11" onClick={() => book.send({ type: 'retry' })}>
            {t('retry')}
          </Button>
        </Alert.Root>
      )}
      {status === 'error' && (
        <Alert.Root status="error" data-testid="book-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('failed')}</Alert.Title>
            {failure && <Alert.Description>{t(bookErrorKeys(failure))}</Alert.Description>}
          </Alert.Content>
          <Button minH="11" onClick={() => book.send({ type: 'retry' })}>
            {t('retry')}
          </Button>
        </Alert.Root>
      )}
      {moveError && (
        <Alert.Root status="warning" data-testid="book-move-error">
          <Alert.Indicator />
          <Alert.Title>{t(bookErrorKeys(moveError))}</Alert.Title>
          <Button minH="11" variant="ghost" onClick={() => book.send({ type: 'notice.dismiss' })}>
            {t('dismiss')}
          </Button>
        </Alert.Root>
      )}
      {selected && !(selected.source && renderEditor) && (
        <SelectedBooking
          booking={selected}
          names={names}
          busy={status === 'moving' || status === 'discarding'}
          onClose={() => book.send({ type: 'booking.close' })}
          onResend={() => book.send({ type: 'refused.resend', moveKey: newIdempotencyKey() })}
          onDiscard={() => book.send({ type: 'refused.discard' })}
        />
      )}
      {status === 'loading' && data === null ? (
        <HStack justify="center" py="12" role="status" data-testid="book-loading">
          <Spinner color="brand.solid" size="lg" />
          <Text>{t('loading')}</Text>
        </HStack>
      ) : shown ? (
        <>
          {dayEmpty && (
            <Text color="fg.muted" data-testid="book-day-empty">
              {t('empty')}
            </Text>
          )}
          {view === 'list' ? (
            <BookList
              days={listDays}
              names={names}
              onSelect={(key) => book.send({ type: 'booking.select', key })}
            />
          ) : (
            <BookCalendar
              view={view}
              date={date}
              timeZone={timeZone}
              events={events}
              resources={resources}
              hours={hours}
              names={names}
              editable={canEdit}
              onMove={(move) => book.send({ type: 'booking.move', move, moveKey: newIdempotencyKey() })}
              onSelect={(key) => book.send({ type: 'booking.select', key })}
              onSlot={(next) => book.send({ type: 'slot.select', draft: next })}
              onDate={(next) => book.send({ type: 'date.set', date: storeDateOf(next, timeZone) })}
              onView={(next) => book.send({ type: 'view.set', view: next })}
            />
          )}
        </>
      ) : null}
      {conflict && (
        <ConflictDialog
          conflict={conflict}
          names={names}
          onChoose={(index) => book.send({ type: 'conflict.choose', index, moveKey: newIdempotencyKey() })}
          onCancel={() => book.send({ type: 'conflict.cancel' })}
        />
      )}
      {draft &&
        renderEditor?.({
          draft,
          booking: null,
          employees,
          close: () => book.send({ type: 'draft.clear' }),
          saved: () => book.send({ type: 'reload' }),
        })}
      {!draft &&
        selected?.source &&
        renderEditor?.({
          draft: null,
          booking: selected.source,
          employees,
          close: () => book.send({ type: 'booking.close' }),
          saved: () => book.send({ type: 'reload' }),
        })}
    </Stack>
  );
}
