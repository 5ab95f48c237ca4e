/**
 * The real app for the browser benchmarks, started as the e2e global setup does
 * (tests/e2e/support/global-setup.ts): the server as a child process on a fresh temp DATA_DIR with the
 * embedded PostgreSQL on free ports and the demo tenant seeded. Two differences: the client is built by
 * `buildClient` into a temp folder and served from there (CLIENT_DIR), so a benchmark never rewrites the
 * dist/client that a running server or an e2e run is using; and the child is src/server/main.ts through
 * tests/support/server/server-process.ts (start.ts would rebuild dist/client when it looks stale).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { LoginBody, LoginResponse } from '../../src/contracts/auth';
import { databaseUrlOf, freePort, startServerProcess } from '../../tests/support/server/server-process';
import type { ServerProcess } from '../../tests/support/server/server-process';
import { REPO_ROOT } from './manifest';

/** `vite build` with vite.config.ts into `outDir` (manifest and source maps on); returns the seconds taken. */
export async function buildClient(outDir: string): Promise<number> {
  const started = performance.now();
  await build({
    root: REPO_ROOT,
    configFile: path.join(REPO_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: true },
  });
  return (performance.now() - started) / 1000;
}

export interface BenchApp {
  url: string;
  dataDir: string;
  pgPort: number;
  server: ServerProcess;
  /** postgres://… of the embedded cluster (superuser), for seeding through the DB layer. */
  databaseUrl(): Promise<string>;
  /** Stops the server (and its PostgreSQL) and deletes the data directory. */
  stop(): Promise<void>;
}

export interface BenchAppOptions {
  clientDir: string;
  /** Seed the demo tenant on the empty database (default true). */
  seedDemo?: boolean;
  echo?: boolean;
}

export async function startBenchApp({
  clientDir,
  seedDemo = true,
  echo = false,
}: BenchAppOptions): Promise<BenchApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-bench-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  let server: ServerProcess;
  try {
    server = await startServerProcess(
      {
        dataDir,
        port,
        pgPort,
        echo,
        env: { CLIENT_DIR: clientDir, SEED_DEMO: seedDemo ? 'true' : 'false', LOG_LEVEL: 'warn' },
      },
      180_000,
    );
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    dataDir,
    pgPort,
    server,
    databaseUrl: () => databaseUrlOf(dataDir, pgPort),
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST /api/login; the `data` of the envelope is the auth record the client stores (src/client/lib/storage.ts). */
export async function loginThroughApi(url: string, body: LoginBody): Promise<LoginResponse> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean; data: LoginResponse; message?: string };
  if (!res.ok || !envelope.success)
    throw new Error(`login as ${body.username} failed: ${res.status} ${envelope.message}`);
  return envelope.data;
}
