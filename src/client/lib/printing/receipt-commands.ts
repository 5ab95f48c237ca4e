/**
 * The receipt the screen shows (components/receipt/receipt-view.tsx), as printer bytes (ADR 018): the same
 * ReceiptData, the same words (the `common` namespace's `receipt.*` keys through the caller's `t`) and the same
 * amounts (lib/format.ts in the store's currency and the reader's language), laid out in the printer's columns and
 * encoded by @point-of-sale/receipt-printer-encoder as ESC/POS or StarPRNT. Pure: no device, no DOM, so the bytes
 * of a receipt are tested against a fixed fixture (receipt-commands.test.ts).
 *
 * The layout is done here, not with the encoder's table(): two columns (label, amount) with the amount right-aligned
 * and a long label wrapped by words is all a receipt needs, and a layout we own is one we can read in the fixture.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { ReceiptData, ReceiptLine } from '../../../contracts/receipts';
import { ITEM_TYPE, printedPaymentType, SALE_STATUS } from '../../../domain/constants';
import { formatDateTime, formatMoney, formatNumber, formatPercent } from '../format';
import type { PrinterCodepage, PrinterColumns, PrinterLanguage } from './printer-settings';

/** i18next's t for the `common` namespace, narrowed to what is used here (tests pass the real one). */
export type ReceiptTranslate = (key: string, options?: Record<string, unknown>) => string;

export interface PrinterFormat {
  language: PrinterLanguage;
  columns: PrinterColumns;
  codepage: PrinterCodepage;
}

export interface ReceiptPrintInput extends PrinterFormat {
  receipt: ReceiptData;
  t: ReceiptTranslate;
  /** The reader's app language (en, es, kr, thai, vi): numbers and dates as the screen shows them. */
  uiLanguage: string;
  /** Made offline, not yet on the server: marked, without the numbers only the server gives (as on screen). */
  pending?: boolean;
  /** Append the drawer-kick pulse after the cut (a cash sale with the setting on, docs/printing.md). */
  kickDrawer?: boolean;
}

/**
 * Characters a receipt's text holds that no printer table has, as plain ones: Intl's no-break and narrow no-break
 * spaces, the minus sign the screen uses for discounts, the multiplication sign and the card dots.
 */
const PLAIN: ReadonlyArray<[RegExp, string]> = [
  [/[\u00a0\u202f\u2009]/g, ' '],
  [/\u2212/g, '-'],
  [/\u00d7/g, 'x'],
  [/\u2022/g, '*'],
  [/\u2026/g, '...'],
];

export function printable(text: string): string {
  return PLAIN.reduce((value, [pattern, plain]) => value.replace(pattern, plain), text);
}

const length = (text: string) => [...text].length;

/** Words of `text` in lines of at most `width` characters; a word longer than a line is cut. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (length(rest) > width) {
      if (current) lines.push(current);
      current = '';
      const chars = [...rest];
      lines.push(chars.slice(0, width).join(''));
      rest = chars.slice(width).join('');
    }
    if (!rest) continue;
    if (!current) current = rest;
    else if (length(current) + 1 + length(rest) <= width) current += ` ${rest}`;
    else {
      lines.push(current);
      current = rest;
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/**
 * A label and an amount on one line of `width` characters, the amount flush right, with at least one space
 * between. A label too long for the line wraps; the amount goes on its last line, or on a line of its own when
 * even that is full. `indent` shifts the label as the screen indents discounts and tips.
 */
export function twoColumns(label: string, value: string, width: number, indent = 0): string[] {
  const pad = ' '.repeat(indent);
  const labelLines = wrapText(label, width - indent).map((line) => pad + line);
  if (!value) return labelLines;
  const last = labelLines[labelLines.length - 1]!;
  const gap = width - length(last) - length(value);
  if (gap >= 1) return [...labelLines.slice(0, -1), last + ' '.repeat(gap) + value];
  return [...labelLines, ' '.repeat(Math.max(0, width - length(value))) + value];
}

function createEncoder({ language, columns }: PrinterFormat): ReceiptPrinterEncoder {
  // `errors: relaxed`: a character no table holds prints as "?" instead of throwing away the whole receipt.
  return new ReceiptPrinterEncoder({
    language,
    columns,
    codepageMapping: language === 'star-prnt' ? 'star' : 'epson',
    errors: 'relaxed',
  });
}

/** The pulse on the drawer port (pin 2, the port every receipt printer wires its drawer jack to). */
function pulse(encoder: ReceiptPrinterEncoder): ReceiptPrinterEncoder {
  return encoder.pulse(0, 100, 500);
}

/** The bytes that only open the cash drawer: a printer reset then the pulse ("no sale", a cash sale's kick). */
export function drawerKickCommands(format: Pick<PrinterFormat, 'language'>): Uint8Array {
  return pulse(
    createEncoder({ language: format.language, columns: 42, codepage: 'auto' }).initialize(),
  ).encode();
}

function statusKey(receipt: ReceiptData): string | null {
  if (receipt.status === SALE_STATUS.VOID) return 'voided';
  if (receipt.status === SALE_STATUS.REFUND) return 'refunded';
  return receipt.refunded_amount > 0 ? 'partiallyRefunded' : null;
}

