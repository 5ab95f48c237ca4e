/**
 * The server process: PostgreSQL (embedded in DATA_DIR, or DATABASE_URL), migrations under the advisory
 * lock, the app, listen. SIGINT, SIGTERM and SIGHUP close in order: stop accepting and finish in-flight
 * requests, close the pool, then stop PostgreSQL (fast shutdown). PostgreSQL runs in its own process group,
 * so a Ctrl-C in the terminal reaches only Node, and the database outlives the last request.
 *
 *   npm run server           this file (the API and whatever dist/client holds)
 *   npm start                builds the client first when it is missing or stale (src/server/start.ts)
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { ServerConfig } from './config';
import { createDb, createPool } from './db/client';
import { reachableDataDir, startEmbeddedPostgres } from './db/embedded';
import type { EmbeddedPostgres } from './db/embedded';
import { migrateDatabase } from './db/migrate';
import { purgeEndedSessions } from './auth/sessions';
import { purgeExpiredIdempotencyKeys } from './idempotency';
import { DEMO_TENANT } from './seed/demo-data';
import { demoSeedEnabled, seedDemoIfEmpty } from './seed/demo';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  /** Milliseconds from process start to listening. */
  readyMs: number;
  close(): Promise<void>;
}

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

export async function startServer(config: ServerConfig = loadConfig()): Promise<RunningServer> {
  const say = (message: string) => {
    if (config.logLevel !== 'silent') console.info(`[salon-pos] ${message}`);
  };

  let embedded: EmbeddedPostgres | null = null;
  // Uploaded media (avatars) live beside the database: one directory to back up.
  let mediaDir = path.join(config.dataDir, 'media');
  let databaseUrl = config.databaseUrl;
  if (databaseUrl) {
    say('using the PostgreSQL of DATABASE_URL');
  } else {
    const dataDir = config.dataDirExplicit ? config.dataDir : await reachableDataDir(config.dataDir);
    if (dataDir !== config.dataDir)
      say(`${config.dataDir} is private to root; the database lives in ${dataDir}`);
    mediaDir = path.join(dataDir, 'media');
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: config.embeddedPgPort,
      log: say,
    });
    say(
      `embedded PostgreSQL ${embedded.initialised ? 'created and ' : ''}started on 127.0.0.1:${embedded.port}`,
    );
    databaseUrl = embedded.url;
  }

  const pool = createPool(databaseUrl);
  let app: FastifyInstance | null = null;
  let purgeTimer: NodeJS.Timeout | undefined;
  const close = async () => {
    clearInterval(purgeTimer);
    await app?.close();
    await pool.end();
    await embedded?.stop();
  };

  try {
    await migrateDatabase(pool, { log: say });
    const db = createDb(pool);
    // Demo data: the demo tenant is seeded only on an EMPTY database (no tenant at all),
    // never beside real data; SEED_DEMO=false turns it off, e.g. for an install whose first tenant is
    // created another way. One transaction under an advisory lock: instances starting together seed once.
    // Logins: README "Demo logins" (src/server/seed/demo-data.ts).
    if (demoSeedEnabled()) {
      const seed = await seedDemoIfEmpty(db);
      if (seed.seeded)
        say(`seeded the demo tenant ${DEMO_TENANT.code} in ${seed.ms} ms (README: Demo logins)`);
    }
    app = await buildApp({
      db,
      config: {
        clientDir: config.clientDir,
        mediaDir,
        trustProxy: config.trustProxy,
        logger: { level: config.logLevel },
      },
    });
    await app.listen({ host: config.host, port: config.port });
    const purge = () => {
      void purgeExpiredIdempotencyKeys(db).catch(() => undefined);
      void purgeEndedSessions(db).catch(() => undefined);
    };
    purge();
    purgeTimer = setInterval(purge, PURGE_EVERY_MS);
    purgeTimer.unref();
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const readyMs = Math.round(performance.now());
  say(`listening on ${url} (ready ${readyMs} ms after process start)`);
  return { app, url, readyMs, close };
}

/** Signals → one orderly shutdown; a second signal (a second later) or a hang past 20 s exits hard. */
export function closeOnSignals(server: RunningServer): void {
  let closingSince = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closingSince > 0) {
      // One Ctrl-C can arrive twice (the terminal signals the whole group, npm and tsx relay it): only a
      // deliberate second one, a moment later, forces the exit.
      if (performance.now() - closingSince > 1_000) process.exit(1);
      return;
    }
    closingSince = performance.now();
    console.info(`[salon-pos] ${signal}: shutting down`);
    const force = setTimeout(() => {
      console.error('[salon-pos] shutdown took longer than 20 s; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    server.close().then(
      () => {
        console.info('[salon-pos] stopped');
        process.exitCode = 0;
      },
      (error: unknown) => {
        console.error('[salon-pos] shutdown failed', error);
        process.exitCode = 1;
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
}

export async function runMain(): Promise<void> {
  try {
    closeOnSignals(await startServer());
  } catch (error) {
    console.error('[salon-pos] failed to start:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void runMain();
}
