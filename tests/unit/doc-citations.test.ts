/**
 * Code comments cite the project's own documents (docs/), never the product design, the specification files or
 * issue numbers, which live outside the repository. scripts/cite-docs.ts rewrote the old citations and shares
 * its patterns with this test; each docs page names what it restates in its "Sources" line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  citingFiles,
  commentRanges,
  DOCS_LINK,
  headingAnchor,
  outsideCitations,
} from '../../scripts/cite-docs';

const root = join(import.meta.dirname, '..', '..');
const files = citingFiles(root);

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(join(root, page), 'utf8');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => headingAnchor(m[1] ?? '')));
}

describe('comments cite docs/', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('src/domain/order-editing.ts');
  });

  it('no comment cites design.md, a specification section or an issue number', () => {
    const found = files.flatMap((file) =>
      outsideCitations(file, readFileSync(join(root, file), 'utf8')).map(
        ({ line, text }) => `${file}:${line}: ${text}`,
      ),
    );
    expect(found).toEqual([]);
  }, 120_000);

  it('every docs page and section a comment cites exists', () => {
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const file of files) {
      const source = readFileSync(join(root, file), 'utf8');
      if (!source.includes('docs/')) continue;
      for (const [pos, end] of commentRanges(file, source)) {
        for (const [link] of source.slice(pos, end).matchAll(DOCS_LINK)) {
          const [page = '', anchor] = link.split('#');
          if (!existsSync(join(root, page))) {
            broken.push(`${file}: ${link}`);
            continue;
          }
          if (anchor === undefined) continue;
          if (!anchors.has(page)) anchors.set(page, anchorsOf(page));
          if (!anchors.get(page)?.has(anchor)) broken.push(`${file}: ${link}`);
        }
      }
    }
    expect(broken).toEqual([]);
  }, 120_000);
});
