/**
 * Starts the REAL app for the end-to-end run: `src/server/start.ts` (what `npm start` runs) builds the client
 * when dist/client is missing or older than its sources, then serves it and the API, with the embedded
 * PostgreSQL in a fresh temp DATA_DIR on free ports and the demo tenant seeded (README "Demo logins"). Every
 * run starts from the same data. The returned teardown stops the server (which stops PostgreSQL) and deletes
 * the directory. The server also accepts the run's local push service (push-service.ts; test-only setting).
 *
 * E2E_BASE_URL already set: that server is used as it is, nothing is started. `npm test` starts the run's
 * server this way beside the unit tests (tests/e2e/support/serve-for-run.ts), so the browser specs find it up.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../support/server/server-process';
import { preparePushService } from './push-service';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A cold start may build the client first (~10-20 s) and run initdb (a few seconds). */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

/** Polls /api/health until it answers, the process exits, or the timeout passes (the log goes in the error). */
export async function waitUntilHealthy(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode} before it was ready:\n${log()}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not ready within ${START_TIMEOUT_MS / 1000} s:\n${log()}`);
}

/** SIGTERM (the server stops PostgreSQL cleanly), SIGKILL after the timeout. */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    // The server closes in order on SIGTERM: HTTP, pool, then PostgreSQL (src/server/main.ts).
    child.kill('SIGTERM');
  });
}

export interface E2eServer {
  url: string;
  /** What the test workers need in their environment (the run's push service). */
  testEnv: Record<string, string>;
  stop: () => Promise<void>;
}

/** Starts the server of a run on a fresh data directory; `stop` stops it and deletes the directory. */
export async function startE2eServer(): Promise<E2eServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-e2e-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const push = await preparePushService(dataDir, await freePort());

  let output = '';
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/start.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...push.serverEnv,
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
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, testEnv: push.testEnv, stop };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Started already: by `npm test` beside the unit tests (tests/e2e/support/serve-for-run.ts), or by hand.
  if (process.env.E2E_BASE_URL) return async () => {};

  const started = performance.now();
  const server = await startE2eServer();
  process.env.E2E_BASE_URL = server.url;
  Object.assign(process.env, server.testEnv);
  console.info(`[e2e] app at ${server.url}, ready in ${Math.round(performance.now() - started)} ms`);
  return server.stop;
}
