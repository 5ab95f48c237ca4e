/**
 * The three transports over fakes of the browser APIs they use (the same members the Playwright spec's fake USB
 * printer implements): the bytes arrive whole, and each way a print fails is a PrinterError with its code.
 */
import { describe, expect, it } from 'vitest';
import { createBridgeTransport } from './bridge-transport';
import { printerTransport, transportAvailable } from './transports';
import { PrinterError } from './transport';
import { createWebSerialTransport } from './webserial-transport';
import { createWebUsbTransport, printerEndpoint } from './webusb-transport';
import type { UsbDeviceLike, UsbLike } from './webusb-transport';

const JOB = Uint8Array.from([0x1b, 0x40, 0x41, 0x0a]);

function fakeUsbPrinter(status: 'ok' | 'stall' = 'ok') {
  const sent: number[][] = [];
  const calls: string[] = [];
  const device: UsbDeviceLike = {
    opened: false,
    configuration: null,
    open: async () => {
      device.opened = true;
      calls.push('open');
    },
    close: async () => {
      device.opened = false;
      calls.push('close');
    },
    selectConfiguration: async (value) => {
      calls.push(`configuration ${value}`);
      device.configuration = {
        configurationValue: value,
        interfaces: [
          {
            interfaceNumber: 0,
            alternate: {
              interfaceClass: 0xff,
              endpoints: [{ endpointNumber: 5, direction: 'in', type: 'bulk' }],
            },
          },
          {
            interfaceNumber: 1,
            alternate: {
              interfaceClass: 7,
              endpoints: [{ endpointNumber: 2, direction: 'out', type: 'bulk' }],
            },
          },
        ],
      };
    },
    claimInterface: async (n) => void calls.push(`claim ${n}`),
    releaseInterface: async (n) => void calls.push(`release ${n}`),
    transferOut: async (endpoint, data) => {
      sent.push([endpoint, ...new Uint8Array(data as ArrayBuffer)]);
      return { status, bytesWritten: status === 'ok' ? (data as Uint8Array).byteLength : 0 };
    },
  };
  return { device, sent, calls };
}

const domError = (name: string) => Object.assign(new Error(name), { name });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof PrinterError ? error.code : `not a PrinterError: ${String(error)}`;
}

describe('WebUSB', () => {
  it('opens a granted printer, claims its printer-class interface and sends the job to its bulk OUT endpoint', async () => {
    const { device, sent, calls } = fakeUsbPrinter();
    const usb: UsbLike = {
      getDevices: async () => [device],
      requestDevice: () => Promise.reject(new Error('no chooser')),
    };
    const connection = await createWebUsbTransport(usb).connect();
    await connection.write(JOB);
    await connection.close();
    expect(sent).toEqual([[2, ...JOB]]);
    expect(calls).toEqual(['open', 'configuration 1', 'claim 1', 'release 1', 'close']);
  });

  it('asks the browser chooser for a receipt printer when none is granted; closing it is noDevice', async () => {
    const { device } = fakeUsbPrinter();
    const filters: unknown[] = [];
    const pick: UsbLike = {
      getDevices: async () => [],
      requestDevice: async (o) => (filters.push(o.filters), device),
    };
    await (await createWebUsbTransport(pick).connect()).write(JOB);
    expect(filters[0]).toContainEqual({ classCode: 7 });
    const cancel: UsbLike = {
      getDevices: async () => [],
      requestDevice: () => Promise.reject(domError('NotFoundError')),
    };
    expect(await codeOf(createWebUsbTransport(cancel).connect())).toBe('noDevice');
  });

  it('a stalled transfer is writeFailed; a browser without WebUSB is unsupported', async () => {
    const { device } = fakeUsbPrinter('stall');
    const usb: UsbLike = { getDevices: async () => [device], requestDevice: async () => device };
    const connection = await createWebUsbTransport(usb).connect();
    expect(await codeOf(connection.write(JOB))).toBe('writeFailed');
    expect(createWebUsbTransport(undefined).isSupported()).toBe(false);
    expect(await codeOf(createWebUsbTransport(undefined).connect())).toBe('unsupported');
  });

  it('finds no endpoint on a device without a bulk OUT one', () => {
    expect(
      printerEndpoint({
        configuration: { configurationValue: 1, interfaces: [] },
      } as unknown as UsbDeviceLike),
    ).toBeNull();
  });
});

