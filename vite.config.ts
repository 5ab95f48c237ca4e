import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/**
 * Vite builds the client into dist/client (served by the server, src/server/plugins/spa.ts) with a manifest
 * (bench/ reads it to weigh what /pos/sales loads). The PWA plugin (injectManifest) arrives with the offline
 * issue.
 *
 * Translations (001 §7 "GET /locales/{lng}/{ns}.json"): the repo's locales/ folder is served at /locales in
 * dev and copied to dist/client/locales by the build (`locales()` below; not publicDir, which stays public/
 * for icons). Their content hash is compiled in as __LOCALES_VERSION__, the version of the browser's
 * translation cache, so a new build never reads a day-old cached file that lacks its keys.
 *
 * Chunks: no manual chunking. routes.ts makes one dynamic import per area of screens (auth, sale, receipt,
 * sale management, diagrams, coming-soon; src/client/app/areas/), so each area is a chunk fetched when one of
 * its screens opens, and Rolldown moves what areas share into common chunks by itself. Tried and dropped:
 * one code-splitting group per features/<area> folder. With `includeDependenciesRecursively: false` the
 * grouped modules ran before their dependencies (the diagram screen read its Markdown glob as undefined);
 * with `true` each group swallowed i18next and Chakra modules, which the shell then loaded from an area chunk.
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

export default defineConfig({
  plugins: [react(), locales()],
  define: {
    __LOCALES_VERSION__: JSON.stringify(localesVersion()),
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
  },
});
