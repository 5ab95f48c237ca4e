/**
 * The form parts rendered to HTML from the chart's snapshot (no DOM in the unit project): a label for every
 * field, the error under the field it belongs to in the reader's language, and the technicians offered.
 */
import { readFileSync } from 'node:fs';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  BOOKED,
  DRAFT_UUID,
  SERVICES,
  TIME_ZONE,
} from '../../../../machines/booking-editor/booking-editor.fixtures';
import { bookingEditorMachine } from '../../../../machines/booking-editor/booking-editor.machine';
import { CustomerFields, ServiceLines } from './booking-editor-fields';
import { NS } from './booking-editor-text';

type EditorLocale = { labels: Record<string, string> } & Record<string, unknown>;
const locale = (language: string): EditorLocale =>
  JSON.parse(
    readFileSync(new URL(`../../../../locales/${language}/booking-editor.json`, import.meta.url), 'utf8'),
  );
const en = locale('en');
const es = locale('es');

const EMPLOYEES = [{ id: 2, name: 'Binh Tran', hours: [], own_hours: false, days_off: [] }];

function render(language: string) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { [NS]: en }, es: { [NS]: es } },
    ns: [NS],
    initAsync: false,
    react: { useSuspense: false },
  });
  const actor = createActor(bookingEditorMachine, {
    input: { timeZone: TIME_ZONE, services: SERVICES, uuid: DRAFT_UUID, booking: BOOKED },
  }).start();
  actor.send({ type: 'line.change', index: 0, name: 'duration', value: '2' });
  actor.send({ type: 'submit' });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={defaultSystem}>
        <CustomerFields actor={actor} />
        <ServiceLines actor={actor} services={SERVICES} employees={EMPLOYEES} />
      </ChakraProvider>
    </I18nextProvider>,
  );
}

describe('booking editor form', () => {
  it('labels every field and puts the error under its field', () => {
    const html = render('en');
    for (const label of Object.values(en.labels)) expect(html).toContain(label.replace("'", '&#x27;'));
    expect(html).toMatch(
      /data-field="booking_appt_service\.0\.duration_minutes"[^>]*>The duration is 5 to 720 minutes\./,
    );
    expect(html).toContain('Binh Tran');
    expect(html).toContain('value="2026-03-10T10:00"');
  });

  it('speaks the reader language', () => {
    expect(render('es')).toContain('La duración es de 5 a 720 minutos.');
  });
});
