/**
 * Flattens list parameters into the query string the server folds back (docs/api.md#the-client "Pagination
 * params are flattened into the query"; docs/api.md#lists `page`, `per_page`, `sort`, `filter[...]`; the
 * server's parser is src/server/query-string.ts, which folds ONE level of brackets):
 *
 *   { page: 2, per_page: 15, filter: { name: 'Ann', status: [1, 2] }, date_range: { from, to } }
 *   → page=2&per_page=15&filter[name]=Ann&filter[status]=1&filter[status]=2&date_range[from]=…&date_range[to]=…
 *
 * null, undefined and '' are left out (an empty filter box means "no filter", not "name equals nothing").
 * A deeper object has no meaning on the server, so it is refused here rather than sent as "[object Object]".
 */
export type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue =
  QueryScalar | readonly QueryScalar[] | { readonly [key: string]: QueryScalar | readonly QueryScalar[] };
export type QueryParams = { readonly [key: string]: QueryValue };

export type FlatQuery = Record<string, string | string[]>;

function isBlank(value: QueryScalar): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

function add(out: FlatQuery, key: string, value: QueryScalar | readonly QueryScalar[]): void {
  const values = (Array.isArray(value) ? value : [value]) as readonly QueryScalar[];
  const kept = values.filter((v) => !isBlank(v)).map((v) => String(v));
  if (kept.length === 0) return;
  const existing = out[key];
  const merged =
    existing === undefined ? kept : [...(Array.isArray(existing) ? existing : [existing]), ...kept];
  out[key] = merged.length === 1 ? (merged[0] as string) : merged;
}

export function flattenQuery(params: QueryParams | undefined): FlatQuery {
  const out: FlatQuery = {};
  if (!params) return out;
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, inner] of Object.entries(value as Record<string, unknown>)) {
        if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
          throw new TypeError(`Query parameter ${key}[${sub}] is nested too deep for the API.`);
        }
        add(out, `${key}[${sub}]`, inner as QueryScalar | readonly QueryScalar[]);
      }
      continue;
    }
    add(out, key, value as QueryScalar | readonly QueryScalar[]);
  }
  return out;
}

/** Same parameters → same string, whatever their order: cache keys (docs/api.md#the-client) must not depend on key order. */
export function stableQueryString(params: QueryParams | undefined): string {
  const flat = flattenQuery(params);
  return Object.keys(flat)
    .sort()
    .flatMap((key) => {
      const value = flat[key] as string | string[];
      return (Array.isArray(value) ? value : [value]).map(
        (v) => `${encodeURIComponent(key)}=${encodeURIComponent(v)}`,
      );
    })
    .join('&');
}
