/**
 * WHY this file: MoMo signs its requests and notifications with HMAC-SHA256 and VNPAY with HMAC-SHA512
 * (RFC 2104 HMAC, lowercase hex in both gateways' samples), and a received signature must be compared in
 * constant time, or the time a mismatch takes tells an attacker how many leading bytes were right.
 * The functions are tested against the HMAC-SHA-256 / HMAC-SHA-512 vectors of RFC 4231 §4
 * (https://www.rfc-editor.org/rfc/rfc4231#section-4).
 *
 * A string key or message is taken as its UTF-8 bytes, which is what the gateways' own samples do
 * (`crypto.createHmac('sha256', secretKey)` in MoMo's Node sample, `hash_hmac('sha512', $data, $secret)` in
 * VNPAY's PHP sample).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type HmacInput = string | Uint8Array;

export function hmacSha256Hex(key: HmacInput, message: HmacInput): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

export function hmacSha512Hex(key: HmacInput, message: HmacInput): string {
  return createHmac('sha512', key).update(message).digest('hex');
}

const EVEN_HEX = /^(?:[0-9a-f]{2})+$/;

/**
 * Constant-time equality of two hex digests, case-insensitive (VNPAY's .NET sample prints uppercase).
 * Anything that is not even-length hex, or of another length, is simply unequal: the length of a digest is
 * public, so refusing early on it leaks nothing.
 */
export function timingSafeEqualHex(expected: string, received: string): boolean {
  const a = expected.toLowerCase();
  const b = received.toLowerCase();
  if (a.length !== b.length || !EVEN_HEX.test(a) || !EVEN_HEX.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
