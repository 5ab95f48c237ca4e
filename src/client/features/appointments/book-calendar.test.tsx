/**
 * The grid as react-big-calendar renders it (server-rendered markup: no browser here), on the store's clock: the
 * day view has a column per technician plus "Unassigned", and a line at 01:30 on the day New York's clocks go back
 * is labelled 01:30 while the test process runs in another zone.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA, EDITABLE } from '../../../../machines/booking-book/booking-book.fixtures';
import { storeTimeToIso } from '../../../domain/store-time';
import { BookCalendar } from './book-calendar';
import type { BookCalendarProps } from './book-calendar';
import { toCalendarEvents, toResources } from './calendar-events';

const ZONE = 'America/New_York';
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

// Its own English instance: another file's test may have made its own instance react-i18next's default (the
// unit project shares modules between files), and the labels here are English times.
const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: { en: {} }, initAsync: false });

function render(props: Partial<BookCalendarProps>): string {
  const nothing = () => undefined;
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={defaultSystem}>
        <BookCalendar
          view="day"
          date="2026-11-01"
          timeZone={ZONE}
          events={[]}
          resources={toResources(DATA.employees)}
          hours={{ from: '00:00', to: '24:00' }}
          names={new Map(DATA.employees.map((e) => [e.id, e.name]))}
          editable
          onMove={nothing}
          onSelect={nothing}
          onSlot={nothing}
          onDate={nothing}
          onView={nothing}
          {...props}
        />
      </ChakraProvider>
    </I18nextProvider>,
  );
}

describe('the book grid', () => {
  it('draws a column per technician and the unassigned one', () => {
    const html = render({});
    expect(html).toContain('Anna Nguyen');
    expect(html).toContain('Binh Tran');
    expect(html.match(/rbc-time-column/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it("labels a 01:30 booking on the day clocks go back with the store's 01:30", () => {
    const startsAt = storeTimeToIso('2026-11-01T01:30', ZONE)!;
    const start = Date.parse(startsAt);
    const booking = {
      ...EDITABLE,
      lines: [
        {
          ...EDITABLE.lines[0]!,
          starts_at: startsAt,
          ends_at: new Date(start + 60 * 60_000).toISOString(),
        },
      ],
    };
    const html = render({ events: toCalendarEvents([booking]) });
    expect(html).toContain('data-testid="book-event"');
    expect(html).toContain('Mai Tran');
    // The event's time label, in the luxon localizer's short time on the store's clock.
    expect(html.match(/rbc-event-label">([^<]*)</)?.[1]).toMatch(/1:30\s?AM – 1:30\s?AM/);
    expect(html).toContain('data-testid="book-gap"');
    // 90 of the day's 1 500 minutes from the top, 60 minutes tall: the grid counts real minutes.
    expect(html).toMatch(/top:6%;height:4%/);
  });
});
