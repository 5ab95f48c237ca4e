/**
 * What a built chunk is made of, from its source map (what source-map-explorer does, without the package):
 * every generated character is charged to the source file of the mapping segment it follows; characters
 * before a line's first segment, or after a segment that names no source, are '[unmapped]' (Rolldown's
 * runtime glue, import/export wiring).
 *
 * Sizes are in generated characters. Gzip does not split by source, so callers share a chunk's gzipped size
 * out in proportion to these counts: an estimate, good for finding what is big, not an exact figure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i] as const));

/** The fields of one segment (VLQ, relative to the previous segment: column to the line's, the rest file-wide). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`bad VLQ character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

interface RawSourceMap {
  sources: string[];
  mappings: string;
}

export const UNMAPPED = '[unmapped]';

/** Generated characters per source file of `code`, read from its map. */
export function sizesBySource(code: string, map: RawSourceMap): Map<string, number> {
  const sizes = new Map<string, number>();
  const charge = (source: string, n: number) => {
    if (n > 0) sizes.set(source, (sizes.get(source) ?? 0) + n);
  };
  const lines = code.split('\n');
  const mapped = map.mappings.split(';');
  let sourceIndex = 0;
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line]!;
    const segments = (mapped[line] ?? '').split(',').filter((s) => s !== '');
    let column = 0;
    let previousColumn = 0;
    let previousSource: string = UNMAPPED;
    for (const segment of segments) {
      const fields = decodeSegment(segment);
      column += fields[0]!;
      charge(previousSource, column - previousColumn);
      if (fields.length >= 4) {
        sourceIndex += fields[1]!;
        previousSource = map.sources[sourceIndex] ?? UNMAPPED;
      } else {
        previousSource = UNMAPPED;
      }
      previousColumn = column;
    }
    // The rest of the line, and its newline, go to the last segment's source.
    charge(previousSource, text.length - previousColumn + (line < lines.length - 1 ? 1 : 0));
  }
  return sizes;
}

/**
 * sizesBySource of a built file that has a `.map` beside it, its sources made relative to `root` (the map's
 * are relative to the file's folder); null when there is no map.
 */
export function sizesOfBuiltFile(file: string, root: string): Map<string, number> | null {
  let map: RawSourceMap;
  try {
    map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap;
  } catch {
    return null;
  }
  const dir = path.dirname(file);
  const relative = (source: string) =>
    path.relative(root, path.resolve(dir, source)).split(path.sep).join('/');
  return sizesBySource(readFileSync(file, 'utf8'), { ...map, sources: map.sources.map(relative) });
}

/**
 * The group a source path belongs to: its npm package ('@chakra-ui/react', 'react-dom'), or for our own code
 * its top folders ('src/client/app', 'machines/auth'), from a path relative to the repo root.
 */
export function groupOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (source === UNMAPPED) return source;
  const parts = source.split('/');
  const depth = parts[0] === 'src' ? 3 : 2;
  return parts.slice(0, Math.min(depth, parts.length - 1)).join('/') || source;
}

/** Sub-paths inside one package, two levels deep ('@chakra-ui/react/dist/esm/components' → 'components/x'). */
export function subPathOf(source: string, group: string): string {
  const at = source.lastIndexOf(`node_modules/${group}/`);
  if (at < 0) return source;
  const rest = source
    .slice(at + `node_modules/${group}/`.length)
    .replace(/^dist\/(esm\/|es\/|cjs\/)?/, '')
    .split('/');
  return rest.slice(0, Math.min(2, rest.length)).join('/');
}

export interface OriginalPosition {
  source: string;
  /** 0-based, as in source maps and CDP call frames. */
  line: number;
  column: number;
}

export interface DecodedMap {
  /** The original position of generated (line, column), both 0-based; null where nothing is mapped. */
  lookup(line: number, column: number): OriginalPosition | null;
}

/** Decodes every segment once, for position look-ups (bench/support/cpu-profile.ts). */
export function decodeMappings(map: RawSourceMap): DecodedMap {
  // Per generated line: [column, source, line, column] of each segment that names a source.
  const lines: number[][][] = [];
  let source = 0;
  let originalLine = 0;
  let originalColumn = 0;
  for (const text of map.mappings.split(';')) {
    const segments: number[][] = [];
    let column = 0;
    for (const segment of text.split(',')) {
      if (segment === '') continue;
      const fields = decodeSegment(segment);
      column += fields[0]!;
      if (fields.length < 4) continue;
      source += fields[1]!;
      originalLine += fields[2]!;
      originalColumn += fields[3]!;
      segments.push([column, source, originalLine, originalColumn]);
    }
    lines.push(segments);
  }
  return {
    lookup(line, column) {
      const segments = lines[line];
      if (!segments || segments.length === 0) return null;
      let lo = 0;
      let hi = segments.length - 1;
      if (segments[0]![0]! > column) return null;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (segments[mid]![0]! <= column) lo = mid;
        else hi = mid - 1;
      }
      const [, s, l, c] = segments[lo]!;
      return { source: map.sources[s!] ?? UNMAPPED, line: l!, column: c! };
    },
  };
}
