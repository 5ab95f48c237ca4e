/**
 * The printing chart's data (ADR 018). A job is bytes for the printer the settings name; the connection is what
 * the transport (src/client/lib/printing) opened, typed here by the two calls the chart's actors make.
 */

/** Why a print failed; the screen words each (`common.printing.errors.<code>`). */
export const PRINT_ERROR_CODES = [
  'unsupported',
  'noDevice',
  'notConfigured',
  'writeFailed',
  'timeout',
] as const;
export type PrintErrorCode = (typeof PRINT_ERROR_CODES)[number];

export interface PrintError {
  code: PrintErrorCode;
  /** The transport's English detail, for the log and the title attribute; never matched. */
  message: string;
}

/** The settings' transport; `browser` is window.print, which has no bytes. */
export type PrintTransport = 'browser' | 'usb' | 'serial' | 'network';

export interface PrintJob {
  /**
   * A receipt (browser printing can stand in for the printer) or a drawer kick alone (nothing can stand in: a
   * browser cannot open a drawer).
   */
  kind: 'receipt' | 'drawer';
  transport: PrintTransport;
  /** ESC/POS or StarPRNT bytes (lib/printing/receipt-commands.ts); empty for a browser-printed receipt. */
  bytes: Uint8Array;
}

export interface PrintConnection {
  write: (bytes: Uint8Array) => Promise<void>;
  close: () => Promise<void>;
}

export interface PrintingContext {
  job: PrintJob | null;
  connection: PrintConnection | null;
  error: PrintError | null;
  /** How the last job that finished was printed. */
  printedBy: 'printer' | 'browser' | null;
}

export type PrintingEvent =
  | { type: 'print.start'; job: PrintJob }
  | { type: 'print.retry' }
  | { type: 'print.fallback' }
  | { type: 'print.dismiss' };

export interface ConnectInput {
  transport: PrintTransport;
}

export interface WriteInput {
  connection: PrintConnection;
  bytes: Uint8Array;
}
