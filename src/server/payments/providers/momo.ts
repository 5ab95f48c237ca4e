/**
 * WHY this file: the MoMo e-wallet (PAYMENT_TYPE.MOMO = 9, docs/sales.md#payments) is paid through MoMo's
 * payment gateway API v2. Every request carries `signature` = HMAC-SHA256(secretKey, rawSignature), and MoMo
 * signs its result notification (IPN) the same way; the raw string is `key=value` pairs joined with '&' in
 * the fixed field order MoMo documents for each call (the names sorted a→z), values as they are: NOT
 * URL-encoded, `amount` as its decimal digits. Sources:
 * - create, requestType captureWallet: https://developers.momo.vn/v3/docs/payment/api/wallet/onetime
 *   "accessKey=$accessKey&amount=$amount&extraData=$extraData&ipnUrl=$ipnUrl&orderId=$orderId
 *   &orderInfo=$orderInfo&partnerCode=$partnerCode&redirectUrl=$redirectUrl&requestId=$requestId
 *   &requestType=$requestType", the order of MoMo's own Node sample (github.com/momo-wallet/payment,
 *   nodejs/MoMo.js);
 * - IPN and redirect result: https://developers.momo.vn/v3/docs/payment/api/result-handling/notification
 *   "accessKey, amount, extraData, message, orderId, orderInfo, orderType, partnerCode, payType, requestId,
 *   responseTime, resultCode, transId";
 * - query status: https://developers.momo.vn/v3/docs/payment/api/payment-api/query
 *   "accessKey=$accessKey&orderId=$orderId&partnerCode=$partnerCode&requestId=$requestId";
 * - confirm (capture or cancel an authorised payment, resultCode 9000):
 *   https://developers.momo.vn/v3/docs/payment/api/payment-api/confirm
 *   "accessKey=$accessKey&amount=$amount&description=$description&orderId=$orderId
 *   &partnerCode=$partnerCode&requestId=$requestId&requestType=$requestType";
 * - result codes: https://developers.momo.vn/v3/docs/payment/api/result-handling/resultcode
 * The keys (partner code, access key, secret key) live in the store settings and are passed in by the route.
 * Text we send is normalised to NFC before it is both signed and put in the body (see vietnamese-text.ts);
 * text MoMo sends is verified byte for byte as received, since MoMo signed those bytes.
 */
import { hmacSha256Hex, timingSafeEqualHex } from './hmac';
import {
  invalidField,
  requireHttpUrl,
  requirePattern,
  requireText,
  requireWholeAmount,
} from './provider-input';
import { toNfc } from './vietnamese-text';

export const MOMO_HOSTS = {
  sandbox: 'https://test-payment.momo.vn',
  production: 'https://payment.momo.vn',
} as const;

export const MOMO_PATHS = {
  create: '/v2/gateway/api/create',
  query: '/v2/gateway/api/query',
  confirm: '/v2/gateway/api/confirm',
} as const;

/** captureWallet limits from the one-time payment page: "Min: 1.000 VND Max: 50.000.000 VND". */
export const MOMO_MIN_AMOUNT = 1_000;
export const MOMO_MAX_AMOUNT = 50_000_000;

// MoMo's documented orderId regex is ^[0-9a-zA-Z]([-_.]*[0-9a-zA-Z]+)*$; its nested quantifier backtracks
// exponentially on a near miss, so this is the same language written without the ambiguity.
const ORDER_ID = /^[0-9a-zA-Z]+(?:[-_.]+[0-9a-zA-Z]+)*$/;

export type MomoLang = 'vi' | 'en';

export interface MomoKeys {
  partnerCode: string;
  accessKey: string;
  secretKey: string;
}

export interface MomoCreateInput extends MomoKeys {
  requestId: string;
  orderId: string;
  /** Whole VND. */
  amount: number;
  orderInfo: string;
  redirectUrl: string;
  ipnUrl: string;
  /** Base64 of a JSON object, or '' (MoMo's default). */
  extraData?: string;
  requestType?: 'captureWallet';
  lang?: MomoLang;
  /** false: MoMo only authorises (resultCode 9000) and waits for a confirm `capture`. Not signed. */
  autoCapture?: boolean;
}

export interface MomoCreateRequest {
  partnerCode: string;
  requestId: string;
  amount: number;
  orderId: string;
  orderInfo: string;
  redirectUrl: string;
  ipnUrl: string;
  requestType: 'captureWallet';
  extraData: string;
  lang: MomoLang;
  autoCapture?: boolean;
  signature: string;
}

