import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, fromPromise, not, setup } from 'xstate';
import {
  compareDiagrams,
  GENERATED_MARKER,
  openingParagraph,
  renderAll,
  renderMachineDiagram,
} from './diagrams';

const machine = setup({
  types: { events: {} as { type: 'go' } | { type: 'stop' } | { type: 'reset' } },
  guards: { isReady: () => true, isSafe: () => true },
  actors: { fetchThing: fromPromise(async () => 1) },
  delays: { retryDelay: 500 },
}).createMachine({
  id: 'demo',
  initial: 'idle',
  on: { reset: '.idle' },
  states: {
    idle: {
      tags: ['calm'],
      on: { go: [{ guard: and(['isReady', not('isSafe')]), target: 'working' }, { target: 'both' }] },
    },
    working: {
      initial: 'loading',
      states: {
        loading: {
          invoke: { id: 'fetchThing', src: 'fetchThing', onDone: '#demo.finished', onError: 'waiting' },
          on: { stop: undefined },
        },
        waiting: { after: { retryDelay: 'loading' }, always: { guard: 'isReady', target: 'loading' } },
      },
    },
    both: {
      type: 'parallel',
      states: {
        left: { initial: 'a', states: { a: {} } },
        right: { initial: 'b', states: { b: {} } },
      },
    },
    finished: { type: 'final' },
  },
});

const source = { file: 'machines/demo/demo.machine.ts', note: 'A demo chart.', machine };

describe('machine diagrams', () => {
  const text = renderMachineDiagram(source);

  it('writes a marked, titled markdown file with the note and a mermaid stateDiagram-v2', () => {
    expect(text.startsWith(`${GENERATED_MARKER}\n\n# demo\n`)).toBe(true);
    expect(text).toContain('A demo chart.');
    expect(text).toContain('```mermaid\nstateDiagram-v2\n');
  });

  it('draws initial, nested, final and parallel states', () => {
    expect(text).toContain('  [*] --> idle\n');
    expect(text).toContain('  state working {\n    [*] --> working__loading\n');
    expect(text).toContain('  finished --> [*]\n');
    expect(text).toMatch(/state both \{\n\s+state both__left \{[\s\S]*?\}\n\s+--\n\s+state both__right \{/);
  });

  it('labels guards, fallbacks, invoke results, delays and eventless transitions', () => {
    expect(text).toContain('idle --> working: go [and(isReady, not(isSafe))]');
    expect(text).toContain('idle --> both: go [else]');
    expect(text).toContain('working__loading --> finished: done(fetchThing)');
    expect(text).toContain('working__loading --> working__waiting: error(fetchThing)');
    expect(text).toContain('working__waiting --> working__loading: after(retryDelay)');
    expect(text).toContain('working__waiting --> working__loading: always [isReady]');
  });

  it('writes invokes, tags and ignored events inside the state, and root transitions under the diagram', () => {
    expect(text).toContain('working__loading : invokes fetchThing');
    expect(text).toContain('working__loading : ignores stop');
    expect(text).toContain('idle : tags calm');
    expect(text).toContain('- `reset` → idle');
  });

  it('is deterministic', () => {
    expect(renderMachineDiagram(source)).toBe(text);
  });

  it('takes the first paragraph of the opening block comment', () => {
    const file = '/**\n * First line\n * goes on.\n *\n * Second paragraph.\n */\nexport const x = 1;\n';
    expect(openingParagraph(file)).toBe('First line goes on.');
    expect(openingParagraph('export const x = 1;')).toBe('');
  });

  it('names stale, missing and extra generated files, and leaves hand-written ones alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'diagrams-'));
    const expected = renderAll([source]);
    expect(compareDiagrams(expected, dir)).toEqual({ stale: [], missing: ['demo.md'], extra: [] });
    writeFileSync(join(dir, 'demo.md'), 'old');
    writeFileSync(join(dir, 'gone.md'), `${GENERATED_MARKER}\n# gone\n`);
    writeFileSync(join(dir, 'README.md'), '# hand-written\n');
    expect(compareDiagrams(expected, dir)).toEqual({ stale: ['demo.md'], missing: [], extra: ['gone.md'] });
    writeFileSync(join(dir, 'demo.md'), expected.get('demo.md') ?? '');
    expect(compareDiagrams(expected, dir).stale).toEqual([]);
  });

  it('refuses two machines with one id', () => {
    expect(() => renderAll([source, { ...source, file: 'machines/other/other.machine.ts' }])).toThrow(/demo/);
  });
});
