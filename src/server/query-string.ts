/**
 * The query-string parser of the API. Lists take `filter[...]` (docs/api.md#lists), which Fastify's default
 * parser keeps as a flat key "filter[name]"; this one folds one level of brackets into an object:
 *   filter[name]=Ann&filter[status]=1  → { filter: { name: 'Ann', status: '1' } }
 *   ids[]=1&ids[]=2                     → { ids: ['1', '2'] }
 *   tag=a&tag=b                         → { tag: ['a', 'b'] }
 * Keys that would reach Object.prototype are dropped.
 */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const BRACKETED = /^([^[\]]+)\[([^[\]]*)\]$/;

type QueryValue = string | string[] | Record<string, string | string[]>;

function append(target: Record<string, unknown>, key: string, value: string): void {
  const existing = target[key];
  if (existing === undefined) target[key] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else if (typeof existing === 'string') target[key] = [existing, value];
}

export function parseQueryString(input: string): Record<string, QueryValue> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(input)) {
    const match = BRACKETED.exec(rawKey);
    if (!match) {
      if (!FORBIDDEN.has(rawKey)) append(out, rawKey, value);
      continue;
    }
    const [, name = '', sub = ''] = match;
    if (FORBIDDEN.has(name) || FORBIDDEN.has(sub)) continue;
    if (sub === '') {
      const list = out[name];
      if (Array.isArray(list)) list.push(value);
      else if (list === undefined) out[name] = [value];
      continue;
    }
    let nested = out[name];
    if (nested === undefined) {
      nested = {};
      out[name] = nested;
    }
    if (typeof nested === 'object' && nested !== null && !Array.isArray(nested)) {
      append(nested as Record<string, unknown>, sub, value);
    }
  }
  return out as Record<string, QueryValue>;
}
