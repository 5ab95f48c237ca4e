/**
 * `tsx tests/e2e/support/second-build.vite.ts <outDir> <appVersion> <marker>`: the client built again from the
 * same sources with the project's own Vite configuration (vite.config.ts), as a release with another version
 * would be (tests/e2e/update-flow.spec.ts ships it to an open tab). Only what makes it a new release differs:
 *
 * - __APP_VERSION__ is `appVersion`, so the service worker reports another version (src/sw/version.ts);
 * - index.html carries `<meta name="salon-build" content="<marker>">`, so the test can tell which build's
 *   app shell the page runs, and the precache list (and with it the worker's version hash) changes.
 *
 * Left out, to keep the build short on a 2-core CI machine: source maps and the .br/.gz copies of
 * `precompress()` (the server sends the plain files when no copy exists). Neither changes what runs.
 */
import path from 'node:path';
import { build } from 'vite';
import type { Plugin, PluginOption, UserConfig } from 'vite';
import config from '../../../vite.config';

const PRECOMPRESS_PLUGIN = 'salon-precompress';

function buildMarker(marker: string): Plugin {
  return {
    name: 'e2e-build-marker',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'salon-build', content: marker }, injectTo: 'head' },
    ],
  };
}

function isPlugin(option: unknown): option is Plugin {
  return typeof option === 'object' && option !== null && 'name' in option;
}

function flatPlugins(options: PluginOption[] | undefined): Plugin[] {
  return (options ?? []).flat(Infinity as 1).filter(isPlugin);
}

async function main(): Promise<void> {
  const [outDir, appVersion, marker] = process.argv.slice(2);
  if (!outDir || !appVersion || !marker) {
    throw new Error('usage: second-build.vite.ts <outDir> <appVersion> <marker>');
  }
  const base = config as UserConfig;
  await build({
    ...base,
    configFile: false,
    root: path.resolve(import.meta.dirname, '../../..'),
    logLevel: 'warn',
    plugins: [
      ...flatPlugins(base.plugins).filter((plugin) => plugin.name !== PRECOMPRESS_PLUGIN),
      buildMarker(marker),
    ],
    define: { ...base.define, __APP_VERSION__: JSON.stringify(appVersion) },
    build: { ...base.build, outDir: path.resolve(outDir), emptyOutDir: true, sourcemap: false },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
