/**
 * JS weight of a cold load of /pos/sales (target: gzipped JS loaded by /pos/sales on a cold load,
 * from the build manifest, target ≤ 150 KB). Builds the client with vite.config.ts into a temp folder (not
 * dist/client, which a running server or an e2e run may be serving), reads .vite/manifest.json, takes the
 * entry with its static imports (the modulepreload set) plus the route screen's chunk and its static imports
 * (bench/support/manifest.ts), gzips each file at level 9 and prints the list, the total and its ratio to the
 * target. Then what the total is made of, per npm package or source folder, from the source maps
 * (bench/support/source-map-sizes.ts; gzip shared out in proportion to the minified characters: an estimate).
 *
 * Sizes in KiB (1024 bytes), as Lighthouse and the issue's first figure (205) count them.
 *
 *   npm run bench:bundle
 *   npm run bench:bundle -- --no-build                 reuse the last build in --out-dir
 *   npm run bench:bundle -- --detail=@chakra-ui/react  that package's parts
 *   npm run bench:bundle -- --route=/login             another route
 *   npm run bench:bundle -- --route-src=src/client/app/areas/sale-area.ts   when routes.ts cannot be read
 *   npm run bench:bundle -- --json=/tmp/bundle.json    the figures as JSON too
 *
 * The target is a fixed budget, so the reference is the target itself; a missed target is printed, not thrown.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { coldLoadOf, readManifest, REPO_ROOT, routeScreenModule } from './support/manifest';
import { groupOf, sizesOfBuiltFile, subPathOf } from './support/source-map-sizes';

const TARGET_KIB = 150;

const { values: args } = parseArgs({
  options: {
    'out-dir': { type: 'string', default: path.join(tmpdir(), 'salon-bench-bundle') },
    build: { type: 'boolean', default: true },
    'no-build': { type: 'boolean', default: false },
    route: { type: 'string', default: '/pos/sales' },
    'route-src': { type: 'string' },
    top: { type: 'string', default: '18' },
    detail: { type: 'string', multiple: true, default: [] },
    json: { type: 'string' },
  },
});

const outDir = path.resolve(args['out-dir']);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const pad = (text: string, width: number) => text.padStart(width);

async function buildClient(): Promise<void> {
  const started = performance.now();
  await build({
    root: REPO_ROOT,
    configFile: path.join(REPO_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: true },
  });
  console.info(`built into ${outDir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

interface ChunkFigure {
  key: string;
  file: string;
  raw: number;
  gzip: number;
}

async function main(): Promise<void> {
  if (args.build && !args['no-build']) await buildClient();
  const manifest = readManifest(outDir);
  const routeSrc = args['route-src'] ?? routeScreenModule(args.route);
  if (!routeSrc)
    throw new Error(`cannot tell the screen module of ${args.route} from routes.ts; pass --route-src`);
  const load = coldLoadOf(manifest, routeSrc);

  const chunks: ChunkFigure[] = load.keys.map((key) => {
    const file = manifest[key]!.file;
    const bytes = readFileSync(path.join(outDir, file));
    return { key, file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
  const rawTotal = chunks.reduce((sum, c) => sum + c.raw, 0);

  console.info(`\nCold load of ${args.route}: entry ${load.entry} + screen chunk of ${routeSrc}`);
  console.info(`${'chunk'.padEnd(52)} ${pad('raw KiB', 9)} ${pad('gzip KiB', 9)}`);
  for (const c of [...chunks].sort((a, b) => b.gzip - a.gzip)) {
    const mark = c.key === load.entry ? ' (entry)' : c.key === load.routeChunk ? ' (route)' : '';
    console.info(`${(c.file + mark).padEnd(52)} ${pad(kib(c.raw), 9)} ${pad(kib(c.gzip), 9)}`);
  }
  const ratio = total / 1024 / TARGET_KIB;
  console.info(`${'TOTAL'.padEnd(52)} ${pad(kib(rawTotal), 9)} ${pad(kib(total), 9)}`);
  console.info(
    `\ngzip JS of ${args.route}: ${kib(total)} KiB = ${ratio.toFixed(2)}x the ${TARGET_KIB} KiB target ` +
      `(${ratio <= 1 ? 'met' : `MISSED by ${kib(total - TARGET_KIB * 1024)} KiB`})`,
  );

  // What it is made of: each chunk's gzip shared out by minified characters per source.
  const byGroup = new Map<string, number>();
  const bySubPath = new Map<string, Map<string, number>>();
  for (const c of chunks) {
    const sizes = sizesOfBuiltFile(path.join(outDir, c.file), REPO_ROOT);
    if (!sizes) continue;
    const characters = [...sizes.values()].reduce((a, b) => a + b, 0);
    for (const [source, n] of sizes) {
      const share = (c.gzip * n) / characters;
      const group = groupOf(source);
      byGroup.set(group, (byGroup.get(group) ?? 0) + share);
      if (args.detail.includes(group)) {
        const parts = bySubPath.get(group) ?? new Map<string, number>();
        const sub = subPathOf(source, group);
        parts.set(sub, (parts.get(sub) ?? 0) + share);
        bySubPath.set(group, parts);
      }
    }
  }
  const groups = [...byGroup].sort((a, b) => b[1] - a[1]);
  const top = Number(args.top);
  console.info(`\nEstimated gzip KiB by package or folder (top ${top}):`);
  for (const [group, size] of groups.slice(0, top)) {
    console.info(
      `  ${group.padEnd(40)} ${pad(kib(size), 7)}  ${pad(((size / total) * 100).toFixed(1), 5)} %`,
    );
  }
  const rest = groups.slice(top).reduce((sum, [, size]) => sum + size, 0);
  if (rest > 0) console.info(`  ${`(${groups.length - top} more)`.padEnd(40)} ${pad(kib(rest), 7)}`);
  for (const [group, parts] of bySubPath) {
    console.info(`\n${group}, by part:`);
    for (const [part, size] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
      console.info(`  ${part.padEnd(50)} ${pad(kib(size), 7)}`);
    }
  }

  if (args.json) {
    writeFileSync(
      args.json,
      JSON.stringify(
        {
          route: args.route,
          routeSrc,
          targetKiB: TARGET_KIB,
          totalGzipBytes: total,
          ratio,
          chunks,
          groups: Object.fromEntries(groups.map(([g, s]) => [g, Math.round(s)])),
        },
        null,
        2,
      ),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
