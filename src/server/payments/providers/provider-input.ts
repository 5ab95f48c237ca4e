/**
 * WHY this file: the provider builders are called by the payments routes with values from the request and
 * the store settings; a value the gateway would refuse (an amount out of range, an order id with a space)
 * is the caller's input error, so it surfaces as the API's 422 with the field named
 * (docs/api.md#status-codes: never a 5xx for bad input) instead of a gateway round trip that fails later.
 */
import type { HttpError } from '../../errors';
import { VALIDATION_MESSAGE, unprocessable } from '../../errors';

export function invalidField(field: string, message: string): HttpError {
  return unprocessable(VALIDATION_MESSAGE, { [field]: [message] });
}

export function requireText(field: string, value: string, min: number, max: number): void {
  if (value.length < min || value.length > max) {
    throw invalidField(
      field,
      min > 0 ? `Must be ${min} to ${max} characters long.` : `Must be at most ${max} characters long.`,
    );
  }
}

export function requirePattern(field: string, value: string, pattern: RegExp, message: string): void {
  if (!pattern.test(value)) throw invalidField(field, message);
}

export function requireWholeAmount(field: string, amount: number, min: number, max: number): void {
  if (!Number.isSafeInteger(amount) || amount < min || amount > max) {
    throw invalidField(field, `Must be a whole number of VND from ${min} to ${max}.`);
  }
}

export function requireHttpUrl(field: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidField(field, 'Must be an absolute http(s) URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidField(field, 'Must be an absolute http(s) URL.');
  }
}
