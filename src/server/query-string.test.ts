import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('folds filter[...] keys into an object and keeps plain keys', () => {
    expect(parseQueryString('page=2&filter[name]=Ann%20Le&filter[store_id]=3')).toEqual({
      page: '2',
      filter: { name: 'Ann Le', store_id: '3' },
    });
  });

  it('collects repeated keys and [] keys into arrays', () => {
    expect(parseQueryString('tag=a&tag=b&ids[]=1&ids[]=2&filter[s]=1&filter[s]=2')).toEqual({
      tag: ['a', 'b'],
      ids: ['1', '2'],
      filter: { s: ['1', '2'] },
    });
  });

  it('drops keys that would reach Object.prototype', () => {
    const parsed = parseQueryString('__proto__[admin]=1&filter[__proto__]=x&constructor=y&ok=1');
    expect(parsed).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('keeps Vietnamese text intact', () => {
    expect(parseQueryString(`filter[name]=${encodeURIComponent('Nguyễn Thị Hồng')}`)).toEqual({
      filter: { name: 'Nguyễn Thị Hồng' },
    });
  });
});
