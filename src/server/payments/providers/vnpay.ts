/**
 * WHY this file: VnPay (PAYMENT_TYPE.VNPAY = 10, docs/sales.md#payments) is paid by sending the customer to
 * VNPAY's payment page with a signed URL, API version 2.1.0
 * (https://sandbox.vnpayment.vn/apis/docs/thanh-toan-pay/pay.html, and the version notes
 * https://sandbox.vnpayment.vn/apis/docs/chuyen-doi-thuat-toan/changeTypeHash.html):
 * - vnp_Amount is the amount × 100 ("nhân thêm 100 lần (khử phần thập phân)"), so 10,000 VND is 1000000;
 * - vnp_CreateDate / vnp_ExpireDate are yyyyMMddHHmmss in GMT+7;
 * - the checksum is built "dựa trên việc sắp xếp tăng dần của tên tham số (QueryString)": the parameters
 *   sorted by name, each `name=urlencode(value)`, joined with '&', and vnp_SecureHash = HMAC-SHA512 of that
 *   string with the hash secret, hex; 2.1.0 sends no vnp_SecureHashType.
 * The official samples disagree on the encoder (PHP urlencode, Node encodeURIComponent + '+', Java
 * URLEncoder); all turn spaces into '+' and differ only on ! ' ( ) * ~. We encode like
 * application/x-www-form-urlencoded (= Java's URLEncoder, = URLSearchParams), and keep those characters out
 * of what we send: vnp_OrderInfo must be "Tiếng Việt không dấu và không bao gồm các ký tự đặc biệt", so it is
 * transliterated (vietnamese-text.ts) and anything else special is refused.
 * The return URL and the IPN carry the result the same way; verifying drops vnp_SecureHash and
 * vnp_SecureHashType, signs the other vnp_ parameters again and compares in constant time. Parameters with
 * an empty value are left out of the string, as VNPAY's Java sample (hashAllFields) does; we never send one.
 */
import { hmacSha512Hex, timingSafeEqualHex } from './hmac';
import {
  invalidField,
  requireHttpUrl,
  requirePattern,
  requireText,
  requireWholeAmount,
} from './provider-input';
import { collapseWhitespace, removeDiacritics, toNfc } from './vietnamese-text';

export const VNPAY_SANDBOX_PAY_URL = 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html';
export const VNPAY_VERSION = '2.1.0';

/** vnp_Amount is Numeric[1,12] and carries amount × 100. */
export const VNPAY_MAX_AMOUNT = 9_999_999_999;

/** What the IPN endpoint answers VNPAY (JSON {RspCode, Message}); VNPAY retries until it gets one. */
export const VNPAY_IPN_RESPONSE = {
  confirmed: { RspCode: '00', Message: 'Confirm Success' },
  orderNotFound: { RspCode: '01', Message: 'Order not found' },
  alreadyConfirmed: { RspCode: '02', Message: 'Order already confirmed' },
  invalidAmount: { RspCode: '04', Message: 'Invalid amount' },
  invalidSignature: { RspCode: '97', Message: 'Invalid Checksum' },
  unknownError: { RspCode: '99', Message: 'Unknown error' },
} as const;

export type VnpayLocale = 'vn' | 'en';

export interface VnpayPaymentInput {
  tmnCode: string;
  hashSecret: string;
  /** The pay page, e.g. VNPAY_SANDBOX_PAY_URL. */
  baseUrl: string;
  /** Whole VND; sent as vnp_Amount = amount × 100. */
  amount: number;
  txnRef: string;
  orderInfo: string;
  /** VNPAY's goods category code, e.g. 'other', 'billpayment'. */
  orderType: string;
  locale: VnpayLocale;
  returnUrl: string;
  ipAddr: string;
  /** A Date (formatted in GMT+7) or yyyyMMddHHmmss already in GMT+7. */
  createDate: Date | string;
  expireDate: Date | string;
  /** VNPAYQR, VNBANK, INTCARD or a bank code; absent lets the customer choose at VNPAY. */
  bankCode?: string;
}

