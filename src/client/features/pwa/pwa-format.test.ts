import { describe, expect, it } from 'vitest';
import { formatAgo, formatBytes, formatSeconds } from './pwa-format';

describe('pwa format', () => {
  it('shows sizes in decimal units of the reader', () => {
    expect(formatBytes(5, 'en')).toBe('5B');
    expect(formatBytes(1_536, 'en')).toBe('1.5 kB');
    expect(formatBytes(2_400_000, 'en')).toBe('2.4 MB');
    expect(formatBytes(-3, 'en')).toBe('0B');
    expect(formatBytes(1_536, 'es')).toBe('1,5 kB');
  });

  it('shows whole seconds, rounded up and never negative', () => {
    expect(formatSeconds(3_000, 'en')).toBe('3 sec');
    expect(formatSeconds(1_200, 'en')).toBe('2 sec');
    expect(formatSeconds(-500, 'en')).toBe('0 sec');
  });

  it('shows an age in words of the reader, in its largest whole unit', () => {
    expect(formatAgo(90_000, 'en')).toBe('1 minute ago');
    expect(formatAgo(5 * 3_600_000, 'en')).toBe('5 hours ago');
    expect(formatAgo(5 * 3_600_000, 'es')).toBe('hace 5 horas');
  });
});
