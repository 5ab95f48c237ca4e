/**
 * fast-check arbitraries of request bodies a client should never send (wrong types, huge and negative numbers,
 * more than 2 decimals, unicode, missing and extra fields), for the fuzz test of every write route:
 *
 *   fuzzBody(sample)   mostly the route's sample body with one or a few of its fields broken (so most
 *                      requests get past the schema's first refusal and reach the rules behind it), else
 *                      extra fields, nested junk, an array or a scalar instead of the object.
 *
 * Money-shaped numbers get the values that break money code: negatives, -0, fractions with more than 2
 * decimals (1.005, 0.1 + 0.2), amounts just past the contract bounds, 2^31, 2^53 ± 1, 1e21, 1e308.
 * Strings: empty, whitespace, NUL bytes, lone surrogates, RTL text and override marks, emoji sequences,
 * combining marks, full-width and Arabic-Indic digits, number-like text, card numbers, 100 000 characters.
 */
import fc from 'fast-check';

/** 1e12 is the contracts' MAX_AMOUNT (contracts/sales.ts, contracts/payments.ts). */
const MAX_AMOUNT = 1_000_000_000_000;

export const junkNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.5,
    1.005,
    0.1 + 0.2,
    12.345,
    99.999,
    100.0000001,
    -0.01,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 53 - 1,
    2 ** 53 + 1,
    -(2 ** 53),
    MAX_AMOUNT,
    MAX_AMOUNT + 1,
    1e15,
    1e21,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: -10_000, max: 10_000, noNaN: true }).map((d) => Math.round(d * 1000) / 1000),
);

const SPECIAL_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'مرحبا بالعالم',
  'שלום עולם',
  '\u202Eevil\u202C',
  '\u200F\u200E\u200B',
  '😀',
  '👩‍👩‍👧‍👦',
  '🇻🇳🇺🇸',
  'Thành công. Tiền đã về',
  'e\u0301\u0301\u0301',
  '１２３４',
  '٣٤٥',
  '1e3',
  '12.345',
  '-1',
  '0x1F',
  'NaN',
  'Infinity',
  'null',
  'true',
  '4111111111111111',
  '4111 1111 1111 1111',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}',
  '../../etc/passwd',
  '%00',
  '\\',
  '"',
  '2024-02-30T25:61:00Z',
  '9999-12-31T23:59:59.999Z',
  '1900-01-01T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
];

export const junkString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SPECIAL_STRINGS),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc
    .constantFrom(1_000, 10_000, 100_000)
    .chain((n) => fc.constantFrom('x', '9', 'é', '😀').map((c) => c.repeat(n))),
);

const junkKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    ' ',
    'id',
    'tenant_id',
    'store_id',
    'total_price',
  ),
  fc.string({ maxLength: 12 }),
);

/** Any JSON value, nested a little. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{
  value: unknown;
  array: unknown[];
  object: unknown;
}>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkNumber,
    junkString,
    fc.boolean(),
    fc.constant(null),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc
    .array(fc.tuple(junkKey, tie('value')), { maxLength: 4 })
    .map((entries) => Object.fromEntries(entries)),
})).value;

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  }
  return [];
}

type Operation = 'replace' | 'delete' | 'wrap' | 'stringify';

interface Edit {
  path: number;
  op: Operation;
  number: number;
  string: string;
  value: unknown;
}

const editArb = (paths: number): fc.Arbitrary<Edit> =>
  fc.record({
    path: fc.nat({ max: Math.max(0, paths - 1) }),
    op: fc.constantFrom<Operation>('replace', 'replace', 'replace', 'delete', 'wrap', 'stringify'),
    number: junkNumber,
    string: junkString,
    value: junkValue,
  });

/** The value at `path` replaced by `next(old)`, or deleted (undefined), in a copy. */
function applyAt(body: unknown, path: Path, next: (old: unknown) => unknown): unknown {
  if (path.length === 0) return next(body);
  if (typeof body !== 'object' || body === null) return body;
  const [head, ...rest] = path as [string | number, ...Path];
  if (!(head in body)) return body;
  const child = applyAt((body as Record<string | number, unknown>)[head], rest, next);
  if (Array.isArray(body)) {
    const copy = [...body];
    if (child === undefined) copy.splice(Number(head), 1);
    else copy[Number(head)] = child;
    return copy;
  }
  const copy = { ...(body as Record<string, unknown>) };
  if (child === undefined) delete copy[String(head)];
  else copy[String(head)] = child;
  return copy;
}

function applyEdit(body: unknown, paths: Path[], edit: Edit): unknown {
  const path = paths[edit.path];
  if (!path) return body;
  return applyAt(body, path, (old) => {
    switch (edit.op) {
      case 'delete':
        return undefined;
      case 'wrap':
        return [old];
      case 'stringify':
        return typeof old === 'string' ? Number(old) : JSON.stringify(old);
      case 'replace':
        // Same type, wrong value, most of the time: a number gets a bad number, a string a bad string.
        return typeof old === 'number' ? edit.number : typeof old === 'string' ? edit.string : edit.value;
    }
  });
}

/** Bodies built from `sample` (see the file comment). */
export function fuzzBody(sample: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(sample);
  const edits = (max: number) =>
    fc
      .array(editArb(paths.length), { minLength: 1, maxLength: max })
      .map((list) => list.reduce((body, edit) => applyEdit(body, paths, edit), sample));
  const extra = fc
    .tuple(fc.nat({ max: paths.length }), junkKey, junkValue)
    .map(([i, key, value]) =>
      applyAt(sample, i === paths.length ? [] : paths[i]!, (old) =>
        typeof old === 'object' && old !== null && !Array.isArray(old) ? { ...old, [key]: value } : old,
      ),
    );
  return fc.oneof(
    ...(paths.length > 0
      ? [
          { arbitrary: edits(1), weight: 5 },
          { arbitrary: edits(4), weight: 3 },
        ]
      : []),
    { arbitrary: extra, weight: 1 },
    { arbitrary: junkValue, weight: 1 },
    { arbitrary: fc.constant([sample, sample]), weight: 1 },
  );
}
