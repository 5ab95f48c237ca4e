import { describe, expect, it } from 'vitest';
import { commentRanges, headingAnchor, outsideCitations, rewriteComment, rewriteSource } from './cite-docs';

describe('cite-docs', () => {
  it('maps a design section to its docs page', () => {
    expect(rewriteComment('/** Amounts in minor units (design.md §4). */')).toBe(
      '/** Amounts in minor units (docs/money.md). */',
    );
  });

  it('refines a section by the words around it', () => {
    expect(
      rewriteComment('// Purged at start (000 §4 "Requests older than the maximum age are purged").'),
    ).toBe(
      '// Purged at start (docs/offline.md#the-queue "Requests older than the maximum age are purged").',
    );
    expect(rewriteComment('// A voided sale may go to Trash (000 §4 sale status values).')).toBe(
      '// A voided sale may go to Trash (docs/sales.md#sale-status sale status values).',
    );
  });

  it('gives a bare § the document named before it, and cites a page once', () => {
    expect(rewriteComment('// The language (000 §1; §1).')).toBe(
      '// The language (docs/platform.md#languages).',
    );
    expect(rewriteComment('// Totals (design.md §4 step 9, §5 recompute).')).toBe(
      '// Totals (docs/money.md step 9, docs/api.md#the-server-recomputes recompute).',
    );
  });

  it('leaves a § after one of our own documents or an RFC alone', () => {
    expect(rewriteComment('// See docs/money.md §11 and RFC 8030 §7.3 (design.md §4).')).toBe(
      '// See docs/money.md §11 and RFC 8030 §7.3 (docs/money.md).',
    );
  });

  it('drops issue references with their separators', () => {
    expect(rewriteComment('/** The receipt (issue 4 item 5; ADR 007): printed. */')).toBe(
      '/** The receipt (ADR 007): printed. */',
    );
    expect(rewriteComment('/** The pad (issue 4 item 4): digits. */')).toBe('/** The pad: digits. */');
    expect(rewriteComment('// Hashes (design.md §8, issue 3): argon2id.')).toBe(
      '// Hashes (docs/security.md#passwords-and-pins): argon2id.',
    );
    expect(rewriteComment('// Fast (issue 4 "Speed": tap → total ≤ 50 ms).')).toBe(
      '// Fast (target: tap → total ≤ 50 ms).',
    );
  });

  it('carries a line made too long over to the next line of its paragraph', () => {
    const before = [
      '/**',
      ` * ${'word '.repeat(19)}the rule (000 §7 "Sales management") and`,
      ' * the rest.',
      ' */',
    ].join('\n');
    const after = rewriteComment(before);
    expect(after.split('\n').every((line) => line.length <= 110)).toBe(true);
    expect(after.replace(/\s+\*\s*/g, ' ')).toContain(
      'docs/sales.md#sale-management "Sales management") and the rest.',
    );
  });

  it('touches comments only, and a second run changes nothing', () => {
    const source = [
      "const spec = 'design.md §5'; // envelope (design.md §5)",
      'const t = `000 §4 ${spec}`; /* 000 §4 "Trash" */',
      '',
    ].join('\n');
    const once = rewriteSource('a.ts', source);
    expect(once).toBe(
      [
        "const spec = 'design.md §5'; // envelope (docs/api.md#the-envelope)",
        'const t = `000 §4 ${spec}`; /* docs/sales.md#sale-status "Trash" */',
        '',
      ].join('\n'),
    );
    expect(rewriteSource('a.ts', once)).toBe(once);
    expect(outsideCitations('a.ts', once)).toEqual([]);
  });

  it('finds comments in TSX without reading JSX text as one', () => {
    const source = 'const a = <p>see https://example.com // not a comment</p>; // issue 4\n';
    expect(commentRanges('a.tsx', source).map(([s, e]) => source.slice(s, e))).toEqual(['// issue 4']);
  });

  it("writes a heading's anchor as GitHub does", () => {
    expect(headingAnchor('Screens, layouts and the menu')).toBe('screens-layouts-and-the-menu');
    expect(headingAnchor('Import rules (enforced by `npm run lint`, part of `npm test`)')).toBe(
      'import-rules-enforced-by-npm-run-lint-part-of-npm-test',
    );
  });
});
