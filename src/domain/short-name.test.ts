import { describe, expect, it } from 'vitest';
import { lastInitial, shortName, shortNameOf } from './short-name';

describe('names on public screens', () => {
  it('shows the first name and the last initial only', () => {
    expect(shortName('Ann', 'Lee')).toBe('Ann L.');
    expect(shortName(' Ann ', '')).toBe('Ann');
    expect(shortName('Ann', null)).toBe('Ann');
  });

  it('takes the first word and the last word of a typed name', () => {
    expect(shortNameOf('Mai Thi Tran')).toBe('Mai T.');
    expect(shortNameOf('  Bo  ')).toBe('Bo');
    expect(shortNameOf('')).toBe('');
  });

  it('reads the initial as a letter, in upper case, whatever the script', () => {
    expect(lastInitial('nguyễn')).toBe('N');
    expect(lastInitial('Ωmega')).toBe('Ω');
    expect(lastInitial('𝒜bc')).toBe('𝒜');
    expect(shortName('김', '민준')).toBe('김 민.');
  });
});
