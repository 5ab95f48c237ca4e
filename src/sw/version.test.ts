import { describe, expect, it } from 'vitest';
import { fnv1a, workerVersion } from './version';

describe('workerVersion', () => {
  const entries = [
    { url: 'index.html', revision: 'aaa' },
    { url: 'assets/index-1.js', revision: null },
  ];

  it('is the app version plus a hash of the precache list', () => {
    expect(workerVersion('0.1.0', entries)).toMatch(/^0\.1\.0\+[0-9a-f]{8}$/);
  });

  it('is the same for the same files in any order, and changes when one file changes', () => {
    const same = workerVersion('0.1.0', [...entries].reverse());
    expect(same).toBe(workerVersion('0.1.0', entries));
    expect(workerVersion('0.1.0', [{ url: 'index.html', revision: 'bbb' }, entries[1]!])).not.toBe(same);
    expect(workerVersion('0.1.0', [...entries, 'extra.js'])).not.toBe(same);
  });
});

describe('fnv1a', () => {
  it('matches the reference values', () => {
    expect(fnv1a('')).toBe('811c9dc5');
    expect(fnv1a('a')).toBe('e40c292c');
    expect(fnv1a('foobar')).toBe('bf9cf968');
  });
});
