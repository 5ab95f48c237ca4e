import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { base64Chunks, CSV_BOM, csvCell, CsvEncodingError, csvLine, csvRecords, csvStream } from './csv';

describe('csvCell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+33 1 23', "'+33 1 23"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])('neutralises a text cell that a spreadsheet would read as a formula: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves numbers, booleans and ordinary text alone, quoting commas, quotes and line breaks', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Nail, hair')).toBe('"Nail, hair"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Sơn gel')).toBe('Sơn gel');
  });

  it('writes CRLF lines', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('csvStream and csvRecords', () => {
  it('what the export writes, the import reads back cell for cell', async () => {
    async function* batches() {
      yield [['Gel, soak-off', '=2*3', 7]];
      yield [];
      yield [['Sơn "gel"', 'x\ny', -1]];
    }
    let text = '';
    for await (const chunk of csvStream(['name', 'note', 'n'], batches())) text += String(chunk);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const dir = await mkdtemp(path.join(tmpdir(), 'csv-test-'));
    try {
      const file = path.join(dir, 'rows.csv');
      await writeFile(file, text);
      const records: string[][] = [];
      for await (const record of csvRecords(file)) records.push(record);
      expect(records).toEqual([
        // The byte-order mark is dropped with the decoding (the import's header reader drops one too).
        ['name', 'note', 'n'],
        ['Gel, soak-off', "'=2*3", '7'],
        ['Sơn "gel"', 'x\ny', '-1'],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('csvRecords refuses a file that is not UTF-8', () => {
  it.each([
    ['Windows-1252', Buffer.from('name\r\nCaf\xe9\r\n', 'latin1')],
    [
      'UTF-16 with its byte-order mark',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name\r\n', 'utf16le')]),
    ],
  ])('%s: a CsvEncodingError, not cells of replacement characters', async (_, bytes) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'csv-test-'));
    try {
      const file = path.join(dir, 'rows.csv');
      await writeFile(file, bytes);
      const read = async () => {
        for await (const record of csvRecords(file)) expect(record.join()).not.toContain('\ufffd');
      };
      await expect(read()).rejects.toBeInstanceOf(CsvEncodingError);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('base64Chunks', () => {
  it('encodes a stream chunk by chunk into the base64 of the whole, whatever the chunk lengths', async () => {
    const text = 'Bảo Trân,=1+2\r\n'.repeat(50);
    const bytes = Buffer.from(text, 'utf8');
    for (const size of [1, 2, 4, 7, 1000]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      let out = '';
      for await (const part of base64Chunks(Readable.from(chunks))) out += part;
      expect(out, `chunks of ${size}`).toBe(bytes.toString('base64'));
    }
  });
});
