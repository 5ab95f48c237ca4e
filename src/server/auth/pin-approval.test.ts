import { describe, expect, it } from 'vitest';
import { PIN_APPROVAL_TTL_MS, readPinApproval, signPinApproval } from './pin-approval';

const secret = 'a'.repeat(64);
const otherSecret = 'b'.repeat(64);
const now = new Date('2026-05-01T10:00:00Z');
const scope = { tenantId: 7, sessionId: 42 };

function sign(overrides: Partial<Parameters<typeof signPinApproval>[1]> = {}, key = secret): string {
  return signPinApproval(key, {
    tenantId: 7,
    sessionId: 42,
    approverId: 5,
    approverRole: 'manager',
    expiresAt: new Date(now.getTime() + PIN_APPROVAL_TTL_MS),
    ...overrides,
  });
}

describe('PIN approvals', () => {
  it('give back the approver for the session they were issued to, until they expire', () => {
    const token = sign();
    expect(readPinApproval(secret, token, scope, now)).toEqual({ userId: 5, role: 'manager' });
    const justBefore = new Date(now.getTime() + PIN_APPROVAL_TTL_MS - 1);
    expect(readPinApproval(secret, token, scope, justBefore)).not.toBeNull();
    const atExpiry = new Date(now.getTime() + PIN_APPROVAL_TTL_MS);
    expect(readPinApproval(secret, token, scope, atExpiry)).toBeNull();
  });

  it('are refused in another session or another tenant', () => {
    const token = sign();
    expect(readPinApproval(secret, token, { tenantId: 7, sessionId: 43 }, now)).toBeNull();
    expect(readPinApproval(secret, token, { tenantId: 8, sessionId: 42 }, now)).toBeNull();
    expect(readPinApproval(otherSecret, token, scope, now)).toBeNull();
  });

  it('are refused when any byte of the payload or signature is changed', () => {
    const token = sign();
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace('"manager"', '"owner"'),
    ).toString('base64url');
    expect(readPinApproval(secret, `${forged}.${signature}`, scope, now)).toBeNull();
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(readPinApproval(secret, `${payload}.${flipped}`, scope, now)).toBeNull();
    expect(readPinApproval(secret, `${token}.extra`, scope, now)).toBeNull();
    expect(readPinApproval(secret, 'garbage', scope, now)).toBeNull();
    expect(readPinApproval(secret, 'x'.repeat(2000), scope, now)).toBeNull();
  });
});