describe('Web Serial', () => {
  it('opens the granted port at the baud rate and writes the job through its stream', async () => {
    const chunks: number[][] = [];
    const opened: unknown[] = [];
    const port = {
      open: async (o: { baudRate: number }) => void opened.push(o),
      close: async () => undefined,
      writable: new WritableStream<Uint8Array>({ write: (chunk) => void chunks.push([...chunk]) }),
    };
    const connection = await createWebSerialTransport(
      { getPorts: async () => [port], requestPort: async () => port },
      19200,
    ).connect();
    await connection.write(JOB);
    await connection.close();
    expect(opened).toEqual([{ baudRate: 19200 }]);
    expect(chunks).toEqual([[...JOB]]);
  });

  it('a closed chooser is noDevice, a port that will not open is writeFailed, no API is unsupported', async () => {
    const cancel = { getPorts: async () => [], requestPort: () => Promise.reject(domError('NotFoundError')) };
    expect(await codeOf(createWebSerialTransport(cancel, 9600).connect())).toBe('noDevice');
    const busy = {
      open: () => Promise.reject(domError('InvalidStateError')),
      close: async () => undefined,
      writable: null,
    };
    expect(
      await codeOf(
        createWebSerialTransport(
          { getPorts: async () => [busy], requestPort: async () => busy },
          9600,
        ).connect(),
      ),
    ).toBe('writeFailed');
    expect(await codeOf(createWebSerialTransport(undefined, 9600).connect())).toBe('unsupported');
  });
});

describe('network bridge', () => {
  it('POSTs the job as octet-stream to an http address and needs a 2xx', async () => {
    const requests: Array<{ url: string; init: RequestInit }> = [];
    let status = 204;
    const env = {
      fetch: (async (url: string, init: RequestInit) => {
        requests.push({ url, init });
        return new Response(null, { status });
      }) as unknown as typeof fetch,
      WebSocket: class {} as unknown as typeof WebSocket,
    };
    const connection = await createBridgeTransport(env, 'http://192.168.1.5:8080/manage').connect();
    await connection.write(JOB);
    expect(requests[0]?.init.method).toBe('POST');
    expect([...(requests[0]?.init.body as Uint8Array)]).toEqual([...JOB]);
    status = 503;
    expect(await codeOf(connection.write(JOB))).toBe('writeFailed');
    expect(await codeOf(createBridgeTransport(env, '').connect())).toBe('notConfigured');
  });

  it('sends one binary message to a ws address and takes "ok" as printed', async () => {
    const sent: unknown[] = [];
    let answer = 'ok';
    class FakeSocket {
      binaryType = 'blob';
      onopen: (() => void) | null = null;
      onmessage: ((e: { data: unknown }) => void) | null = null;
      onerror: (() => void) | null = null;
      onclose: (() => void) | null = null;
      constructor(readonly url: string) {
        queueMicrotask(() => this.onopen?.());
      }
      send(data: unknown) {
        sent.push(data);
        queueMicrotask(() => this.onmessage?.({ data: answer }));
      }
      close() {}
    }
    const env = { fetch, WebSocket: FakeSocket as unknown as typeof WebSocket };
    const connection = await createBridgeTransport(env, 'ws://till.local/manage').connect();
    await connection.write(JOB);
    expect(sent).toEqual([JOB]);
    answer = 'paper out';
    expect(await codeOf(connection.write(JOB))).toBe('writeFailed');
  });
});

describe('the settings pick the transport', () => {
  it('browser printing has no driver; USB and serial need their APIs', () => {
    expect(printerTransport({ transport: 'browser', bridgeUrl: '', baudRate: 9600 }, {})).toBeNull();
    expect(printerTransport({ transport: 'usb', bridgeUrl: '', baudRate: 9600 }, {})?.isSupported()).toBe(
      false,
    );
    expect(transportAvailable('serial', {})).toBe(false);
    expect(transportAvailable('network', {})).toBe(true);
  });
});
