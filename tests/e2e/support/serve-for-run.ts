/**
 * `npm test` starts the browser specs' server while the unit tests still run (docs/testing.md "Both cores
 * busy"): the same start as the Playwright global setup (./global-setup.ts), in a process of its own that
 * lives until the run ends. When the server is up, it writes the environment the Playwright run needs
 * (E2E_BASE_URL and the push service's) to the file named by its argument, as shell assignments, and keeps
 * serving until SIGTERM or SIGINT, which stop it and delete its data.
 *
 *   npx tsx tests/e2e/support/serve-for-run.ts /tmp/run/e2e-server.env
 */
import { rename, writeFile } from 'node:fs/promises';
import { startE2eServer } from './global-setup';

/** A shell word that stays one word whatever the value holds. */
function shellQuoted(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

const target = process.argv[2];
if (!target) {
  console.error('usage: serve-for-run.ts <env file>');
  process.exit(2);
}

const started = performance.now();
const server = await startE2eServer();
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

const env = { E2E_BASE_URL: server.url, ...server.testEnv };
const lines = Object.entries(env).map(([name, value]) => `export ${name}=${shellQuoted(value)}`);
// Written whole, then renamed, so the waiting script never reads half a file.
await writeFile(`${target}.partial`, `${lines.join('\n')}\n`);
await rename(`${target}.partial`, target);
console.info(`[e2e] app at ${server.url}, ready in ${Math.round(performance.now() - started)} ms`);
