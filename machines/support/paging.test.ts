import { describe, expect, it } from 'vitest';
import { isPageInRange, isPastLastPage, pageCount } from './paging';

describe('paging', () => {
  it('counts pages, an empty list having one', () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(15, 15)).toBe(1);
    expect(pageCount(16, 15)).toBe(2);
    expect(pageCount(5, 0)).toBe(5);
  });

  it('sees an empty page after the last one, but not an empty list', () => {
    expect(isPastLastPage({ items: [], total: 30 }, 3, 15)).toBe(true);
    expect(isPastLastPage({ items: [], total: 30 }, 2, 15)).toBe(false);
    expect(isPastLastPage({ items: [], total: 0 }, 2, 15)).toBe(false);
    expect(isPastLastPage({ items: [1], total: 31 }, 3, 15)).toBe(false);
  });

  it('lets the pager load a whole page number within the list, other than the one shown', () => {
    expect(isPageInRange(2, 1, 30, 15)).toBe(true);
    expect(isPageInRange(1, 1, 30, 15)).toBe(false);
    expect(isPageInRange(3, 1, 30, 15)).toBe(false);
    expect(isPageInRange(0, 1, 30, 15)).toBe(false);
    expect(isPageInRange(1.5, 1, 30, 15)).toBe(false);
  });
});
