/**
 * The network bridge: the local printer socket at "{host}/manage" (docs/printing.md), a small program on the salon's
 * network that forwards raw bytes to a printer's port 9100 (ADR 018: the only way to a LAN printer from iPad
 * Safari, which has neither WebUSB nor Web Serial, and from any browser, which cannot open raw TCP).
 *
 * The contract (docs/printing.md "The bridge"): an http(s) address takes one job per POST with the bytes as an
 * `application/octet-stream` body and answers 2xx once the printer took them; a ws(s) address takes one binary
 * message per job on a fresh socket and answers with a text message `ok` (anything else is the failure's text).
 */
import { PrinterError, PRINT_TIMEOUT_MS, toPrinterError, withTimeout } from './transport';
import type { PrinterConnection, PrinterTransportDriver } from './transport';
import { isBridgeUrl } from './printer-settings';

export interface BridgeEnvironment {
  fetch: typeof fetch;
  WebSocket: typeof WebSocket;
}

function sendOverSocket(env: BridgeEnvironment, url: string, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new env.WebSocket(url);
    socket.binaryType = 'arraybuffer';
    let settled = false;
    const finish = (error?: PrinterError) => {
      if (settled) return;
      settled = true;
      socket.close();
      if (error) reject(error);
      else resolve();
    };
    socket.onopen = () => socket.send(bytes);
    socket.onmessage = (event: MessageEvent) =>
      event.data === 'ok'
        ? finish()
        : finish(new PrinterError('writeFailed', `The bridge answered: ${String(event.data)}`));
    socket.onerror = () =>
      finish(new PrinterError('writeFailed', `The bridge at ${url} could not be reached`));
    socket.onclose = () => finish(new PrinterError('writeFailed', 'The bridge closed before answering'));
  });
}

export function createBridgeTransport(env: BridgeEnvironment, url: string): PrinterTransportDriver {
  return {
    isSupported: () => true,
    connect(): Promise<PrinterConnection> {
      if (!isBridgeUrl(url))
        return Promise.reject(new PrinterError('notConfigured', 'No printer bridge address is set'));
      const websocket = url.startsWith('ws');
      return Promise.resolve({
        async write(bytes) {
          try {
            if (websocket) {
              await withTimeout(sendOverSocket(env, url, bytes), PRINT_TIMEOUT_MS, 'The bridge');
              return;
            }
            const response = await withTimeout(
              env.fetch(url, {
                method: 'POST',
                headers: { 'Content-Type': 'application/octet-stream' },
                body: bytes as Uint8Array<ArrayBuffer>,
              }),
              PRINT_TIMEOUT_MS,
              'The bridge',
            );
            if (!response.ok) throw new PrinterError('writeFailed', `The bridge answered ${response.status}`);
          } catch (error) {
            throw toPrinterError(error);
          }
        },
        close: () => Promise.resolve(),
      });
    },
  };
}
