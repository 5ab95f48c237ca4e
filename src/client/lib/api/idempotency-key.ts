/**
 * Idempotency keys (docs/api.md#writes-and-idempotency, ADR 005): one per INTENT, made when the intent is
 * created (the cashier presses Complete, a manager confirms a refund) and passed again on every retry and
 * offline replay of that intent, so the server answers the repeat with the first answer instead of doing the
 * work twice.
 *
 * Trap: crypto.randomUUID exists only in secure contexts, and a till on the salon's LAN opens the app over
 * plain http://192.168.x.x (README: HOST=0.0.0.0). getRandomValues works everywhere, so the UUID v4 is built
 * from it.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  // RFC 9562 §5.4: version 4, variant 10xx.
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
