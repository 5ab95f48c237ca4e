import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { LANGUAGES } from '../../../domain/constants';
import { ApiError } from './api-error';
import { codeMessageKey, ERROR_MESSAGE_KEY, errorMessageKey, UNREACHED_MESSAGE_KEY } from './error-messages';

type Tree = { [key: string]: string | Tree };

function lookup(language: string, key: string): unknown {
  const file = path.resolve(__dirname, '../../../../locales', language, 'common.json');
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  return key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

describe('error messages', () => {
  it('gives every code a key with a text in every language', () => {
    const keys = [...Object.values(ERROR_MESSAGE_KEY), ...Object.values(UNREACHED_MESSAGE_KEY)];
    const missing = LANGUAGES.flatMap((language) =>
      keys.filter((key) => typeof lookup(language, key) !== 'string').map((key) => `${language}: ${key}`),
    );
    expect(missing).toEqual([]);
    expect(Object.keys(ERROR_MESSAGE_KEY).sort()).toEqual(Object.values(ERROR_CODE).sort());
  });

  it("reads the code of an ApiError or its plain copy, never the server's English", () => {
    const refused = new ApiError({
      status: 409,
      code: ERROR_CODE.SALE_VOIDED,
      message: 'A voided sale cannot be changed.',
    });
    expect(errorMessageKey(refused)).toBe('sale_status.voided');
    expect(errorMessageKey(refused.toJSON())).toBe('sale_status.voided');
    const sameTextOtherCode = new ApiError({ status: 409, message: 'A voided sale cannot be changed.' });
    expect(errorMessageKey(sameTextOtherCode)).toBe('api.errors.unexpected');
    expect(errorMessageKey({ code: ERROR_CODE.IN_USE })).toBe('apiError.in_use');
  });

  it('says a failure that never reached the server by its kind', () => {
    expect(errorMessageKey(new ApiError({ status: 0, kind: 'network', message: 'x' }))).toBe(
      'api.errors.network',
    );
    expect(errorMessageKey(new ApiError({ status: 0, kind: 'timeout', message: 'x' }))).toBe(
      'api.errors.timeout',
    );
    expect(errorMessageKey({ code: 'from_a_newer_server' })).toBe('api.errors.unexpected');
    expect(errorMessageKey(null)).toBe('api.errors.unexpected');
  });

  it("gives a code's key, and none for a code this build does not know", () => {
    expect(codeMessageKey(ERROR_CODE.SALE_VOIDED)).toBe('sale_status.voided');
    expect(codeMessageKey(ERROR_CODE.IN_USE)).toBe('apiError.in_use');
    expect(codeMessageKey('from_a_newer_server')).toBeNull();
    expect(codeMessageKey('toString')).toBeNull();
  });
});
