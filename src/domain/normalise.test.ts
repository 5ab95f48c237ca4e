import { describe, it, expect } from 'vitest';
import { normaliseCode, normalisePhone, workstationCode } from './normalise';

describe('normalisePhone', () => {
  it('strips dashes, spaces and parentheses: "(555) 123-4567" → "5551234567"', () => {
    expect(normalisePhone('(555) 123-4567')).toBe('5551234567');
    expect(normalisePhone('555-123-4567')).toBe('5551234567');
  });

  it('keeps a leading plus and anything else the spec does not name', () => {
    expect(normalisePhone('+84 (90) 123-4567')).toBe('+84901234567');
  });
});

describe('normaliseCode', () => {
  it('strips every non-alphanumeric except dashes, keeping case', () => {
    expect(normaliseCode(' GIFT-00 12!')).toBe('GIFT-0012');
    expect(normaliseCode('abc_def.1')).toBe('abcdef1');
  });
});

describe('workstationCode', () => {
  it('is upper-case tenant, store code padded to 4, workstation padded to 2: (acme, 7, 3) → ACME000703', () => {
    expect(workstationCode('acme', 7, 3)).toBe('ACME000703');
    expect(workstationCode(' Nails ', '12', '10')).toBe('NAILS001210');
  });

  it('never truncates a store code or workstation longer than its width', () => {
    expect(workstationCode('acme', 12345, 123)).toBe('ACME12345123');
  });
});
