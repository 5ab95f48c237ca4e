/**
 * The real server (src/server/main.ts, what `npm run server` runs) on its own port and database, serving the
 * client from a directory that can be swapped while a tab is open: what a salon sees when a new release is
 * deployed (tests/e2e/update-flow.spec.ts).
 *
 * CLIENT_DIR is a symbolic link; `serve(dir)` points it elsewhere by renaming a new link over it, which is
 * atomic, so every request gets all of one build or all of the other. The server reads files through the link
 * on each request (@fastify/static with `wildcard`), so no restart is needed.
 *
 * main.ts, not start.ts: start.ts would rebuild dist/client when sources changed since the run began, under
 * the other specs' feet. Its own origin keeps this spec's service workers and storage apart from theirs, and
 * its own database keeps their totals apart from its sales.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../support/server/server-process';
import { stopServer, waitUntilHealthy } from './global-setup';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface SwappableServer {
  url: string;
  /** Milliseconds from spawn to healthy. */
  startMs: number;
  /** From the next request on, the client is served from `dir`. */
  serve(dir: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startSwappableServer(clientDir: string): Promise<SwappableServer> {
  const started = performance.now();
  const home = await mkdtemp(path.join(tmpdir(), 'salon-e2e-update-'));
  // mkdtemp makes it private; the embedded PostgreSQL runs as another OS user and must reach data/ below it.
  await chmod(home, 0o755);
  const link = path.join(home, 'client');
  await symlink(path.resolve(clientDir), link, 'dir');
  const [port, pgPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;

  let output = '';
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(home, 'data'),
        EMBEDDED_PG_PORT: String(pgPort),
        CLIENT_DIR: link,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    await stopServer(child);
    await rm(home, { recursive: true, force: true });
  };

  try {
    await waitUntilHealthy(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  let swaps = 0;
  return {
    url,
    startMs: Math.round(performance.now() - started),
    async serve(dir: string) {
      swaps += 1;
      const next = path.join(home, `client.next-${swaps}`);
      await symlink(path.resolve(dir), next, 'dir');
      await rename(next, link);
    },
    stop,
  };
}
