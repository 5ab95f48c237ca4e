import { describe, expect, it } from 'vitest';
import { EmvFormatError, appendCrc, crc16CcittFalse, emvTlv, parseEmvTlv, verifyCrc } from './emv-qr';

// vietqr.io's published example (https://vietqr.io/danh-sach-api/link-tao-ma-nhanh/api-tao-ma-qr).
const VIETQR_EXAMPLE =
  '00020101021238560010A0000007270126000697041501121133666688880208QRIBFTTA53037045405790005802VN' +
  '62220818Ung Ho Quy Vac Xin63043ACF';
// A UnionPay merchant-presented example quoted with its CRC 5855 in
// https://blog.csdn.net/sunhuansheng/article/details/105630908 (a second, non-Vietnamese issuer).
const UNIONPAY_EXAMPLE =
  '000201010211153125000344000203441000000000000065204597253033445802HK5913Test Merchant6002HK' +
  '626001200000000000000000000005200000000000000000000007080000001063045855';

describe('crc16CcittFalse', () => {
  it('gives the catalogued check value 0x29B1 for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
    expect(crc16CcittFalse(Buffer.from('123456789'))).toBe(0x29b1);
  });

  it('gives the init value 0xFFFF for no data', () => {
    expect(crc16CcittFalse('')).toBe(0xffff);
  });
});

describe('emvTlv', () => {
  it('writes id, two-digit length and value', () => {
    expect(emvTlv('00', '01')).toBe('000201');
    expect(emvTlv('08', 'Ung Ho Quy Vac Xin')).toBe('0818Ung Ho Quy Vac Xin');
  });

  it('counts characters, not UTF-16 units or bytes', () => {
    expect(emvTlv('59', 'Hà Nội')).toBe('5906Hà Nội');
  });

  it('refuses empty or over-long values and bad ids', () => {
    expect(() => emvTlv('62', '')).toThrow(EmvFormatError);
    expect(() => emvTlv('62', 'x'.repeat(100))).toThrow(EmvFormatError);
    expect(emvTlv('62', 'x'.repeat(99))).toHaveLength(103);
    expect(() => emvTlv('6', 'x')).toThrow(EmvFormatError);
  });
});

describe('appendCrc and verifyCrc', () => {
  it('closes the vietqr.io example with its published CRC 3ACF', () => {
    expect(appendCrc(VIETQR_EXAMPLE.slice(0, -8))).toBe(VIETQR_EXAMPLE);
    expect(verifyCrc(VIETQR_EXAMPLE)).toBe(true);
  });

  it('accepts the UnionPay example and a lowercase CRC', () => {
    expect(verifyCrc(UNIONPAY_EXAMPLE)).toBe(true);
    expect(verifyCrc(`${VIETQR_EXAMPLE.slice(0, -4)}3acf`)).toBe(true);
  });

  it('refuses a payload changed after its CRC was computed', () => {
    expect(verifyCrc(VIETQR_EXAMPLE.replace('79000', '99000'))).toBe(false);
    expect(verifyCrc(VIETQR_EXAMPLE.replace('Vac Xin', 'Vac Xim'))).toBe(false);
  });

  it('refuses payloads without a final CRC object or with broken structure', () => {
    expect(verifyCrc(VIETQR_EXAMPLE.slice(0, -8))).toBe(false);
    expect(verifyCrc(`${VIETQR_EXAMPLE}0000`)).toBe(false);
    expect(verifyCrc('')).toBe(false);
    expect(verifyCrc('0002016304ZZZZ')).toBe(false);
  });
});

describe('parseEmvTlv', () => {
  it('splits the root of the vietqr.io example into its data objects', () => {
    expect(parseEmvTlv(VIETQR_EXAMPLE)).toEqual([
      { id: '00', value: '01' },
      { id: '01', value: '12' },
      { id: '38', value: '0010A0000007270126000697041501121133666688880208QRIBFTTA' },
      { id: '53', value: '704' },
      { id: '54', value: '79000' },
      { id: '58', value: 'VN' },
      { id: '62', value: '0818Ung Ho Quy Vac Xin' },
      { id: '63', value: '3ACF' },
    ]);
  });

  it('parses a template value the same way', () => {
    expect(parseEmvTlv('0010A0000007270126000697041501121133666688880208QRIBFTTA')).toEqual([
      { id: '00', value: 'A000000727' },
      { id: '01', value: '00069704150112113366668888' },
      { id: '02', value: 'QRIBFTTA' },
    ]);
  });

  it('refuses a length running past the end, a zero length and non-digit headers', () => {
    expect(() => parseEmvTlv('000501')).toThrow(EmvFormatError);
    expect(() => parseEmvTlv('0000')).toThrow(EmvFormatError);
    expect(() => parseEmvTlv('0a0201')).toThrow(EmvFormatError);
    expect(() => parseEmvTlv('000')).toThrow(EmvFormatError);
  });
});
