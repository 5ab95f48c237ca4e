/**
 * The day and week grids (docs/decisions/019-appointment-calendar-library.md): react-big-calendar with its
 * drag-and-drop addon, on the store's clock (calendar-localizer.ts). The day view has one column per bookable
 * technician and an "Unassigned" column; the week view shows everyone's lines, each naming its technician.
 * A line is dragged to move it (another column changes its technician) or resized at its edge; an empty
 * slot tapped is the draft of a new booking; an event tapped selects its booking. Each event shows the
 * customer, the service, its status colour, the processing gap lighter, and a dashed border while it is
 * provisional (still in the offline queue), red when the server refused it once back online.
 *
 * Test ids: `book-calendar` (data-view, data-hours-from: the first hour drawn), `book-event` (data-id, data-status, data-provisional, data-refused),
 * `book-gap`.
 */
import { Box, Text } from '@chakra-ui/react';
import { useEffect, useMemo } from 'react';
import type { CSSProperties } from 'react';
import { Calendar, Views } from 'react-big-calendar';
import type { EventProps, View } from 'react-big-calendar';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { useTranslation } from 'react-i18next';
import type { BookingDraft, LineMove } from '../../../../machines/booking-book/booking-book.types';
import { SLOT_STEP_MINUTES, storeInstant } from '../../../domain/bookings/availability';
import { BOOKING_STATUS_VALUES } from '../../../domain/bookings/status';
import { STATUS_PALETTE, dropToMove, slotToDraft } from './calendar-events';
import type { CalendarEvent, CalendarResource, DropArgs, ResourceId, ShownHours } from './calendar-events';
import { holdStoreZone, releaseStoreZone, storeLocalizer } from './calendar-localizer';
import { intlLocale } from '../../lib/format';
import { NS } from './book-text';

type WithDragAndDrop = typeof dragAndDrop.default;

/**
 * The addon ships only as CommonJS (`exports.default`, marked __esModule). Vitest hands its default over as the
 * function; the production bundler (rolldown) follows Node's rule and hands over `module.exports`, whose
 * `default` is the function. Both are accepted; anything else is a broken install, said at once.
 */
function addonFunction(module: unknown): WithDragAndDrop {
  let value: unknown = module;
  for (let depth = 0; depth < 3 && typeof value !== 'function'; depth += 1) {
    value = (value as { default?: unknown } | null)?.default;
  }
  if (typeof value !== 'function')
    throw new Error('react-big-calendar: the drag-and-drop addon did not load');
  return value as WithDragAndDrop;
}

const withDragAndDrop = addonFunction(dragAndDrop);
const DnDCalendar = withDragAndDrop<CalendarEvent, CalendarResource>(Calendar);

/** Where the day opens scrolled to: the morning, on the store's clock. */
const SCROLL_TO = '08:00';

export interface BookCalendarProps {
  view: 'day' | 'week';
  /** The store date shown. */
  date: string;
  timeZone: string;
  events: CalendarEvent[];
  resources: CalendarResource[];
  /** The hours drawn (calendar-events.ts shownHours). */
  hours: ShownHours;
  /** Names of the technicians, for the week view's events. */
  names: ReadonlyMap<number, string>;
  /** Drags and resizes are taken (the book is current and saving nothing). */
  editable: boolean;
  onMove: (move: LineMove) => void;
  onSelect: (bookingKey: string) => void;
  onSlot: (draft: BookingDraft) => void;
  /** The grid asked for another date or view (a keyboard shortcut of the library). */
  onDate: (date: Date) => void;
  onView: (view: 'day' | 'week') => void;
}

function eventStyle(event: CalendarEvent): CSSProperties {
  const palette = event.color ?? STATUS_PALETTE[event.status];
  return {
    backgroundColor: `var(--chakra-colors-${palette}-subtle)`,
    color: `var(--chakra-colors-${palette}-fg)`,
    border: `1px ${event.provisional ? 'dashed' : 'solid'} var(--chakra-colors-${palette}-solid)`,
    borderLeftWidth: '4px',
    borderRadius: '6px',
  };
}

