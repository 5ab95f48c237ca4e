import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './src/sw/web-manifest';

/**
 * Vite builds the client into dist/client (served by the server, src/server/plugins/spa.ts) with a manifest
 * (bench/ reads it to weigh what /pos/sales loads).
 *
 * The PWA: vite-plugin-pwa with the injectManifest strategy builds src/sw/sw.ts to
 * dist/client/sw.js with the precache list injected, and writes manifest.webmanifest (src/sw/web-manifest.ts)
 * with its <link> in index.html. Registration is the app's own (workbox-window in src/client/app/pwa-platform.ts,
 * /sw.js with scope /), so the plugin injects no register script. The precache is the app shell: every JS, CSS,
 * HTML and font file of the build, plus the widgets' templates, the manifest's icons and the translations
 * (cached at run time for a day, docs/platform.md#caches; the precached copy answers offline after that day),
 * not source maps, and not the .br/.gz copies `precompress()` writes
 * beside each file: those are the same files in another encoding, which the server picks by Accept-Encoding.
 *
 * Translations (docs/platform.md#languages "GET /locales/{lng}/{ns}.json"): the repo's locales/ folder is
 * served at /locales in dev and copied to dist/client/locales by the build (`locales()` below; not publicDir,
 * which stays public/ for icons). Their content hash is compiled in as __LOCALES_VERSION__, the version of
 * the browser's translation cache, so a new build never reads a day-old cached file that lacks its keys.
 *
 * Chunks: every module the entry reaches by static imports goes into one chunk (the `shell` group, tag
 * `$initial`); the rest is Rolldown's automatic splitting. routes.ts makes one dynamic import per area of
 * screens (src/client/app/areas/), each area a chunk fetched when one of its screens opens. WHY the group: what
 * the entry reaches is downloaded by every cold load of every screen anyway, so splitting it buys nothing, yet
 * Rolldown cut it into ~45 files (each module the shell shares with a lazy area became a chunk of its own, and
 * the back office's areas share many), paying gzip's per-file cost and longer preload lists each time: the
 * group, with the toast store moved out of the shell, took /pos/sales from 262.8 to 246.8 KiB gzipped
 * (docs/architecture.md#first-load-of-the-sale-screen).
 * It is closed under static imports, so nothing in it runs before a dependency in another chunk, and no lazy
 * chunk's module moves into it unless the entry's imports reach that module's file. The trap it has: a
 * library the shell imports whose entry file imports parts only a lazy screen uses (Chakra's toast store,
 * `@zag-js/toast`, imports the toast machines) brings those parts in: `npm run bench:bundle` shows it
 * (components/notices.tsx keeps the toast store out for that reason).
 * Tried and dropped: one code-splitting group per features/<area> folder. With `includeDependenciesRecursively:
 * false` the grouped modules ran before their dependencies (the diagram screen read its Markdown glob as
 * undefined); with `true` each group swallowed i18next and Chakra modules, which the shell then loaded from an
 * area chunk. The shell group minus `@zag-js` (so the toast machines stayed out) with
 * `includeDependenciesRecursively: false`: 250 KiB, but the zag modules only the entry used stayed in the entry's
 * chunk, which imported the shell while the shell imported it, and the app did not start. `strictExecutionOrder`
 * (which makes such cycles safe): 292 KiB. Also measured and dropped (bench/bundle-size.ts, /pos/sales cold
 * load): `minify: 'esbuild'` (+12 % gzip against Rolldown's Oxc minifier) and `target: 'es2022'`/`'esnext'`
 * (no change).
 *
 * Compression: `precompress()` writes .br and .gz beside every text file for the server to send as they are
 * (@fastify/static `preCompressed`). The PWA's precache list must not pick up those copies.
 */

const LOCALES_DIR = path.resolve(import.meta.dirname, 'locales');

function localeFiles(): string[] {
  const files: string[] = [];
  for (const language of readdirSync(LOCALES_DIR).sort()) {
    const dir = path.join(LOCALES_DIR, language);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir).sort()) if (file.endsWith('.json')) files.push(`${language}/${file}`);
  }
  return files;
}

function localesVersion(): string {
  const hash = createHash('sha256');
  for (const file of localeFiles()) hash.update(file).update(readFileSync(path.join(LOCALES_DIR, file)));
  return hash.digest('hex').slice(0, 12);
}