export interface MomoQueryStatusInput extends MomoKeys {
  requestId: string;
  orderId: string;
  lang?: MomoLang;
}

export interface MomoQueryStatusRequest {
  partnerCode: string;
  requestId: string;
  orderId: string;
  lang: MomoLang;
  signature: string;
}

export interface MomoConfirmInput extends MomoKeys {
  requestId: string;
  orderId: string;
  /** The authorised amount, whole VND. */
  amount: number;
  requestType: 'capture' | 'cancel';
  description?: string;
  lang?: MomoLang;
}

export interface MomoConfirmRequest {
  partnerCode: string;
  requestId: string;
  orderId: string;
  requestType: 'capture' | 'cancel';
  amount: number;
  lang: MomoLang;
  description: string;
  signature: string;
}

/** What a MoMo result code means for the sale: only `paid` is money received. */
export type MomoPaymentState = 'paid' | 'authorized' | 'pending' | 'failed';

export interface MomoResult {
  partnerCode: string;
  orderId: string;
  requestId: string;
  amount: number;
  orderInfo: string;
  orderType: string;
  /** MoMo's transaction id (a Long), kept as text so no digit is lost. */
  transId: string;
  resultCode: number;
  message: string;
  payType: string;
  responseTime: number;
  extraData: string;
  state: MomoPaymentState;
}

export type MomoIpnVerification =
  | ({ valid: true } & MomoResult)
  | { valid: false; reason: 'missing-signature' | 'bad-signature' | 'malformed' | 'partner-mismatch' };

type RawPairs = ReadonlyArray<readonly [name: string, value: string | number]>;

