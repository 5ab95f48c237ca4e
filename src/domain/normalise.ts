/**
 * Normalising phone numbers, codes and workstation codes (docs/money.md and
 * docs/api.md#defaults-and-formats), so a customer found by "(555) 123-4567" is the one saved as
 * "555-123-4567".
 */

/**
 * Strips dashes, whitespace and parentheses, and nothing else (docs/money.md): a leading "+" or an extension
 * stays, because dropping it would merge two different numbers. "(555) 123-4567" → "5551234567".
 */
export function normalisePhone(phone: string): string {
  return phone.replace(/[-\s()]/g, '');
}

/**
 * Strips every character that is not an ASCII letter, digit or dash (docs/money.md). Case is kept: whether a
 * code is case-sensitive is the lookup's business. " GIFT-00 12!" → "GIFT-0012".
 */
export function normaliseCode(code: string): string {
  return code.replace(/[^A-Za-z0-9-]/g, '');
}

/**
 * Upper-case tenant, then store code left-padded with '0' to 4, then workstation left-padded with '0' to 2
 * (docs/api.md#defaults-and-formats): ('acme', 7, 3) → 'ACME000703'. Our reading: the tenant is trimmed; a
 * store code or workstation longer than its width is kept whole (padding never truncates: a cut code would
 * name another store).
 */
export function workstationCode(
  tenant: string,
  storeCode: string | number,
  workstation: string | number,
): string {
  return `${tenant.trim().toUpperCase()}${String(storeCode).trim().padStart(4, '0')}${String(workstation).trim().padStart(2, '0')}`;
}