export function BookCalendar(props: BookCalendarProps) {
  const { t, i18n } = useTranslation(NS);
  const {
    view,
    date,
    timeZone,
    events,
    resources,
    hours,
    names,
    editable,
    onMove,
    onSelect,
    onSlot,
    onDate,
    onView,
  } = props;
  // The localizer reads luxon's default zone when made: the store's zone first (calendar-localizer.ts).
  const localizer = useMemo(() => storeLocalizer(timeZone), [timeZone]);
  // Held again on every mount (React's strict mode mounts twice, and the first unmount released it).
  useEffect(() => {
    holdStoreZone(timeZone);
    return () => releaseStoreZone();
  }, [timeZone]);

  // Noon of the store date: a day clocks change on still has its noon.
  const shownDate = useMemo(() => new Date(storeInstant(date, '12:00', timeZone)), [date, timeZone]);
  const scrollTo = useMemo(() => new Date(storeInstant(date, SCROLL_TO, timeZone)), [date, timeZone]);
  // Only these hours are drawn; the library reads the time of day of each (the whole day by default).
  const min = useMemo(
    () => (hours.from === '00:00' ? undefined : new Date(storeInstant(date, hours.from, timeZone))),
    [date, hours.from, timeZone],
  );
  const max = useMemo(
    () => (hours.to === '24:00' ? undefined : new Date(storeInstant(date, hours.to, timeZone) - 1)),
    [date, hours.to, timeZone],
  );

  // Plain elements styled by the grid's class names (below), not Chakra components: the week of a busy salon
  // draws hundreds of events, and a styled component's cost per render was a large share of a drag's frame
  // (docs/appointments.md#speed).
  const components = useMemo(
    () => ({
      event: ({ event }: EventProps<CalendarEvent>) => (
        <div
          className="book-event"
          data-testid="book-event"
          data-id={event.id}
          data-status={event.status}
          data-provisional={event.provisional}
          data-refused={event.refused}
        >
          <p className="book-event-customer">{event.customerName}</p>
          <p className="book-event-service">
            {event.serviceName}
            {view === 'week' && typeof event.resourceId === 'number'
              ? ` · ${names.get(event.resourceId) ?? ''}`
              : ''}
          </p>
          {event.provisional && (
            <p className="book-event-note">{t(event.refused ? 'refused.short' : 'provisional')}</p>
          )}
          {event.gap && (
            <div
              className="book-event-gap"
              data-testid="book-gap"
              title={t('processing')}
              style={{ top: `${event.gap.top * 100}%`, height: `${event.gap.height * 100}%` }}
              aria-hidden
            />
          )}
        </div>
      ),
      resourceHeader: ({ resource }: { resource: CalendarResource }) => (
        <Text as="span" fontWeight="semibold">
          {resource.name ?? t('unassigned')}
        </Text>
      ),
    }),
    [names, t, view],
  );
  // The status words, once a render rather than once an event.
  const statusWords = useMemo(
    () => new Map(BOOKING_STATUS_VALUES.map((status) => [status, t(`status.${status}`)])),
    [t],
  );

  const move = (args: DropArgs, kind: 'drop' | 'resize') => {
    const next = dropToMove(args, kind);
    if (next) onMove(next);
  };

  return (
    <Box
      data-testid="book-calendar"
      data-view={view}
      data-hours-from={hours.from}
      h={{ base: '70vh', md: '75vh' }}
      minH="480px"
      aria-label={t('calendar.label')}
      role="region"
      css={{
        '& .rbc-event': { overflow: 'hidden' },
        // Four 15-minute slots an hour, tall enough to read a customer and a service on a tablet.
        '& .rbc-timeslot-group': { minHeight: '96px' },
        // Bookings are never all-day: the all-day row would be an empty band under the headers.
        '& .rbc-allday-cell': { display: 'none' },
        '& .rbc-event-label, & .book-event > p': { position: 'relative', zIndex: 1, margin: 0 },
        '& .book-event-customer, & .book-event-service': {
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        },
        '& .book-event-customer': { fontWeight: 'semibold' },
        '& .book-event-service': { fontSize: 'xs' },
        '& .book-event-note': { fontSize: 'xs', fontStyle: 'italic' },
        // The processing gap: lighter and hatched, the technician free for others meanwhile.
        '& .book-event-gap': {
          position: 'absolute',
          left: 0,
          right: 0,
          background: 'bg',
          opacity: 0.55,
          backgroundImage: 'repeating-linear-gradient(45deg, transparent 0 6px, currentColor 6px 7px)',
          pointerEvents: 'none',
        },
      }}
    >
      <DnDCalendar
        localizer={localizer}
        culture={intlLocale(i18n.language)}
        events={events}
        view={view === 'day' ? Views.DAY : Views.WEEK}
        views={[Views.DAY, Views.WEEK]}
        onView={(next: View) => onView(next === Views.WEEK ? 'week' : 'day')}
        date={shownDate}
        onNavigate={onDate}
        toolbar={false}
        drilldownView={null}
        getNow={() => new Date()}
        scrollToTime={scrollTo}
        {...(min ? { min } : {})}
        {...(max ? { max } : {})}
        step={SLOT_STEP_MINUTES}
        timeslots={60 / SLOT_STEP_MINUTES}
        {...(view === 'day'
          ? {
              resources,
              resourceIdAccessor: (r: CalendarResource) => r.id,
              resourceTitleAccessor: (r: CalendarResource) => r.name ?? t('unassigned'),
            }
          : {})}
        components={components}
        eventPropGetter={(event) => ({ style: eventStyle(event) })}
        tooltipAccessor={(event) =>
          `${event.customerName} · ${event.serviceName} · ${statusWords.get(event.status) ?? ''}`
        }
        messages={{ allDay: t('calendar.allDay'), noEventsInRange: t('empty') }}
        selectable
        resizable
        draggableAccessor={(event) => editable && event.movable}
        resizableAccessor={(event) => editable && event.movable}
        onEventDrop={(args) =>
          move({ ...args, resourceId: args.resourceId as ResourceId | undefined }, 'drop')
        }
        onEventResize={(args) => move({ ...args, resourceId: undefined }, 'resize')}
        onSelectEvent={(event) => onSelect(event.bookingKey)}
        onSelectSlot={(slot) => onSlot(slotToDraft(slot.start, slot.resourceId as ResourceId | undefined))}
      />
    </Box>
  );
}
