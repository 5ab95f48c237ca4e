import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashSecret, safeEqual, verifySecret, warmPasswordHashing } from './passwords';

async function elapsed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe('password hashing', () => {
  it('hashes with argon2id, m=19456 KiB, t=2, p=1 and a fresh salt each time', async () => {
    const first = await hashSecret('correct horse');
    const second = await hashSecret('correct horse');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(parseOptions(first)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('verifies the right secret and refuses a wrong one', async () => {
    const stored = await hashSecret('1234');
    expect(await verifySecret(stored, '1234')).toBe(true);
    expect(await verifySecret(stored, '1235')).toBe(false);
  });

  it('refuses a missing or malformed hash without throwing', async () => {
    expect(await verifySecret(null, 'anything')).toBe(false);
    expect(await verifySecret(undefined, 'anything')).toBe(false);
    expect(await verifySecret('not-a-hash', 'anything')).toBe(false);
  });

  it('spends an argon2 verification on unknown users too, so timing does not reveal usernames', async () => {
    await warmPasswordHashing();
    const stored = await hashSecret('secret-password');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await elapsed(() => verifySecret(stored, 'wrong-password')));
      unknown.push(await elapsed(() => verifySecret(null, 'wrong-password')));
    }
    // Loose bounds: the point is "same order of work", not a benchmark.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    expect(median(unknown)).toBeLessThan(median(known) * 2.5);
  });

  it('compares strings in constant time, length mismatches included', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
