/**
 * WHY this file: VietQr (PAYMENT_TYPE.VIET_QR = 12, docs/sales.md#payments) is a bank transfer the customer
 * makes by scanning a NAPAS VietQR code, an EMVCo merchant-presented payload (emv-qr.ts). Field layout, as in
 * vietqr.io's generator (https://vietqr.io/danh-sach-api/link-tao-ma-nhanh/api-tao-ma-qr, whose published
 * example is the test fixture) and NAPAS's QR format specification:
 *   00 "01"                       payload format indicator
 *   01 "11" static | "12" dynamic  point of initiation: "12" when the code carries an amount (one payment)
 *   38 merchant account information, VietQR/NAPAS template:
 *        00 "A000000727"           NAPAS global unique identifier
 *        01 beneficiary:  00 acquirer BIN (6 digits, e.g. 970415), 01 account or card number
 *        02 "QRIBFTTA" transfer to an account | "QRIBFTTC" transfer to a card
 *   53 "704"                      currency, ISO 4217 VND
 *   54 amount                     whole VND (VND has no minor unit), only on a dynamic code
 *   58 "VN"                       country
 *   62 additional data:  08 purpose of transaction (the transfer content, at most 25 characters)
 *   63 CRC
 * The transfer content must be "tiếng Việt không dấu, tối đa 25 ký tự, không chứa các ký tự đặc biệt"
 * (vietqr.io addInfo): diacritics are transliterated (vietnamese-text.ts) and any other character but
 * letters, digits and spaces is refused, as is a longer text, rather than cut silently.
 */
import { EmvFormatError, appendCrc, emvTlv, parseEmvTlv, verifyCrc } from './emv-qr';
import type { EmvField } from './emv-qr';
import { invalidField, requirePattern, requireText, requireWholeAmount } from './provider-input';
import { collapseWhitespace, removeDiacritics, toNfc } from './vietnamese-text';

export const VIETQR_GUID = 'A000000727';
export const VIETQR_CURRENCY_VND = '704';
export const VIETQR_COUNTRY = 'VN';
/** EMV field 54 is at most 13 characters. */
export const VIETQR_MAX_AMOUNT = 9_999_999_999_999;
export const VIETQR_MAX_INFO_LENGTH = 25;

export type VietQrService = 'QRIBFTTA' | 'QRIBFTTC';

export interface VietQrInput {
  /** The beneficiary bank's 6-digit NAPAS BIN. */
  acqId: string;
  accountNo: string;
  /** Whole VND; absent or 0 makes a static code the payer fills in. */
  amount?: number;
  /** Transfer content, e.g. the sale number. */
  info?: string;
  serviceCode?: VietQrService;
}

export interface VietQrData {
  initiation: '11' | '12';
  acqId: string;
  accountNo: string;
  serviceCode: VietQrService;
  currency: string;
  country: string;
  amount?: number;
  info?: string;
}

/** The transfer content as VietQR wants it: NFC, without diacritics, one line; refused if still special. */
export function vietQrInfo(text: string): string {
  const info = collapseWhitespace(removeDiacritics(toNfc(text)));
  requireText('info', info, 0, VIETQR_MAX_INFO_LENGTH);
  requirePattern('info', info, /^[A-Za-z0-9 ]*$/, 'Only letters, digits and spaces are allowed.');
  return info;
}

export function buildVietQrPayload(input: VietQrInput): string {
  const serviceCode = input.serviceCode ?? 'QRIBFTTA';
  requirePattern('acqId', input.acqId, /^\d{6}$/, 'Must be the 6-digit bank BIN.');
  requirePattern('accountNo', input.accountNo, /^[A-Za-z0-9]{6,19}$/, 'Must be 6-19 letters or digits.');
  if (serviceCode !== 'QRIBFTTA' && serviceCode !== 'QRIBFTTC') {
    throw invalidField('serviceCode', 'Must be QRIBFTTA (account) or QRIBFTTC (card).');
  }
  const amount = input.amount ?? 0;
  if (amount !== 0) requireWholeAmount('amount', amount, 1, VIETQR_MAX_AMOUNT);
  const info = vietQrInfo(input.info ?? '');

  const beneficiary = emvTlv('00', input.acqId) + emvTlv('01', input.accountNo);
  const merchantAccount = emvTlv('00', VIETQR_GUID) + emvTlv('01', beneficiary) + emvTlv('02', serviceCode);
  const payload =
    emvTlv('00', '01') +
    emvTlv('01', amount === 0 ? '11' : '12') +
    emvTlv('38', merchantAccount) +
    emvTlv('53', VIETQR_CURRENCY_VND) +
    (amount === 0 ? '' : emvTlv('54', String(amount))) +
    emvTlv('58', VIETQR_COUNTRY) +
    (info === '' ? '' : emvTlv('62', emvTlv('08', info)));
  return appendCrc(payload);
}

function single(fields: readonly EmvField[], id: string, where: string): string | undefined {
  const found = fields.filter((f) => f.id === id);
  if (found.length > 1) throw new EmvFormatError(`${where}: field ${id} appears twice.`);
  return found[0]?.value;
}

function required(fields: readonly EmvField[], id: string, where: string): string {
  const value = single(fields, id, where);
  if (value === undefined) throw new EmvFormatError(`${where}: field ${id} is missing.`);
  return value;
}

/** Reads a VietQR payload back (checks the CRC and the NAPAS template); throws EmvFormatError if it is not one. */
export function parseVietQrPayload(payload: string): VietQrData {
  if (!verifyCrc(payload)) throw new EmvFormatError('The CRC does not match the payload.');
  const root = parseEmvTlv(payload);
  if (required(root, '00', 'payload') !== '01') throw new EmvFormatError('Unknown payload format indicator.');
  const initiation = required(root, '01', 'payload');
  if (initiation !== '11' && initiation !== '12') throw new EmvFormatError('Unknown point of initiation.');

  const merchant = parseEmvTlv(required(root, '38', 'payload'));
  if (required(merchant, '00', 'field 38') !== VIETQR_GUID) throw new EmvFormatError('Not a NAPAS VietQR.');
  const beneficiary = parseEmvTlv(required(merchant, '01', 'field 38'));
  const serviceCode = required(merchant, '02', 'field 38');
  if (serviceCode !== 'QRIBFTTA' && serviceCode !== 'QRIBFTTC') {
    throw new EmvFormatError(`Unknown VietQR service code ${serviceCode}.`);
  }

  const amountText = single(root, '54', 'payload');
  if (amountText !== undefined && !/^\d+$/.test(amountText)) {
    throw new EmvFormatError('The amount is not a whole number of VND.');
  }
  const additional = single(root, '62', 'payload');
  const info = additional === undefined ? undefined : single(parseEmvTlv(additional), '08', 'field 62');

  return {
    initiation,
    acqId: required(beneficiary, '00', 'field 38.01'),
    accountNo: required(beneficiary, '01', 'field 38.01'),
    serviceCode,
    currency: required(root, '53', 'payload'),
    country: required(root, '58', 'payload'),
    ...(amountText === undefined ? {} : { amount: Number(amountText) }),
    ...(info === undefined ? {} : { info }),
  };
}
