/**
 * The transport the printer settings name, over the browser's real APIs (app/ wires it into the printing chart).
 * `browser` has no driver: the chart prints it with window.print itself.
 */
import { createBridgeTransport } from './bridge-transport';
import type { PrinterSettings } from './printer-settings';
import type { PrinterTransportDriver } from './transport';
import { createWebSerialTransport } from './webserial-transport';
import type { SerialLike } from './webserial-transport';
import { createWebUsbTransport } from './webusb-transport';
import type { UsbLike } from './webusb-transport';

export interface PrinterNavigator {
  usb?: UsbLike;
  serial?: SerialLike;
}

export function printerTransport(
  settings: Pick<PrinterSettings, 'transport' | 'bridgeUrl' | 'baudRate'>,
  nav: PrinterNavigator = globalThis.navigator as unknown as PrinterNavigator,
): PrinterTransportDriver | null {
  switch (settings.transport) {
    case 'usb':
      return createWebUsbTransport(nav.usb);
    case 'serial':
      return createWebSerialTransport(nav.serial, settings.baudRate);
    case 'network':
      return createBridgeTransport(
        { fetch: globalThis.fetch.bind(globalThis), WebSocket: globalThis.WebSocket },
        settings.bridgeUrl,
      );
    case 'browser':
      return null;
  }
}

/** Whether this browser can use a transport at all, for the settings screen (Safari: network or browser only). */
export function transportAvailable(
  transport: PrinterSettings['transport'],
  nav: PrinterNavigator = globalThis.navigator as unknown as PrinterNavigator,
): boolean {
  if (transport === 'usb') return nav.usb !== undefined;
  if (transport === 'serial') return nav.serial !== undefined;
  return true;
}
