/**
 * Password and PIN hashing (docs/security.md#passwords-and-pins): argon2id, m = 19456 KiB, t = 2, p = 1
 * (OWASP's first recommended argon2id setting; about 10 ms here). The PHC string stores its own parameters,
 * so raising them later leaves old hashes verifiable.
 *
 * PINs use the same hash; their owner is found first through users.pin_lookup (an HMAC keyed by the
 * tenant's pin_secret, see pinLookup in db/schema/users.ts), then pin_hash is verified like a password.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Algorithm, Options } from '@node-rs/argon2';

/** argon2id (`Algorithm.Argon2id` is an ambient const enum, unusable under isolatedModules). */
const ARGON2ID = 2 as Algorithm;

export const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashSecret(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of nothing anyone knows, made once per process. Verifying against it when the account does not
 * exist (or has no password or PIN) costs the same as a real verification, so the response time does not
 * tell an attacker whether a username exists.
 */
function dummy(): Promise<string> {
  dummyHash ??= hashSecret(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/**
 * True when `plain` matches `stored`. With `stored` null (unknown user, no password set) it still runs one
 * argon2 verification against the dummy hash and answers false. A malformed stored hash is a mismatch,
 * never an error the caller could tell apart.
 */
export async function verifySecret(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    await verify(await dummy(), plain).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    await verify(await dummy(), plain).catch(() => false);
    return false;
  }
}

/** Warms the dummy hash so the first unknown-user login is not slower than the rest. */
export async function warmPasswordHashing(): Promise<void> {
  await dummy();
}

/** Constant-time comparison of two strings (HMACs, signatures). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
