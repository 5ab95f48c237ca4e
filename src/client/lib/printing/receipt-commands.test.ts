/**
 * The bytes a real receipt prints as (ADR 018): the demo sale's receipt (a cash sale with an item discount, a
 * ticket discount, two tax rates and a tip) in English, checked byte for byte against fixtures beside this test,
 * for ESC/POS at 42 columns and StarPRNT at 48. A change to the layout or to the encoder's output shows up as a
 * fixture diff to review, never silently. The drawer kick's bytes are the printers' documented commands.
 */
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RECEIPT } from '../../../../tests/support/machines/receipt';
import {
  drawerKickCommands,
  receiptBodyLines,
  receiptCommands,
  twoColumns,
  wrapText,
} from './receipt-commands';
import type { ReceiptTranslate } from './receipt-commands';

const fixture = (name: string) =>
  readFileSync(
    new URL(`../../../../tests/support/printing/receipt-commands/${name}`, import.meta.url),
    'utf8',
  );

/** A fixture's hex dump (rows of hex pairs) as bytes. */
function fromHex(text: string): Uint8Array {
  const pairs = text.replace(/\s+/g, '').match(/../g) ?? [];
  return Uint8Array.from(pairs.map((pair) => Number.parseInt(pair, 16)));
}

function commonWords(language: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`../../../../locales/${language}/common.json`, import.meta.url), 'utf8'),
  );
}

let t: ReceiptTranslate;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { common: commonWords('en') } },
    ns: ['common'],
    defaultNS: 'common',
  });
  t = (key, options) => instance.t(key, options);
});

describe('receipt lines', () => {
  it('puts the amount flush right and wraps a long label by words', () => {
    expect(twoColumns('Total', '$49.57', 20)).toEqual(['Total         $49.57']);
    expect(twoColumns('Deluxe spa pedicure with hot stones', '$65.00', 20)).toEqual([
      'Deluxe spa pedicure',
      'with hot stones',
      '              $65.00',
    ]);
    expect(twoColumns('Tip', '$5.00', 20, 2)).toEqual(['  Tip          $5.00']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('lays the demo receipt out in 42 columns as the screen orders it', () => {
    const body = receiptBodyLines({
      receipt: DEMO_RECEIPT,
      t,
      uiLanguage: 'en',
      language: 'esc-pos',
      columns: 42,
      codepage: 'auto',
    });
    const all = [
      ...body.header,
      ...body.details,
      ...body.employees,
      ...body.totals.before,
      ...body.totals.total,
      ...body.payments,
      ...body.footer,
    ];
    expect(all.every((line) => [...line].length <= 42)).toBe(true);
    expect(all.join('\n')).toBe(fixture('demo-42.txt').trimEnd());
  });
});

describe('receipt bytes', () => {
  it('ESC/POS, 42 columns, automatic code page: exactly the fixture', () => {
    const bytes = receiptCommands({
      receipt: DEMO_RECEIPT,
      t,
      uiLanguage: 'en',
      language: 'esc-pos',
      columns: 42,
      codepage: 'auto',
    });
    expect(bytes).toEqual(fromHex(fixture('demo-esc-pos-42.hex')));
  });

  it('StarPRNT, 48 columns, with the drawer kick of a cash sale: exactly the fixture', () => {
    const bytes = receiptCommands({
      receipt: DEMO_RECEIPT,
      t,
      uiLanguage: 'en',
      language: 'star-prnt',
      columns: 48,
      codepage: 'auto',
      kickDrawer: true,
    });
    expect(bytes).toEqual(fromHex(fixture('demo-star-prnt-48-kick.hex')));
    // The job ends with the Star drawer pulse after the cut.
    expect([...bytes.slice(-5)]).toEqual([0x1b, 0x07, 0x0a, 0x32, 0x07]);
  });
});

describe('drawer kick', () => {
  it('ESC/POS: ESC @ resets, then ESC p 0 t1 t2 pulses pin 2 (2 ms steps: 100 ms on, 500 ms off)', () => {
    const bytes = [...drawerKickCommands({ language: 'esc-pos' })];
    expect(bytes.slice(0, 2)).toEqual([0x1b, 0x40]);
    expect(bytes.slice(-5)).toEqual([0x1b, 0x70, 0x00, 0x32, 0xfa]);
  });

  it('StarPRNT: ESC @ resets, then ESC BEL n1 n2 (on and off in 10 ms steps: 100, 500) and BEL fire the drawer', () => {
    const bytes = [...drawerKickCommands({ language: 'star-prnt' })];
    expect(bytes.slice(0, 2)).toEqual([0x1b, 0x40]);
    expect(bytes.slice(-5)).toEqual([0x1b, 0x07, 0x0a, 0x32, 0x07]);
  });
});
