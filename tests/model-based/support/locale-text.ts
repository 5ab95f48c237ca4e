/**
 * The app's own translations (locales/<lng>/<ns>.json), read by the tests so that every expectation on a screen's
 * words comes from the file the screen reads, in its language, never typed again in English. Read from disk
 * rather than imported: the JSON files are not part of the tests' TypeScript project.
 *
 *   const vi = localeText('vi');
 *   vi('sale.actions.pay', { amount: '35,00 US$' })   // "Thanh toán 35,00 US$"
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');

type Tree = { [key: string]: string | Tree };

export type LocaleText = (key: string, values?: Record<string, string | number>) => string;

/** A lookup of dotted keys in one language and namespace, with i18next's {{name}} interpolation. */
export function localeText(language: string, namespace = 'common'): LocaleText {
  const tree = JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')) as Tree;
  return (key, values = {}) => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`No text ${language}/${namespace}:${key}`);
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}
