import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api/client';
import { base64Csv, exportRows, saveBody, setDisplayOrder } from './resource-api';

describe('saveBody', () => {
  it('keeps JSON when no value is a file', () => {
    const values = { name: 'Nails', display_order: 3, is_active: true };
    expect(saveBody(values)).toBe(values);
  });

  it('makes a multipart body when a value is a file: the file as a part, every other value as text', () => {
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    const body = saveBody({
      name: 'Ann',
      is_active: false,
      commission_rate: 45,
      pin: undefined,
      avatar: picture,
    });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('name')).toBe('Ann');
    expect(form.get('is_active')).toBe('false');
    expect(form.get('commission_rate')).toBe('45');
    expect(form.has('pin')).toBe(false);
    expect((form.get('avatar') as File).name).toBe('me.png');
  });
});

describe('setDisplayOrder', () => {
  const recording = () => {
    const calls: unknown[][] = [];
    const client = {
      post: (...args: unknown[]) => (calls.push(args), Promise.resolve({})),
    } as unknown as ApiClient;
    return { calls, client };
  };

  it('posts to the ordering route, or sends an update of display_order alone', async () => {
    const { calls, client } = recording();
    await setDisplayOrder('services', 4, 2, 'ordering', 'key-1', { client });
    await setDisplayOrder('categories', 7, 0, 'update', 'key-2', { client });
    expect(
      calls.map(([path, body, options]) => [
        path,
        body,
        (options as { idempotencyKey: string }).idempotencyKey,
      ]),
    ).toEqual([
      ['/services/4/ordering', { display_order: 2 }, 'key-1'],
      ['/categories/7', { display_order: 0 }, 'key-2'],
    ]);
  });
});

describe('exportRows as a POST answering base64 contents (gift cards)', () => {
  it('posts the list query and decodes the envelope into the CSV bytes, UTF-8 kept whole', async () => {
    const csv = '\ufeffnumber,notes\r\nGC-1,Bảo Trân\r\n';
    const envelope = JSON.stringify({
      success: true,
      data: { filename: 'giftcards_export.csv', contents: Buffer.from(csv, 'utf8').toString('base64') },
      message: 'OK',
    });
    const calls: { url: string; method: string | undefined }[] = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method });
      return new Response(envelope, { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const progress: number[] = [];
    const blob = await exportRows('giftcards', { search: 'GC' }, (loaded) => progress.push(loaded), {
      fetchImpl,
      method: 'POST',
    });
    expect(calls).toEqual([{ url: '/api/giftcards/export?search=GC', method: 'POST' }]);
    // ignoreBOM: keep the byte-order mark in the text, to see the file starts with it.
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer())).toBe(csv);
    expect(progress.at(-1)).toBe(new TextEncoder().encode(envelope).byteLength);
  });

  it('refuses an envelope without contents', () => {
    expect(() => base64Csv({ success: true, data: {} })).toThrow();
  });
});
