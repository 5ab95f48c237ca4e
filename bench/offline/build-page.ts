/**
 * Builds the bench page (index.html, page.ts, worker.ts and what they import: the offline queue library and
 * workbox-background-sync) with Vite into `outDir`, which the bench server serves as its CLIENT_DIR: the page
 * and the API share one origin, so no CORS and no proxy in the way. Minified, and Workbox's development
 * logging compiled out (process.env.NODE_ENV), as in the app's production build.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Returns the seconds taken. */
export async function buildBenchPage(outDir: string): Promise<number> {
  const started = performance.now();
  await build({
    configFile: false,
    root: HERE,
    publicDir: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
  return (performance.now() - started) / 1000;
}
