/**
 * The translations are complete and real ("Real translations, not English copies: a test fails
 * when a key is missing in any language"): every language has every key of English in both namespaces, no
 * empty text, the same {{placeholders}}, and no text left as the English copy except a short list of words
 * that are the same everywhere. And every key the code names literally exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/constants';
import { LANGUAGE_NAMES, NAMESPACES } from '../../src/client/lib/i18n';

const ROOT = path.resolve(__dirname, '../..');
const LOCALES = path.join(ROOT, 'locales');

/**
 * Every namespace English has: the two the shell loads at start (NAMESPACES) and those a lazy screen loads
 * when it opens (a back-office screen's `admin` and `admin-<resource>`, src/client/features/back-office).
 */
const ALL_NAMESPACES = [
  ...new Set([
    ...NAMESPACES,
    ...readdirSync(path.join(LOCALES, 'en'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length)),
  ]),
];

/** Texts allowed to equal English: brand and product names, and abbreviations every language keeps. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Salon POS',
  'POS',
  'SMS',
  'OK',
  'PIN',
  'Email',
  // Payment providers' names, and each language's name as its speakers write it (a language picker).
  'MoMo',
  'VietQR',
  'VNPAY',
  ...Object.values(LANGUAGE_NAMES),
]);
/** Words one language writes exactly as English does ("Ticket": what a Spanish-speaking salon calls a sale). */
const SAME_AS_ENGLISH_IN: Readonly<Record<string, ReadonlySet<string>>> = {
  es: new Set(['General', 'No', 'Total', 'Ticket']),
};

type Tree = { [key: string]: string | Tree };

function read(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of flatten(value, name)) out.set(k, v);
    } else {
      out.set(name, value);
    }
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1] ?? '').sort();
}

const english = Object.fromEntries(ALL_NAMESPACES.map((ns) => [ns, flatten(read('en', ns))]));

describe('locales', () => {
  it('has a folder per language of the spec and a file per namespace, nothing else', () => {
    const folders = readdirSync(LOCALES).filter((f) => statSync(path.join(LOCALES, f)).isDirectory());
    expect(folders.sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(readdirSync(path.join(LOCALES, language)).sort()).toEqual(
        ALL_NAMESPACES.map((ns) => `${ns}.json`).sort(),
      );
    }
  });

  for (const namespace of ALL_NAMESPACES) {
    for (const language of LANGUAGES) {
      it(`${language}/${namespace}.json has exactly the English keys, each a real translation`, () => {
        const en = english[namespace] as Map<string, unknown>;
        const other = flatten(read(language, namespace));
        expect(
          [...other.keys()].filter((k) => !en.has(k)),
          'keys English does not have',
        ).toEqual([]);
        expect(
          [...en.keys()].filter((k) => !other.has(k)),
          'missing keys',
        ).toEqual([]);
        const problems: string[] = [];
        for (const [key, enText] of en) {
          const text = other.get(key);
          if (typeof text !== 'string' || text.trim() === '') {
            problems.push(`${key}: empty or not text`);
            continue;
          }
          if (placeholders(text).join() !== placeholders(String(enText)).join()) {
            problems.push(`${key}: placeholders differ from English`);
          }
          if (
            language !== 'en' &&
            text === enText &&
            // Only placeholders and signs ("{{value}} %"): nothing in it to translate.
            /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, '')) &&
            !SAME_IN_EVERY_LANGUAGE.has(text) &&
            !SAME_AS_ENGLISH_IN[language]?.has(text)
          ) {
            problems.push(`${key}: left in English ("${text}")`);
          }
        }
        expect(problems).toEqual([]);
      });
    }
  }

  it('has every translation key the code names literally', () => {
    const sources = [...walk(path.join(ROOT, 'src', 'client')), ...walk(path.join(ROOT, 'machines'))].filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    const used = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      // t('key') / t("key"), i18nKey="key", and error codes (`code: 'auth.errors.x'`) shown through t().
      for (const m of text.matchAll(/\bt\(\s*['"]([A-Za-z][\w-]*(?:\.[\w-]+)+)['"]/g))
        used.add(m[1] as string);
      for (const m of text.matchAll(/i18nKey=['"]([A-Za-z][\w-]*(?:\.[\w-]+)+)['"]/g))
        used.add(m[1] as string);
      for (const m of text.matchAll(/\bcode:\s*['"]([a-z][\w-]*(?:\.[\w-]+)+)['"]/g))
        used.add(m[1] as string);
    }
    // A key used with a count exists as its plural forms (key_one, key_other).
    const known = (key: string) =>
      ALL_NAMESPACES.some((ns) => english[ns]?.has(key) || english[ns]?.has(`${key}_other`));
    expect([...used].filter((key) => !known(key)).sort()).toEqual([]);
  });
});

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}