export interface VnpayResult {
  tmnCode: string;
  txnRef: string;
  /** Whole VND (vnp_Amount / 100). */
  amount: number;
  orderInfo: string;
  responseCode: string;
  transactionStatus: string;
  transactionNo: string;
  bankCode: string;
  bankTranNo: string;
  cardType: string;
  payDate: string;
  /** vnp_ResponseCode and vnp_TransactionStatus both '00': the money was taken. */
  paid: boolean;
}

export type VnpayReturnVerification =
  | ({ valid: true } & VnpayResult)
  | { valid: false; reason: 'missing-hash' | 'bad-hash' | 'malformed' | 'terminal-mismatch' };

const GMT7_OFFSET_MS = 7 * 60 * 60 * 1000;
const VNPAY_DATE = /^\d{14}$/;
// Characters every official encoder turns into the same bytes (see the file comment).
const ORDER_INFO = /^[A-Za-z0-9 .,:\-_/]+$/;

/** yyyyMMddHHmmss in GMT+7 (Vietnam keeps no daylight saving, so the offset is fixed). */
export function formatVnpayDate(date: Date): string {
  const t = new Date(date.getTime() + GMT7_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    String(t.getUTCFullYear()).padStart(4, '0') +
    pad(t.getUTCMonth() + 1) +
    pad(t.getUTCDate()) +
    pad(t.getUTCHours()) +
    pad(t.getUTCMinutes()) +
    pad(t.getUTCSeconds())
  );
}

/** application/x-www-form-urlencoded: keeps A-Z a-z 0-9 * - . _, space → '+', the rest %XX of UTF-8. */
export function vnpayEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** The checksum input: non-empty parameters sorted by name, `name=value` encoded, joined with '&'. */
export function vnpaySignData(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((name) => params[name] !== '')
    .sort()
    .map((name) => `${vnpayEncode(name)}=${vnpayEncode(params[name] ?? '')}`)
    .join('&');
}

function dateParam(field: string, value: Date | string): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw invalidField(field, 'Must be a valid date.');
    return formatVnpayDate(value);
  }
  requirePattern(field, value, VNPAY_DATE, 'Must be yyyyMMddHHmmss (GMT+7).');
  return value;
}

/** vnp_OrderInfo: NFC, then without diacritics (VNPAY's rule), one line, no other special characters. */
export function vnpayOrderInfo(text: string): string {
  const info = collapseWhitespace(removeDiacritics(toNfc(text)));
  requireText('orderInfo', info, 1, 255);
  requirePattern('orderInfo', info, ORDER_INFO, 'Only letters, digits, spaces and . , : - _ / are allowed.');
  return info;
}