/** The lines of the receipt body, as the screen orders them (receipt-view.tsx), each at most `columns` wide. */
export function receiptBodyLines(input: ReceiptPrintInput): {
  header: string[];
  status: string | null;
  details: string[];
  employees: string[];
  totals: { before: string[]; total: string[] };
  payments: string[];
  footer: string[];
} {
  const { receipt, t, uiLanguage: lang, columns: width, pending = false } = input;
  const money = (minor: number) => printable(formatMoney(minor, lang, receipt.store.currency));
  const row = (label: string, value: string, indent = 0) =>
    twoColumns(printable(label), value, width, indent);
  const center = (text: string | null) => (text ? wrapText(printable(text), width) : []);

  const details = [
    ...(pending
      ? []
      : [
          ...row(
            t('receipt.ticket'),
            `#${formatNumber(receipt.daily_ticket_no, lang, { useGrouping: false })}`,
          ),
          ...row(t('receipt.invoice'), receipt.invoice_no),
        ]),
    ...row(t('receipt.date'), printable(formatDateTime(receipt.order_at, lang, receipt.store.timezone))),
    ...(receipt.customer_first_name
      ? row(t('receipt.customer'), printable(receipt.customer_first_name))
      : []),
  ];

  const lineRows = (line: ReceiptLine) => [
    ...row(line.item_type === ITEM_TYPE.GIFTCARD ? t('receipt.giftcard') : line.name, money(line.gross)),
    ...(line.quantity > 1
      ? row(
          t('receipt.quantityTimesPrice', {
            quantity: formatNumber(line.quantity, lang),
            price: money(line.unit_price),
          }),
          '',
          2,
        )
      : []),
    ...(line.item_discount > 0 ? row(t('receipt.itemDiscount'), `-${money(line.item_discount)}`, 2) : []),
    ...(line.employee_discount > 0
      ? row(t('receipt.employeeDiscount'), `-${money(line.employee_discount)}`, 2)
      : []),
    ...(line.refunded_quantity > 0
      ? row(
          t('receipt.refundedQuantity', {
            count: line.refunded_quantity,
            quantity: formatNumber(line.refunded_quantity, lang),
          }),
          '',
          2,
        )
      : []),
  ];

  const employees = receipt.employees.flatMap((employee) => [
    ...wrapText(printable(employee.name), width),
    ...employee.lines.flatMap(lineRows),
    ...(employee.tip > 0 ? row(t('receipt.tip'), money(employee.tip), 2) : []),
  ]);

  const { totals } = receipt;
  const before = [
    ...row(t('receipt.subtotal'), money(totals.sub_total)),
    ...receipt.order_discounts.flatMap((d) => row(t(`receipt.discounts.${d.kind}`), `-${money(d.amount)}`)),
    ...receipt.taxes.flatMap((tax) =>
      row(t('receipt.tax', { rate: formatPercent(tax.rate, lang) }), money(tax.amount)),
    ),
    ...(totals.tip_amount > 0 ? row(t('receipt.tips'), money(totals.tip_amount)) : []),
    ...(totals.creditcard_fee > 0 ? row(t('receipt.cardFee'), money(totals.creditcard_fee)) : []),
  ];

  const payments = [
    ...receipt.payments.flatMap((payment) =>
      row(
        [
          t(`receipt.paymentTypes.${printedPaymentType(payment.payment_type)}`),
          payment.card_brand,
          payment.last4 ? `**** ${payment.last4}` : null,
        ]
          .filter(Boolean)
          .join(' '),
        money(payment.amount),
      ),
    ),
    ...row(t('receipt.change'), money(totals.change)),
    ...(receipt.refunded_amount > 0
      ? row(t('receipt.refundedAmount'), `-${money(receipt.refunded_amount)}`)
      : []),
  ];

  const key = statusKey(receipt);
  return {
    header: [receipt.store.name, receipt.store.address, receipt.store.phone].flatMap(center),
    status: key ? printable(t(`receipt.status.${key}`)).toUpperCase() : null,
    details: pending ? [...center(t('receipt.pendingMark')), ...details] : details,
    employees,
    totals: { before, total: row(t('receipt.total'), money(totals.total_price)) },
    payments,
    footer: [...center(receipt.store.footer), ...center(t('receipt.thanks'))],
  };
}

/**
 * The whole print job: reset, the receipt, feed and cut, then the drawer pulse when asked. The store's name is
 * bold and the total bold; everything else is the printer's normal font, so `columns` holds for every line.
 */
export function receiptCommands(input: ReceiptPrintInput): Uint8Array {
  const body = receiptBodyLines(input);
  const encoder = createEncoder(input).initialize().codepage(input.codepage);
  const lines = (texts: string[]) => texts.forEach((text) => encoder.line(text));

  encoder.align('center').bold(true);
  lines(body.header.slice(0, 1));
  encoder.bold(false);
  lines(body.header.slice(1));
  if (body.status) encoder.newline().bold(true).line(body.status).bold(false);
  encoder.align('left').newline();
  lines(body.details);
  encoder.rule();
  lines(body.employees);
  encoder.rule();
  lines(body.totals.before);
  encoder.bold(true);
  lines(body.totals.total);
  encoder.bold(false).rule();
  lines(body.payments);
  encoder.newline().align('center');
  lines(body.footer);
  encoder.align('left').newline(3).cut();
  if (input.kickDrawer) pulse(encoder);
  return encoder.encode();
}
