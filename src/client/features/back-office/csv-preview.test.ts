import { describe, expect, it } from 'vitest';
import { startsAsUtf8 } from './csv-preview';

const blob = (...parts: (Uint8Array<ArrayBuffer> | string)[]) => new Blob(parts, { type: 'text/csv' });

describe('startsAsUtf8 (the import preview says at once that a file is in another encoding)', () => {
  it('takes UTF-8 text, with a byte-order mark and Windows line endings', async () => {
    expect(await startsAsUtf8(blob('\ufeffnumber,notes\r\nGC-1,Bảo Trân\r\n'))).toBe(true);
  });

  it('takes a file whose check stops inside a character (the rest is the server’s to check)', async () => {
    const long = `${'a'.repeat(64 * 1024 - 1)}ả`;
    expect(await startsAsUtf8(blob(long))).toBe(true);
  });

  it('refuses Windows-1252 and UTF-16', async () => {
    // "Café" in Windows-1252: é is one byte (0xE9) that is not UTF-8.
    expect(
      await startsAsUtf8(blob('number,notes\r\nGC-1,Caf', Uint8Array.of(0xe9), '\r\nGC-2,Tea\r\n')),
    ).toBe(false);
    expect(await startsAsUtf8(blob(Uint8Array.of(0xff, 0xfe, 0x6e, 0x00)))).toBe(false);
  });
});
