import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-code';

describe('qrPath', () => {
  it('draws a square code with the three finder patterns and a quiet zone', () => {
    const { path, size } = qrPath('00020101021238570010A000000727', 4);
    // Version 2 (25 modules) or more, plus 4 modules of border on each side.
    expect(size).toBeGreaterThanOrEqual(25 + 8);
    // The top-left finder pattern's corner module sits just inside the border.
    expect(path).toContain('M4 4h1v1h-1z');
    expect(path).not.toContain('M0 0h1');
  });

  it('gives a different picture for a different payload', () => {
    expect(qrPath('A').path).not.toBe(qrPath('B').path);
  });
});
