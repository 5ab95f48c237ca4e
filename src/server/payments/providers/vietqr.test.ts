import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors';
import { EmvFormatError, appendCrc, verifyCrc } from './emv-qr';
import { buildVietQrPayload, parseVietQrPayload, vietQrInfo } from './vietqr';

// vietqr.io's published example (https://vietqr.io/danh-sach-api/link-tao-ma-nhanh/api-tao-ma-qr):
// acqId 970415, accountNo 113366668888, amount 79000, addInfo "Ung Ho Quy Vac Xin".
const VIETQR_EXAMPLE =
  '00020101021238560010A0000007270126000697041501121133666688880208QRIBFTTA53037045405790005802VN' +
  '62220818Ung Ho Quy Vac Xin63043ACF';

function expectUnprocessable(action: () => unknown, field: string): void {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(422);
    expect(Object.keys((error as HttpError).errors ?? {})).toEqual([field]);
    return;
  }
  throw new Error(`expected a 422 on ${field}`);
}

describe('buildVietQrPayload', () => {
  it("reproduces vietqr.io's published example exactly, dynamic '12' with amount and content", () => {
    expect(
      buildVietQrPayload({
        acqId: '970415',
        accountNo: '113366668888',
        amount: 79_000,
        info: 'Ung Ho Quy Vac Xin',
      }),
    ).toBe(VIETQR_EXAMPLE);
  });

  it('gives the same payload for the content typed with diacritics, in NFC or NFD', () => {
    const base = { acqId: '970415', accountNo: '113366668888', amount: 79_000 };
    expect(buildVietQrPayload({ ...base, info: 'Ủng Hộ Quỹ Vắc Xin' })).toBe(VIETQR_EXAMPLE);
    expect(buildVietQrPayload({ ...base, info: 'Ủng Hộ Quỹ Vắc Xin'.normalize('NFD') })).toBe(VIETQR_EXAMPLE);
  });

  it("makes a static '11' code without amount or content when neither is given", () => {
    const payload = buildVietQrPayload({ acqId: '970436', accountNo: '0881000458086' });
    expect(payload).toBe(
      appendCrc(
        '000201010211' + '38570010A000000727012700069704360113088100045808602' + '08QRIBFTTA53037045802VN',
      ),
    );
    expect(verifyCrc(payload)).toBe(true);
    expect(parseVietQrPayload(payload)).toEqual({
      initiation: '11',
      acqId: '970436',
      accountNo: '0881000458086',
      serviceCode: 'QRIBFTTA',
      currency: '704',
      country: 'VN',
    });
  });

  it('uses QRIBFTTC for a transfer to a card', () => {
    const payload = buildVietQrPayload({
      acqId: '970415',
      accountNo: '9704150000000018',
      amount: 50_000,
      serviceCode: 'QRIBFTTC',
    });
    expect(payload).toContain('0208QRIBFTTC');
    expect(parseVietQrPayload(payload).serviceCode).toBe('QRIBFTTC');
  });

  it('refuses content with special characters or over 25 characters instead of cutting it', () => {
    const base = { acqId: '970415', accountNo: '113366668888', amount: 79_000 };
    expectUnprocessable(() => buildVietQrPayload({ ...base, info: 'HD#1042' }), 'info');
    expectUnprocessable(() => buildVietQrPayload({ ...base, info: 'Thanh toan hoa don so 1042 ok' }), 'info');
    expectUnprocessable(() => buildVietQrPayload({ ...base, info: '你好' }), 'info');
  });

  it('refuses a bad BIN, account, amount or service code', () => {
    const base = { acqId: '970415', accountNo: '113366668888' };
    expectUnprocessable(() => buildVietQrPayload({ ...base, acqId: '97041' }), 'acqId');
    expectUnprocessable(() => buildVietQrPayload({ ...base, accountNo: '1133-6666' }), 'accountNo');
    expectUnprocessable(() => buildVietQrPayload({ ...base, amount: -1 }), 'amount');
    expectUnprocessable(() => buildVietQrPayload({ ...base, amount: 100.5 }), 'amount');
    expectUnprocessable(() => buildVietQrPayload({ ...base, amount: 10_000_000_000_000 }), 'amount');
    expectUnprocessable(
      () => buildVietQrPayload({ ...base, serviceCode: 'QRCASH' as unknown as 'QRIBFTTA' }),
      'serviceCode',
    );
  });

  it('round-trips through parseVietQrPayload with a valid CRC for any valid input', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9]{1,6}$/);
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{6}$/),
        fc.stringMatching(/^[A-Za-z0-9]{6,19}$/),
        fc.option(fc.integer({ min: 1, max: 9_999_999_999_999 }), { nil: undefined }),
        fc.option(
          fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' ').slice(0, 25).trim()),
          { nil: undefined },
        ),
        fc.constantFrom('QRIBFTTA' as const, 'QRIBFTTC' as const),
        (acqId, accountNo, amount, info, serviceCode) => {
          const payload = buildVietQrPayload({ acqId, accountNo, amount, info, serviceCode });
          expect(verifyCrc(payload)).toBe(true);
          expect(parseVietQrPayload(payload)).toEqual({
            initiation: amount === undefined ? '11' : '12',
            acqId,
            accountNo,
            serviceCode,
            currency: '704',
            country: 'VN',
            ...(amount === undefined ? {} : { amount }),
            ...(info ? { info } : {}),
          });
        },
      ),
    );
  });
});

describe('parseVietQrPayload', () => {
  it('reads the vietqr.io example', () => {
    expect(parseVietQrPayload(VIETQR_EXAMPLE)).toEqual({
      initiation: '12',
      acqId: '970415',
      accountNo: '113366668888',
      serviceCode: 'QRIBFTTA',
      currency: '704',
      country: 'VN',
      amount: 79_000,
      info: 'Ung Ho Quy Vac Xin',
    });
  });

  it('refuses a payload with a wrong CRC or another scheme', () => {
    expect(() => parseVietQrPayload(VIETQR_EXAMPLE.replace('79000', '99000'))).toThrow(EmvFormatError);
    const otherGuid = appendCrc(
      '000201010211' + '38560010A0000007990126000697041501121133666688880208QRIBFTTA' + '53037045802VN',
    );
    expect(() => parseVietQrPayload(otherGuid)).toThrow('Not a NAPAS VietQR.');
  });
});

describe('vietQrInfo', () => {
  it('transliterates, collapses whitespace and keeps at most 25 plain characters', () => {
    expect(vietQrInfo('  Thanh toán   HĐ 1042 ')).toBe('Thanh toan HD 1042');
    expect(vietQrInfo('')).toBe('');
  });
});
