/**
 * One interface for every way bytes reach a receipt printer (ADR 018): WebUSB, Web Serial and the network bridge
 * (the local printer socket at {host}/manage, docs/printing.md). The printing chart (machines/printing) only sees `connect`
 * and the connection's `write`; which transport it is comes from the printer settings.
 *
 * A transport opens the printer for one job and closes it after: a till prints a receipt a minute at most, and a
 * printer left claimed by one tab is one no other tab (or the OS after a sleep) can reach.
 *
 * Failures are PrinterErrors with a code the screen words (locales `common.printing.errors.<code>`); the browser's
 * own messages are English and vary by version, so no one matches them.
 */
export const PRINT_ERROR_CODES = [
  'unsupported',
  'noDevice',
  'notConfigured',
  'writeFailed',
  'timeout',
] as const;
export type PrintErrorCode = (typeof PRINT_ERROR_CODES)[number];

export class PrinterError extends Error {
  readonly code: PrintErrorCode;
  constructor(code: PrintErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PrinterError';
    this.code = code;
  }
}

export interface PrinterConnection {
  /** Sends the whole job; resolves once the transport took every byte. */
  write: (bytes: Uint8Array) => Promise<void>;
  /** Releases the printer; never throws (a printer unplugged mid-job is already closed). */
  close: () => Promise<void>;
}

export interface PrinterTransportDriver {
  /** Whether this browser has the API at all (Safari has neither WebUSB nor Web Serial, ADR 018). */
  isSupported: () => boolean;
  /**
   * Opens the printer: one the browser already granted this origin, else (WebUSB, Web Serial) the browser's
   * chooser, which needs the tap that started the print.
   */
  connect: () => Promise<PrinterConnection>;
}

/** How long a job may take to reach the printer before the chart offers a retry or browser printing. */
export const PRINT_TIMEOUT_MS = 10_000;

/** `promise`, or a timeout PrinterError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PrinterError('timeout', `${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A browser failure as a PrinterError: the chooser closed without a pick is NotFoundError (WebUSB and Web
 * Serial both), a refused permission SecurityError or NotAllowedError; anything else failed the write.
 */
export function toPrinterError(error: unknown, fallback: PrintErrorCode = 'writeFailed'): PrinterError {
  if (error instanceof PrinterError) return error;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const message = error instanceof Error || error instanceof DOMException ? error.message : String(error);
  if (name === 'NotFoundError' || name === 'NotAllowedError' || name === 'SecurityError')
    return new PrinterError('noDevice', message, { cause: error });
  return new PrinterError(fallback, message, { cause: error });
}
