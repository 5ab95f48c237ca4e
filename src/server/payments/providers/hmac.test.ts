import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, hmacSha512Hex, timingSafeEqualHex } from './hmac';

// RFC 4231 §4.2-4.8 (https://www.rfc-editor.org/rfc/rfc4231#section-4): keys and data as bytes, expected
// HMAC-SHA-256 and HMAC-SHA-512 copied from the RFC.
const bytes = (hex: string) => Buffer.from(hex, 'hex');
const repeat = (byte: number, count: number) => Buffer.alloc(count, byte);

const cases = [
  {
    name: 'test case 1: 20-byte key, "Hi There"',
    key: repeat(0x0b, 20),
    data: Buffer.from('Hi There'),
    sha256: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    sha512:
      '87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde' +
      'daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854',
  },
  {
    name: 'test case 2: a key shorter than the output ("Jefe")',
    key: Buffer.from('Jefe'),
    data: Buffer.from('what do ya want for nothing?'),
    sha256: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    sha512:
      '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554' +
      '9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737',
  },
  {
    name: 'test case 3: combined length of key and data larger than 64 bytes',
    key: repeat(0xaa, 20),
    data: repeat(0xdd, 50),
    sha256: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
    sha512:
      'fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39' +
      'bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb',
  },
  {
    name: 'test case 4: 25-byte key 0x01..0x19, 50 × 0xcd',
    key: bytes('0102030405060708090a0b0c0d0e0f10111213141516171819'),
    data: repeat(0xcd, 50),
    sha256: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    sha512:
      'b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db' +
      'a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd',
  },
  {
    name: 'test case 6: 131-byte key, larger than the block size, hashed first',
    key: repeat(0xaa, 131),
    data: Buffer.from('Test Using Larger Than Block-Size Key - Hash Key First'),
    sha256: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    sha512:
      '80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352' +
      '6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598',
  },
  {
    name: 'test case 7: larger than block-size key and data',
    key: repeat(0xaa, 131),
    data: Buffer.from(
      'This is a test using a larger than block-size key and a larger than block-size data. ' +
        'The key needs to be hashed before being used by the HMAC algorithm.',
    ),
    sha256: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    sha512:
      'e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944' +
      'b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58',
  },
];

describe('hmacSha256Hex and hmacSha512Hex against RFC 4231', () => {
  for (const c of cases) {
    it(`${c.name} gives the RFC's HMAC-SHA-256`, () => {
      expect(hmacSha256Hex(c.key, c.data)).toBe(c.sha256);
    });
    it(`${c.name} gives the RFC's HMAC-SHA-512`, () => {
      expect(hmacSha512Hex(c.key, c.data)).toBe(c.sha512);
    });
  }

  it('test case 5: the first 128 bits match the RFC truncated outputs', () => {
    const key = repeat(0x0c, 20);
    const data = Buffer.from('Test With Truncation');
    expect(hmacSha256Hex(key, data).slice(0, 32)).toBe('a3b6167473100ee06e0c796c2955552b');
    expect(hmacSha512Hex(key, data).slice(0, 32)).toBe('415fad6271580a531d4179bc891d87a6');
  });

  it('a string key and message are taken as their UTF-8 bytes', () => {
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(cases[1]?.sha256);
    const text = 'Thanh toán đơn hàng';
    expect(hmacSha512Hex('khóa', text)).toBe(hmacSha512Hex(Buffer.from('khóa'), Buffer.from(text, 'utf8')));
  });
});

describe('timingSafeEqualHex', () => {
  const digest = cases[0]?.sha256 ?? '';

  it('accepts the same digest whatever the hex case', () => {
    expect(timingSafeEqualHex(digest, digest)).toBe(true);
    expect(timingSafeEqualHex(digest, digest.toUpperCase())).toBe(true);
  });

  it('refuses a digest differing in one nibble', () => {
    const flipped = `${digest.slice(0, -1)}${digest.endsWith('7') ? '8' : '7'}`;
    expect(timingSafeEqualHex(digest, flipped)).toBe(false);
  });

  it('refuses other lengths, empty strings and non-hex text without throwing', () => {
    expect(timingSafeEqualHex(digest, digest.slice(0, -2))).toBe(false);
    expect(timingSafeEqualHex(digest, `${digest}0`)).toBe(false);
    expect(timingSafeEqualHex('', '')).toBe(false);
    expect(timingSafeEqualHex(digest, `${digest.slice(0, -2)}zz`)).toBe(false);
  });
});
