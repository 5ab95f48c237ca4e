import { describe, expect, it } from 'vitest';
import { DEMO_RECEIPT } from '../../../../tests/support/machines/receipt';
import { PAYMENT_TYPE, SALE_STATUS } from '../../../domain/constants';
import { drawerKickJob, isCashSale, openCashDrawer, receiptPrintJob } from './print-job';
import { DEFAULT_PRINTER_SETTINGS } from './printer-settings';
import type { PrinterSettings } from './printer-settings';
import { drawerKickCommands } from './receipt-commands';
import type { UsbDeviceLike } from './webusb-transport';

const usbPrinter: PrinterSettings = { ...DEFAULT_PRINTER_SETTINGS, transport: 'usb', kickDrawerOnCash: true };
const t = (key: string) => key;
const KICK = [0x1b, 0x70, 0x00, 0x32, 0xfa];
const endsWithKick = (bytes: Uint8Array) => [...bytes.slice(-5)].join() === KICK.join();

describe('print jobs', () => {
  it('a cash sale is a completed sale with a payment that prints as cash (VietQr does)', () => {
    expect(isCashSale(DEMO_RECEIPT)).toBe(true);
    const card = { ...DEMO_RECEIPT, payments: [{ payment_type: PAYMENT_TYPE.CREDIT, amount: 6000 }] };
    expect(isCashSale(card)).toBe(false);
    expect(isCashSale({ ...card, payments: [{ payment_type: PAYMENT_TYPE.VIET_QR, amount: 6000 }] })).toBe(
      true,
    );
    expect(isCashSale({ ...DEMO_RECEIPT, status: SALE_STATUS.VOID })).toBe(false);
  });

  it('the drawer opens only for a just-sold cash sale with the setting on, never for a reprint', () => {
    const sold = receiptPrintJob(DEMO_RECEIPT, usbPrinter, { t, uiLanguage: 'en', justSold: true });
    const reprint = receiptPrintJob(DEMO_RECEIPT, usbPrinter, { t, uiLanguage: 'en' });
    const off = receiptPrintJob(
      DEMO_RECEIPT,
      { ...usbPrinter, kickDrawerOnCash: false },
      { t, uiLanguage: 'en', justSold: true },
    );
    expect(sold.kind).toBe('receipt');
    expect(endsWithKick(sold.bytes)).toBe(true);
    expect(endsWithKick(reprint.bytes)).toBe(false);
    expect(endsWithKick(off.bytes)).toBe(false);
  });

  it('browser printing carries no bytes; a drawer job on a printer is the kick', () => {
    expect(receiptPrintJob(DEMO_RECEIPT, DEFAULT_PRINTER_SETTINGS, { t, uiLanguage: 'en' })).toEqual({
      kind: 'receipt',
      transport: 'browser',
      bytes: new Uint8Array(),
    });
    expect(drawerKickJob(usbPrinter).bytes).toEqual(drawerKickCommands(usbPrinter));
  });

  it('openCashDrawer sends the pulse through the configured printer, and refuses without one', async () => {
    const sent: number[][] = [];
    const device = {
      opened: true,
      configuration: {
        configurationValue: 1,
        interfaces: [
          {
            interfaceNumber: 0,
            alternate: {
              interfaceClass: 7,
              endpoints: [{ endpointNumber: 3, direction: 'out', type: 'bulk' }],
            },
          },
        ],
      },
      open: async () => {},
      close: async () => {},
      selectConfiguration: async () => {},
      claimInterface: async () => {},
      transferOut: async (_: number, data: BufferSource) => {
        sent.push([...(data as Uint8Array)]);
        return { status: 'ok' as const, bytesWritten: (data as Uint8Array).byteLength };
      },
    } satisfies UsbDeviceLike;
    await openCashDrawer(usbPrinter, {
      usb: { getDevices: async () => [device], requestDevice: async () => device },
    });
    expect(sent).toEqual([[...drawerKickCommands(usbPrinter)]]);
    await expect(openCashDrawer(DEFAULT_PRINTER_SETTINGS, {})).rejects.toMatchObject({
      code: 'notConfigured',
    });
  });
});
