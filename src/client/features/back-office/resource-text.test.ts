/**
 * A server's refusal of a name as the screen words it (docs/back-office.md "Errors"): a 409 `duplicate` naming
 * `name` (a customer group's or a membership's name the tenant already has) is that field's problem, in the
 * user's language, never the server's English.
 */
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { toResourceError } from '../../../../machines/resource/resource.rules';
import { LANGUAGES } from '../../../domain/constants';
import { issueText } from './resource-text';

const SERVER_TEXT = 'A membership with this name already exists.';

function adminWords(language: string): { validation: { duplicate: string } } {
  return JSON.parse(
    readFileSync(new URL(`../../../../locales/${language}/admin.json`, import.meta.url), 'utf8'),
  );
}

describe('a duplicate name from the server', () => {
  it.each(LANGUAGES)('is the name field’s problem in %s, in its own words', async (language) => {
    const words = adminWords(language);
    const t = i18next.createInstance();
    await t.init({ lng: language, resources: { [language]: { admin: words } }, ns: ['admin'] });
    const error = toResourceError({
      status: 409,
      code: 'duplicate',
      message: SERVER_TEXT,
      errors: { name: [SERVER_TEXT] },
    });
    const issue = error.fieldErrors?.name?.[0];
    expect(issue?.code).toBe('duplicate');
    const text = issueText(t.t, issue!);
    expect(text).toBe(words.validation.duplicate);
    if (language !== 'en') expect(text).not.toBe(adminWords('en').validation.duplicate);
  });
});
