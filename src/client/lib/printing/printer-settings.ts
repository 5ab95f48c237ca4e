/**
 * The till's receipt printer (docs/printing.md, ADR 018): how it is reached, what it speaks and how wide its
 * paper is. Stored on the device under `printer_settings`, which logout keeps (docs/security.md#sessions kept list, lib/storage.ts
 * KEPT_ON_LOGOUT_KEYS): the printer belongs to the till, not to whoever signed in last.
 *
 * Parsed by hand, not with zod, so the receipt's print path does not pull zod into its chunk; anything unreadable
 * falls back field by field to the defaults (browser printing), never to a half-configured printer.
 */
import { STORAGE_KEYS, defaultStorage } from '../storage';

/** `browser` is window.print (the fallback, ADR 007's 80 mm page); the others send ESC/POS or StarPRNT bytes. */
export const PRINTER_TRANSPORTS = ['browser', 'usb', 'serial', 'network'] as const;
export type PrinterTransport = (typeof PRINTER_TRANSPORTS)[number];

/** The printer's command language (receipt-printer-encoder's names). */
export const PRINTER_LANGUAGES = ['esc-pos', 'star-prnt'] as const;
export type PrinterLanguage = (typeof PRINTER_LANGUAGES)[number];

/**
 * Characters per line in the printer's normal font: 42 for an 80 mm roll at Font A on most Star and Epson models,
 * 48 for the 80 mm printers that fit 48 (Epson TM-T88 and TM-m30 at 576 dots with the 12-dot font).
 */
export const PRINTER_COLUMNS = [42, 48] as const;
export type PrinterColumns = (typeof PRINTER_COLUMNS)[number];

/**
 * The character table. `auto` lets the encoder pick, for each run of text, a table the printer has (it knows the
 * tables per vendor); a fixed one is for printers whose table list the encoder does not know. windows1258 holds
 * Vietnamese. Korean and Thai have no table on most thermal printers and print as "?" (docs/printing.md).
 */
export const PRINTER_CODEPAGES = ['auto', 'cp437', 'cp858', 'windows1252', 'windows1258'] as const;
export type PrinterCodepage = (typeof PRINTER_CODEPAGES)[number];

export interface PrinterSettings {
  transport: PrinterTransport;
  language: PrinterLanguage;
  columns: PrinterColumns;
  codepage: PrinterCodepage;
  /** Open the cash drawer (a pulse through the printer's drawer port) when a sale paid in cash prints. */
  kickDrawerOnCash: boolean;
  /**
   * The local printer socket's address for the network transport (docs/printing.md "The bridge": the local printer socket at {host}/manage);
   * an http(s) URL the bridge accepts raw bytes at (POST), or a ws(s) URL it accepts them on.
   */
  bridgeUrl: string;
  /** Serial line speed (Web Serial). 9600 is the factory default of most receipt printers' serial ports. */
  baudRate: number;
}

export const DEFAULT_PRINTER_SETTINGS: PrinterSettings = {
  transport: 'browser',
  language: 'esc-pos',
  columns: 42,
  codepage: 'auto',
  kickDrawerOnCash: false,
  bridgeUrl: '',
  baudRate: 9600,
};

function oneOf<T>(values: readonly T[], value: unknown, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** A stored or typed-in value as settings; what is missing or wrong is the default. */
export function parsePrinterSettings(value: unknown): PrinterSettings {
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const d = DEFAULT_PRINTER_SETTINGS;
  const baud =
    typeof v.baudRate === 'number' && Number.isInteger(v.baudRate) && v.baudRate > 0
      ? v.baudRate
      : d.baudRate;
  return {
    transport: oneOf(PRINTER_TRANSPORTS, v.transport, d.transport),
    language: oneOf(PRINTER_LANGUAGES, v.language, d.language),
    columns: oneOf(PRINTER_COLUMNS, v.columns, d.columns),
    codepage: oneOf(PRINTER_CODEPAGES, v.codepage, d.codepage),
    kickDrawerOnCash: typeof v.kickDrawerOnCash === 'boolean' ? v.kickDrawerOnCash : d.kickDrawerOnCash,
    bridgeUrl: typeof v.bridgeUrl === 'string' ? v.bridgeUrl.trim() : d.bridgeUrl,
    baudRate: baud,
  };
}

/** The bridge address is usable: an absolute http(s) or ws(s) URL. */
export function isBridgeUrl(value: string): boolean {
  try {
    return ['http:', 'https:', 'ws:', 'wss:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The default bridge: the local printer socket at "{host}/manage" (docs/printing.md), on the page's own host. A bridge on
 * another machine is typed in.
 */
export function defaultBridgeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/manage`;
}

export function readPrinterSettings(store: Storage = defaultStorage()): PrinterSettings {
  const text = store.getItem(STORAGE_KEYS.PRINTER_SETTINGS);
  if (text === null) return DEFAULT_PRINTER_SETTINGS;
  try {
    return parsePrinterSettings(JSON.parse(text));
  } catch {
    return DEFAULT_PRINTER_SETTINGS;
  }
}

export function savePrinterSettings(settings: PrinterSettings, store: Storage = defaultStorage()): void {
  store.setItem(STORAGE_KEYS.PRINTER_SETTINGS, JSON.stringify(parsePrinterSettings(settings)));
}