function locales(): Plugin {
  return {
    name: 'salon-locales',
    configureServer(server) {
      server.middlewares.use('/locales', (req, res, next) => {
        const file = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+/, '');
        if (!localeFiles().includes(file)) return next();
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(readFileSync(path.join(LOCALES_DIR, file)));
      });
    },
    buildStart() {
      for (const file of localeFiles()) this.addWatchFile(path.join(LOCALES_DIR, file));
    },
    generateBundle() {
      for (const file of localeFiles()) {
        this.emitFile({
          type: 'asset',
          fileName: `locales/${file}`,
          source: readFileSync(path.join(LOCALES_DIR, file)),
        });
      }
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** What a browser fetches as text; source maps only by developers, and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;

/** Brotli's best (11) costs ~1.5 s of CPU per MB here, 5 a tenth of that for ~10 % more bytes. */
const BROTLI_BEST = 11;
const BROTLI_FAST = 5;

/**
 * A .br and a .gz (level 9) beside each text file of the build, for the server to send as they are
 * (@fastify/static `preCompressed`), so no request pays for compression. Lighthouse on /pos/sales flagged
 * "Enable text compression" with ~460 KiB to save: the JS went out uncompressed.
 * Brotli quality 11 for what route loads fetch: the entry with its static imports and the route chunks it
 * imports dynamically (routes.ts areas) with theirs, plus HTML, CSS and JSON; quality 5 for chunks further
 * down (today the diagram screen's Mermaid, ~3 MB: at 11 it doubled the build's CPU time). Files under
 * 1 KiB, or that would not shrink by a tenth, get none (the server then sends the original).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'salon-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const routeLoads = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (routeLoads.has(file) || chunk?.type !== 'chunk') return;
        routeLoads.add(file);
        chunk.imports.forEach(visit);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        visit(chunk.fileName);
        chunk.dynamicImports.forEach(visit);
      }
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const source = readFileSync(path.join(outDir, file));
            if (source.length < 1024) return;
            const best = routeLoads.has(file) || !file.endsWith('.js');
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: best ? BROTLI_BEST : BROTLI_FAST,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipAsync(source, { level: 9 }),
            ]);
            if (br.length < source.length * 0.9) writeFileSync(path.join(outDir, `${file}.br`), br);
            if (gz.length < source.length * 0.9) writeFileSync(path.join(outDir, `${file}.gz`), gz);
          }),
      );
    },
  };
}

const PACKAGE_VERSION = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string }
).version;

/** Above the largest chunk of the build (Mermaid's, ~0.7 MB); a bigger file fails the build, not the precache. */
const MAX_PRECACHED_FILE_BYTES = 3 * 1024 * 1024;

/**
 * Modules a screen imports lazily that a till never needs offline, by a part of their path: Mermaid draws the
 * machine diagrams for whoever reviews the flows (docs/architecture.md#statecharts), and its renderers were 3
 * of the precache's 5.5 MB and ~100 of its 250 files, downloaded by every device that installs the app; the
 * dashboard's charts (recharts, ~0.34 MB) draw figures that only come online (docs/dashboard.md). What only
 * they reach is left out of the precache (docs/platform.md#precache); online they load as any file does.
 */
const NOT_PRECACHED_MODULES = ['/node_modules/mermaid/', '/src/client/features/dashboard/dashboard-charts.'];

/** Files of the build left out of the precache, found by `precacheScope()` when the bundle is written. */
const notPrecached = new Set<string>();

/**
 * Finds the chunks reachable only through a dynamic import of a module in NOT_PRECACHED_MODULES: every
 * chunk reachable from the entries, minus those still reachable when such an import is not followed. A chunk
 * the app reaches another way stays precached.
 */
function precacheScope(): Plugin {
  const isLeftOut = (facade: string | null) =>
    NOT_PRECACHED_MODULES.some((part) => facade?.includes(part) ?? false);
  return {
    name: 'salon-precache-scope',
    apply: 'build',
    generateBundle(_options, bundle) {
      const reach = (followLeftOut: boolean): Set<string> => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (seen.has(file) || chunk?.type !== 'chunk') return;
          if (!followLeftOut && isLeftOut(chunk.facadeModuleId)) return;
          seen.add(file);
          chunk.imports.forEach(visit);
          chunk.dynamicImports.forEach(visit);
        };
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
        return seen;
      };
      const app = reach(false);
      notPrecached.clear();
      for (const file of reach(true)) if (!app.has(file)) notPrecached.add(file);
    },
  };
}

function pwa(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: webManifest,
    includeManifestIcons: true,
    injectManifest: {
      // A classic script: workbox-window registers /sw.js without { type: 'module' }.
      rollupFormat: 'iife',
      // The translations too: cached a day at run time (docs/platform.md#languages), the precached copy is
      // what a reload with
      // the network gone answers after that day (src/sw/plugins.ts precachedFallback).
      globPatterns: ['**/*.{js,css,html,woff,woff2}', 'widgets/*.json', 'locales/*/*.json'],
      globIgnores: ['**/*.br', '**/*.gz', '**/*.map', '.vite/**', 'sw.js'],
      maximumFileSizeToCacheInBytes: MAX_PRECACHED_FILE_BYTES,
      manifestTransforms: [
        (entries) => ({ manifest: entries.filter((entry) => !notPrecached.has(entry.url)), warnings: [] }),
      ],
    },
  });
}

export default defineConfig({
  plugins: [react(), locales(), precompress(), precacheScope(), pwa()],
  define: {
    __LOCALES_VERSION__: JSON.stringify(localesVersion()),
    // The service worker's version is this plus a hash of its precache list (src/sw/version.ts).
    __APP_VERSION__: JSON.stringify(PACKAGE_VERSION),
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // The shell in one chunk: see "Chunks" above.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});
