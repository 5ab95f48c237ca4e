/**
 * Web Serial (ADR 018: Chrome and Edge on desktop; Chrome on Android for Bluetooth serial printers from 138 and
 * for USB serial from 148; not Safari): a printer on a serial port, a USB-serial adapter or a paired Bluetooth
 * SPP printer. The port is one this origin was granted, else the browser's chooser; the job is written through
 * the port's writable stream at the baud rate of the settings.
 */
import { PrinterError, PRINT_TIMEOUT_MS, toPrinterError, withTimeout } from './transport';
import type { PrinterConnection, PrinterTransportDriver } from './transport';

export interface SerialPortLike {
  open: (options: { baudRate: number }) => Promise<void>;
  close: () => Promise<void>;
  writable: WritableStream<Uint8Array> | null;
}
export interface SerialLike {
  getPorts: () => Promise<SerialPortLike[]>;
  requestPort: () => Promise<SerialPortLike>;
}

export function createWebSerialTransport(
  serial: SerialLike | undefined,
  baudRate: number,
): PrinterTransportDriver {
  return {
    isSupported: () => serial !== undefined,
    async connect(): Promise<PrinterConnection> {
      if (!serial) throw new PrinterError('unsupported', 'Web Serial is not available in this browser');
      let port: SerialPortLike;
      try {
        port = (await serial.getPorts())[0] ?? (await serial.requestPort());
      } catch (error) {
        throw toPrinterError(error, 'noDevice');
      }
      try {
        await port.open({ baudRate });
      } catch (error) {
        throw toPrinterError(error);
      }
      return {
        async write(bytes) {
          if (!port.writable) throw new PrinterError('writeFailed', 'The serial port is not writable');
          const writer = port.writable.getWriter();
          try {
            await withTimeout(writer.write(bytes), PRINT_TIMEOUT_MS, 'The serial write');
          } catch (error) {
            throw toPrinterError(error);
          } finally {
            writer.releaseLock();
          }
        },
        async close() {
          await port.close().catch(() => undefined);
        },
      };
    },
  };
}
