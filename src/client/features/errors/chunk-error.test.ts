import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-error';

describe('isChunkLoadError', () => {
  it("knows each browser's words for a chunk that could not be fetched", () => {
    const messages = [
      'Failed to fetch dynamically imported module: http://till.local/assets/sale-area-abc.js',
      'error loading dynamically imported module: http://till.local/assets/sale-area-abc.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/sale-area-abc.css',
    ];
    for (const message of messages) expect(isChunkLoadError(new TypeError(message))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
  });

  it('leaves every other error to the error page', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