function rawSignature(pairs: RawPairs): string {
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

function requireKeys(keys: MomoKeys): void {
  requireText('partnerCode', keys.partnerCode, 1, 50);
  if (keys.accessKey === '') throw invalidField('accessKey', 'The MoMo access key is not set.');
  if (keys.secretKey === '') throw invalidField('secretKey', 'The MoMo secret key is not set.');
}

function requireOrderId(orderId: string): void {
  requireText('orderId', orderId, 1, 200);
  requirePattern('orderId', orderId, ORDER_ID, 'Only letters, digits and - _ . between them.');
}

export function buildCreateRequest(input: MomoCreateInput): MomoCreateRequest {
  const partnerCode = toNfc(input.partnerCode);
  const requestId = toNfc(input.requestId);
  const orderId = toNfc(input.orderId);
  const orderInfo = toNfc(input.orderInfo);
  const redirectUrl = toNfc(input.redirectUrl);
  const ipnUrl = toNfc(input.ipnUrl);
  const extraData = toNfc(input.extraData ?? '');
  const requestType = input.requestType ?? 'captureWallet';
  const lang = input.lang ?? 'vi';

  requireKeys(input);
  requireText('requestId', requestId, 1, 50);
  requireOrderId(orderId);
  requireWholeAmount('amount', input.amount, MOMO_MIN_AMOUNT, MOMO_MAX_AMOUNT);
  requireText('orderInfo', orderInfo, 1, 255);
  requireHttpUrl('redirectUrl', redirectUrl);
  requireHttpUrl('ipnUrl', ipnUrl);

  const raw = rawSignature([
    ['accessKey', input.accessKey],
    ['amount', input.amount],
    ['extraData', extraData],
    ['ipnUrl', ipnUrl],
    ['orderId', orderId],
    ['orderInfo', orderInfo],
    ['partnerCode', partnerCode],
    ['redirectUrl', redirectUrl],
    ['requestId', requestId],
    ['requestType', requestType],
  ]);
  return {
    partnerCode,
    requestId,
    amount: input.amount,
    orderId,
    orderInfo,
    redirectUrl,
    ipnUrl,
    requestType,
    extraData,
    lang,
    ...(input.autoCapture === undefined ? {} : { autoCapture: input.autoCapture }),
    signature: hmacSha256Hex(input.secretKey, raw),
  };
}

export function buildQueryStatusRequest(input: MomoQueryStatusInput): MomoQueryStatusRequest {
  const partnerCode = toNfc(input.partnerCode);
  const requestId = toNfc(input.requestId);
  const orderId = toNfc(input.orderId);
  requireKeys(input);
  requireText('requestId', requestId, 1, 50);
  requireOrderId(orderId);

  const raw = rawSignature([
    ['accessKey', input.accessKey],
    ['orderId', orderId],
    ['partnerCode', partnerCode],
    ['requestId', requestId],
  ]);
  return {
    partnerCode,
    requestId,
    orderId,
    lang: input.lang ?? 'vi',
    signature: hmacSha256Hex(input.secretKey, raw),
  };
}

export function buildConfirmRequest(input: MomoConfirmInput): MomoConfirmRequest {
  const partnerCode = toNfc(input.partnerCode);
  const requestId = toNfc(input.requestId);
  const orderId = toNfc(input.orderId);
  const description = toNfc(input.description ?? '');
  requireKeys(input);
  requireText('requestId', requestId, 1, 50);
  requireOrderId(orderId);
  requireWholeAmount('amount', input.amount, MOMO_MIN_AMOUNT, MOMO_MAX_AMOUNT);
  requireText('description', description, 0, 255);

  const raw = rawSignature([
    ['accessKey', input.accessKey],
    ['amount', input.amount],
    ['description', description],
    ['orderId', orderId],
    ['partnerCode', partnerCode],
    ['requestId', requestId],
    ['requestType', input.requestType],
  ]);
  return {
    partnerCode,
    requestId,
    orderId,
    requestType: input.requestType,
    amount: input.amount,
    lang: input.lang ?? 'vi',
    description,
    signature: hmacSha256Hex(input.secretKey, raw),
  };
}

/**
 * From MoMo's result code table: 0 is final success; 9000 is authorised (autoCapture false: capture or cancel
 * it with the confirm API); 1000, 7000, 7002 and 8000 are still waiting for the customer or the provider;
 * every other code is a refusal or an error, so nothing was taken.
 */
export function momoPaymentState(resultCode: number): MomoPaymentState {
  if (resultCode === 0) return 'paid';
  if (resultCode === 9000) return 'authorized';
  if (resultCode === 1000 || resultCode === 7000 || resultCode === 7002 || resultCode === 8000)
    return 'pending';
  return 'failed';
}

/** The text MoMo signed for a field: JSON numbers print as their digits; an absent field is signed as ''. */
function signedText(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return undefined;
}

const IPN_FIELDS = [
  'amount',
  'extraData',
  'message',
  'orderId',
  'orderInfo',
  'orderType',
  'partnerCode',
  'payType',
  'requestId',
  'responseTime',
  'resultCode',
  'transId',
] as const;

type IpnField = (typeof IPN_FIELDS)[number];

/**
 * Verifies MoMo's result, as POSTed to ipnUrl (JSON) or appended to redirectUrl (query string): both carry
 * the same fields and `signature`. The access key is not in the body (MoMo signs it from its side), so it
 * comes from the store settings with the secret key. When `partnerCode` is given, a valid result for
 * another partner is refused too (MoMo: "match the values for notification PartnerCode, OrderId & Amount
 * with the ones from your database"; the order and amount checks belong to the caller).
 */
export function verifyIpn(
  body: Readonly<Record<string, unknown>>,
  keys: { accessKey: string; secretKey: string; partnerCode?: string },
): MomoIpnVerification {
  const signature = body.signature;
  if (typeof signature !== 'string' || signature === '') return { valid: false, reason: 'missing-signature' };

  const text = {} as Record<IpnField, string>;
  for (const field of IPN_FIELDS) {
    const value = signedText(body[field]);
    if (value === undefined) return { valid: false, reason: 'malformed' };
    text[field] = value;
  }
  const raw = rawSignature([['accessKey', keys.accessKey], ...IPN_FIELDS.map((f) => [f, text[f]] as const)]);
  if (!timingSafeEqualHex(hmacSha256Hex(keys.secretKey, raw), signature)) {
    return { valid: false, reason: 'bad-signature' };
  }

  if (!/^\d+$/.test(text.amount) || !/^-?\d+$/.test(text.resultCode) || !/^\d+$/.test(text.responseTime)) {
    return { valid: false, reason: 'malformed' };
  }
  if (keys.partnerCode !== undefined && text.partnerCode !== keys.partnerCode) {
    return { valid: false, reason: 'partner-mismatch' };
  }
  const resultCode = Number(text.resultCode);
  return {
    valid: true,
    partnerCode: text.partnerCode,
    orderId: text.orderId,
    requestId: text.requestId,
    amount: Number(text.amount),
    orderInfo: text.orderInfo,
    orderType: text.orderType,
    transId: text.transId,
    resultCode,
    message: text.message,
    payType: text.payType,
    responseTime: Number(text.responseTime),
    extraData: text.extraData,
    state: momoPaymentState(resultCode),
  };
}
