/**
 * WebUSB (ADR 018: Chrome and Edge on desktop and Android; not Safari, not Firefox). The printer is found among
 * the devices this origin was granted, else through the browser's chooser filtered to receipt printers; its
 * printer interface (USB class 7) or else the first interface with a bulk OUT endpoint is claimed and the job
 * is one transferOut.
 *
 * Typed here by the few members used, not with the w3c-web-usb types: the app needs five calls, and the
 * Playwright spec's fake device (tests/e2e/thermal-printer.spec.ts) implements exactly these.
 */
import { PrinterError, PRINT_TIMEOUT_MS, toPrinterError, withTimeout } from './transport';
import type { PrinterConnection, PrinterTransportDriver } from './transport';

export interface UsbEndpointLike {
  endpointNumber: number;
  direction: 'in' | 'out';
  type: 'bulk' | 'interrupt' | 'isochronous';
}
export interface UsbInterfaceLike {
  interfaceNumber: number;
  alternate: { interfaceClass: number; endpoints: UsbEndpointLike[] };
}
export interface UsbDeviceLike {
  opened: boolean;
  configuration: { configurationValue: number; interfaces: UsbInterfaceLike[] } | null;
  open: () => Promise<void>;
  close: () => Promise<void>;
  selectConfiguration: (value: number) => Promise<void>;
  claimInterface: (interfaceNumber: number) => Promise<void>;
  releaseInterface?: (interfaceNumber: number) => Promise<void>;
  transferOut: (
    endpoint: number,
    data: BufferSource,
  ) => Promise<{ status: 'ok' | 'stall' | 'babble'; bytesWritten: number }>;
}
export interface UsbLike {
  getDevices: () => Promise<UsbDeviceLike[]>;
  requestDevice: (options: {
    filters: Array<{ vendorId?: number; classCode?: number }>;
  }) => Promise<UsbDeviceLike>;
}

/** USB interface class of printers (USB-IF class code 07h). */
const PRINTER_CLASS = 7;

/**
 * What the chooser lists: printer-class devices, and the vendors of receipt printers whose interfaces are
 * vendor-specific (Epson 04b8, Star 0519, Citizen 1d90, Bixolon 0419 and 1504, HP 05d9, Xprinter 1fc9, the
 * common 0416 and 0483 clones), the vendor list receipt-printer-encoder's author keeps for his WebUSB driver.
 */
export const USB_PRINTER_FILTERS = [
  { classCode: PRINTER_CLASS },
  ...[0x04b8, 0x0519, 0x1d90, 0x0419, 0x1504, 0x05d9, 0x1fc9, 0x0416, 0x0483, 0x04c5].map((vendorId) => ({
    vendorId,
  })),
];

/** The interface to claim and its bulk OUT endpoint: a printer-class one first, else the first that can take bytes. */
export function printerEndpoint(
  device: UsbDeviceLike,
): { interfaceNumber: number; endpointNumber: number } | null {
  const interfaces = device.configuration?.interfaces ?? [];
  const ordered = [
    ...interfaces.filter((i) => i.alternate.interfaceClass === PRINTER_CLASS),
    ...interfaces.filter((i) => i.alternate.interfaceClass !== PRINTER_CLASS),
  ];
  for (const usbInterface of ordered) {
    const out = usbInterface.alternate.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk');
    if (out) return { interfaceNumber: usbInterface.interfaceNumber, endpointNumber: out.endpointNumber };
  }
  return null;
}

async function findDevice(usb: UsbLike): Promise<UsbDeviceLike> {
  const granted = await usb.getDevices();
  if (granted[0]) return granted[0];
  try {
    return await usb.requestDevice({ filters: USB_PRINTER_FILTERS });
  } catch (error) {
    throw toPrinterError(error, 'noDevice');
  }
}

export function createWebUsbTransport(usb: UsbLike | undefined): PrinterTransportDriver {
  return {
    isSupported: () => usb !== undefined,
    async connect(): Promise<PrinterConnection> {
      if (!usb) throw new PrinterError('unsupported', 'WebUSB is not available in this browser');
      const device = await findDevice(usb);
      try {
        if (!device.opened) await device.open();
        if (device.configuration === null) await device.selectConfiguration(1);
        const target = printerEndpoint(device);
        if (!target) throw new PrinterError('noDevice', 'The USB device has no bulk OUT endpoint');
        await device.claimInterface(target.interfaceNumber);
        return {
          async write(bytes) {
            try {
              const result = await withTimeout(
                device.transferOut(target.endpointNumber, bytes as Uint8Array<ArrayBuffer>),
                PRINT_TIMEOUT_MS,
                'The USB transfer',
              );
              if (result.status !== 'ok' || result.bytesWritten !== bytes.byteLength)
                throw new PrinterError(
                  'writeFailed',
                  `USB transfer ${result.status}, ${result.bytesWritten} bytes`,
                );
            } catch (error) {
              throw toPrinterError(error);
            }
          },
          async close() {
            await device.releaseInterface?.(target.interfaceNumber).catch(() => undefined);
            await device.close().catch(() => undefined);
          },
        };
      } catch (error) {
        await device.close().catch(() => undefined);
        throw toPrinterError(error);
      }
    },
  };
}