export function buildPaymentUrl(input: VnpayPaymentInput): string {
  requirePattern(
    'tmnCode',
    input.tmnCode,
    /^[A-Za-z0-9]{8}$/,
    'Must be the 8-character VNPAY terminal code.',
  );
  if (input.hashSecret === '') throw invalidField('hashSecret', 'The VNPAY hash secret is not set.');
  requireHttpUrl('baseUrl', input.baseUrl);
  if (input.baseUrl.includes('?') || input.baseUrl.includes('#')) {
    throw invalidField('baseUrl', 'Must be the pay page URL without a query.');
  }
  requireWholeAmount('amount', input.amount, 1, VNPAY_MAX_AMOUNT);
  requirePattern(
    'txnRef',
    input.txnRef,
    /^[A-Za-z0-9_.-]{1,100}$/,
    'Only letters, digits and - _ . (1-100).',
  );
  requirePattern('orderType', input.orderType, /^[A-Za-z0-9_]{1,100}$/, 'Must be a VNPAY category code.');
  if (input.locale !== 'vn' && input.locale !== 'en') throw invalidField('locale', "Must be 'vn' or 'en'.");
  const returnUrl = toNfc(input.returnUrl);
  requireText('returnUrl', returnUrl, 10, 255);
  requireHttpUrl('returnUrl', returnUrl);
  requirePattern('ipAddr', input.ipAddr, /^[0-9A-Fa-f:.]{7,45}$/, 'Must be an IPv4 or IPv6 address.');
  const bankCode = input.bankCode ?? '';
  if (bankCode !== '') {
    requirePattern('bankCode', bankCode, /^[A-Za-z0-9]{3,20}$/, 'Must be 3-20 letters or digits.');
  }
  const createDate = dateParam('createDate', input.createDate);
  const expireDate = dateParam('expireDate', input.expireDate);
  if (expireDate <= createDate) throw invalidField('expireDate', 'Must be after the create date.');

  const params: Record<string, string> = {
    vnp_Version: VNPAY_VERSION,
    vnp_Command: 'pay',
    vnp_TmnCode: input.tmnCode,
    vnp_Amount: String(input.amount * 100),
    vnp_CreateDate: createDate,
    vnp_CurrCode: 'VND',
    vnp_IpAddr: input.ipAddr,
    vnp_Locale: input.locale,
    vnp_OrderInfo: vnpayOrderInfo(input.orderInfo),
    vnp_OrderType: input.orderType,
    vnp_ReturnUrl: returnUrl,
    vnp_TxnRef: input.txnRef,
    vnp_ExpireDate: expireDate,
    ...(bankCode === '' ? {} : { vnp_BankCode: bankCode }),
  };
  const signData = vnpaySignData(params);
  return `${input.baseUrl}?${signData}&vnp_SecureHash=${hmacSha512Hex(input.hashSecret, signData)}`;
}

/**
 * Verifies the parameters VNPAY appends to the return URL or sends to the IPN URL (already decoded, e.g. by
 * the API's query-string parser). Only vnp_ parameters are signed by VNPAY; others are ignored. When
 * `tmnCode` is given, a valid result for another terminal is refused. Amount, order and idempotency checks
 * against the sale belong to the caller (VNPAY_IPN_RESPONSE has the answers).
 */
export function verifyReturn(
  query: Readonly<Record<string, unknown>>,
  hashSecret: string,
  options: { tmnCode?: string } = {},
): VnpayReturnVerification {
  const secureHash = query.vnp_SecureHash;
  if (typeof secureHash !== 'string' || secureHash === '') return { valid: false, reason: 'missing-hash' };

  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith('vnp_') || name === 'vnp_SecureHash' || name === 'vnp_SecureHashType') continue;
    if (typeof value !== 'string') return { valid: false, reason: 'malformed' };
    params[name] = value;
  }
  if (!timingSafeEqualHex(hmacSha512Hex(hashSecret, vnpaySignData(params)), secureHash)) {
    return { valid: false, reason: 'bad-hash' };
  }

  const rawAmount = params.vnp_Amount ?? '';
  if (!/^\d{1,15}$/.test(rawAmount) || Number(rawAmount) % 100 !== 0)
    return { valid: false, reason: 'malformed' };
  const tmnCode = params.vnp_TmnCode ?? '';
  if (options.tmnCode !== undefined && tmnCode !== options.tmnCode) {
    return { valid: false, reason: 'terminal-mismatch' };
  }
  const responseCode = params.vnp_ResponseCode ?? '';
  const transactionStatus = params.vnp_TransactionStatus ?? '';
  return {
    valid: true,
    tmnCode,
    txnRef: params.vnp_TxnRef ?? '',
    amount: Number(rawAmount) / 100,
    orderInfo: params.vnp_OrderInfo ?? '',
    responseCode,
    transactionStatus,
    transactionNo: params.vnp_TransactionNo ?? '',
    bankCode: params.vnp_BankCode ?? '',
    bankTranNo: params.vnp_BankTranNo ?? '',
    cardType: params.vnp_CardType ?? '',
    payDate: params.vnp_PayDate ?? '',
    paid: responseCode === '00' && transactionStatus === '00',
  };
}
