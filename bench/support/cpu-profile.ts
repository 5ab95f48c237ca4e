/**
 * Where the time of a Chrome CPU profile (CDP Profiler, .cpuprofile) went, in our sources' terms: each
 * sample's self time is charged to the function it was in, and built files (/assets/*.js) are mapped back to
 * their original file and line through the build's source maps (what DevTools shows with maps on). A React
 * production build has no profiler, so this is how bench/inp.ts says where a slow tap spends its time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './manifest';
import { decodeMappings } from './source-map-sizes';
import type { DecodedMap } from './source-map-sizes';

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface HotSpot {
  where: string;
  group: string;
  ms: number;
}

/** Self time per node id, in ms (each sample lasts until the next one). */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const times = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const id = profile.samples[i]!;
    times.set(id, (times.get(id) ?? 0) + delta);
  }
  return times;
}

/**
 * Self time by original function location, biggest first. `clientDir` is the served build (its
 * /assets/*.js and maps); `root` the repo root the map sources are made relative to.
 */
type FrameResolver = (frame: CpuProfileNode['callFrame']) => { where: string; group: string };

function frameResolver(clientDir: string, root: string): FrameResolver {
  const maps = new Map<string, DecodedMap | null>();
  const mapOf = (url: string): DecodedMap | null => {
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
    if (!pathname.startsWith('/assets/')) return null;
    if (!maps.has(pathname)) {
      try {
        const file = path.join(clientDir, pathname);
        const raw = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
          sources: string[];
          mappings: string;
        };
        const dir = path.dirname(file);
        const sources = raw.sources.map((s) =>
          path.relative(root, path.resolve(dir, s)).split(path.sep).join('/'),
        );
        maps.set(pathname, decodeMappings({ ...raw, sources }));
      } catch {
        maps.set(pathname, null);
      }
    }
    return maps.get(pathname) ?? null;
  };
  return (frame) => {
    if (!frame.url) {
      const where = frame.functionName || '(program)';
      // Built-ins (getComputedStyle) and scripts without a URL: Playwright's injected helpers that resolve
      // locators between taps (innerAccumulatedElementText, queryRole…) are the harness, not the app.
      return { where, group: where.startsWith('(') ? where : '(no URL: built-ins, Playwright helpers)' };
    }
    const original = mapOf(frame.url)?.lookup(frame.lineNumber, frame.columnNumber) ?? null;
    if (!original) {
      return {
        where: `${frame.url}:${frame.lineNumber + 1}:${frame.columnNumber + 1} ${frame.functionName}`,
        group: frame.url,
      };
    }
    const where = `${original.source}:${original.line + 1} ${frame.functionName || '(anonymous)'}`;
    const at = original.source.lastIndexOf('node_modules/');
    if (at < 0) return { where, group: original.source.split('/').slice(0, -1).join('/') };
    const parts = original.source.slice(at + 'node_modules/'.length).split('/');
    return { where, group: parts.slice(0, parts[0]!.startsWith('@') ? 2 : 1).join('/') };
  };
}

/**
 * Self time by original function location, biggest first. `clientDir` is the served build (its
 * /assets/*.js and maps); `root` the repo root the map sources are made relative to.
 */
export function hotSpots(profile: CpuProfile, clientDir: string, root: string): HotSpot[] {
  const resolve = frameResolver(clientDir, root);
  const totals = new Map<string, HotSpot>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const [id, ms] of selfTimes(profile)) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const { where, group } = resolve(frame);
    const spot = totals.get(where) ?? { where, group, ms: 0 };
    spot.ms += ms;
    totals.set(where, spot);
  }
  return [...totals.values()].sort((a, b) => b.ms - a.ms);
}

/**
 * Inclusive time (the function and everything it called) of the functions of our own sources (paths that
 * start with `prefix`, e.g. 'src/client'): which component or handler a slow interaction spends its time
 * under. A function on the stack twice (recursion) counts once per sample.
 */
export function inclusiveOwn(
  profile: CpuProfile,
  clientDir: string,
  root: string,
  prefix: string,
): HotSpot[] {
  const resolve = frameResolver(clientDir, root);
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, HotSpot>();
  for (const [id, ms] of selfTimes(profile)) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame?.url) continue;
      const { where, group } = resolve(frame);
      if (!where.startsWith(prefix) || seen.has(where)) continue;
      seen.add(where);
      const spot = totals.get(where) ?? { where, group, ms: 0 };
      spot.ms += ms;
      totals.set(where, spot);
    }
  }
  return [...totals.values()].sort((a, b) => b.ms - a.ms);
}

/** The same self time summed by package or source folder. */
export function byGroup(spots: readonly HotSpot[]): [string, number][] {
  const groups = new Map<string, number>();
  for (const s of spots) groups.set(s.group, (groups.get(s.group) ?? 0) + s.ms);
  return [...groups].sort((a, b) => b[1] - a[1]);
}

/**
 * Writes the profiles (`file`, then `file.1`...) and prints where their time went: by package or folder, our
 * client functions by inclusive time, and the hottest functions. `label` says what was profiled.
 */
export function printProfileReport(
  profiles: CpuProfile[],
  file: string,
  clientDir: string,
  label: string,
): void {
  profiles.forEach((profile, i) =>
    writeFileSync(i === 0 ? file : file.replace(/(\.cpuprofile)?$/, `.${i}$1`), JSON.stringify(profile)),
  );
  const spots = profiles.flatMap((p) => hotSpots(p, clientDir, REPO_ROOT));
  const merged = new Map<string, { where: string; group: string; ms: number }>();
  for (const s of spots) {
    const m = merged.get(s.where) ?? { ...s, ms: 0 };
    m.ms += s.ms;
    merged.set(s.where, m);
  }
  const all = [...merged.values()].sort((a, b) => b.ms - a.ms);
  const total = all.reduce((sum, s) => sum + s.ms, 0);
  const busy = all.filter((s) => s.where !== '(idle)').reduce((sum, s) => sum + s.ms, 0);
  console.info(
    `\nCPU profile of the ${label} (${profiles.length} blocks, ${file}): ${busy.toFixed(0)} ms busy of ${total.toFixed(0)} ms`,
  );
  console.info('  by package or folder (self time):');
  for (const [group, ms] of byGroup(all)
    .filter(([g]) => g !== '(idle)')
    .slice(0, 12)) {
    console.info(`    ${group.padEnd(52)} ${ms.toFixed(0).padStart(6)} ms`);
  }
  const own = new Map<string, number>();
  for (const p of profiles)
    for (const s of inclusiveOwn(p, clientDir, REPO_ROOT, 'src/client'))
      own.set(s.where, (own.get(s.where) ?? 0) + s.ms);
  console.info('  our functions by inclusive time (they and what they called):');
  for (const [where, ms] of [...own].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.info(`    ${ms.toFixed(0).padStart(6)} ms  ${where}`);
  }
  console.info('  hottest functions (self time):');
  for (const s of all.filter((x) => x.where !== '(idle)').slice(0, 15)) {
    console.info(`    ${s.ms.toFixed(0).padStart(6)} ms  ${s.where}`);
  }
}
