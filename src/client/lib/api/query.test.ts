import { describe, expect, it } from 'vitest';
import { flattenQuery, stableQueryString } from './query';

describe('flattenQuery', () => {
  it('folds one level of objects into bracketed keys, as the server parses them', () => {
    expect(
      flattenQuery({
        page: 1,
        per_page: 15,
        filter: { name: 'Ann', is_technician: true },
        date_range: { from: '2026-01-01', to: '2026-01-31' },
      }),
    ).toEqual({
      page: '1',
      per_page: '15',
      'filter[name]': 'Ann',
      'filter[is_technician]': 'true',
      'date_range[from]': '2026-01-01',
      'date_range[to]': '2026-01-31',
    });
  });

  it('lists repeat their key', () => {
    expect(flattenQuery({ ids: [1, 2], filter: { status: ['1', '9'] } })).toEqual({
      ids: ['1', '2'],
      'filter[status]': ['1', '9'],
    });
  });

  it('leaves out null, undefined and empty strings (an empty search box is no filter)', () => {
    expect(
      flattenQuery({ a: null, b: undefined, c: '', d: 0, filter: { name: '' }, list: [null, ''] }),
    ).toEqual({
      d: '0',
    });
  });

  it('refuses an object nested deeper than the server reads', () => {
    expect(() => flattenQuery({ filter: { a: { b: 1 } } } as never)).toThrow(/nested too deep/);
  });
});

describe('stableQueryString', () => {
  it('gives the same string whatever the order of the keys', () => {
    expect(stableQueryString({ b: 2, a: 1, filter: { y: 'x', x: 'y' } })).toBe(
      stableQueryString({ filter: { x: 'y', y: 'x' }, a: 1, b: 2 }),
    );
  });

  it('is empty for no parameters', () => {
    expect(stableQueryString(undefined)).toBe('');
  });
});
