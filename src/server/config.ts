/**
 * Server settings from the environment, validated once at start (a typo in PORT fails loudly, not later).
 *
 * | variable          | default        | meaning                                                          |
 * | ----------------- | -------------- | ---------------------------------------------------------------- |
 * | PORT              | 3000           | HTTP port of the app and API                                     |
 * | HOST              | 127.0.0.1      | interface; 0.0.0.0 to serve the salon's tablets on the LAN       |
 * | DATABASE_URL      | (none)         | external PostgreSQL; when set, no embedded server is started     |
 * | DATA_DIR          | ./data         | embedded PostgreSQL cluster (DATA_DIR/pg) and other local data   |
 * | EMBEDDED_PG_PORT  | 5433           | port of the embedded PostgreSQL (127.0.0.1 only)                 |
 * | CLIENT_DIR        | ./dist/client  | the built SPA served at /                                        |
 * | LOG_LEVEL         | info           | fatal, error, warn, info, debug, trace or silent                 |
 * | TRUST_PROXY       | false          | true behind a reverse proxy (client IPs for rate limits)         |
 *
 * Web Push reads its own (src/server/services/push.ts, ADR 009): VAPID_SUBJECT, PUSH_ENDPOINT_HOSTS, and for
 * TESTS ONLY, never set by default, PUSH_TEST_SERVICE_ORIGIN + PUSH_TEST_SERVICE_CA (one local push service the
 * end-to-end run delivers to; refused unless https on a loopback address).
 *
 * 127.0.0.1 by default: a fresh `npm start` must not expose a till to the network by surprise. 5433 for
 * the embedded cluster: next to, not on, the 5432 of a PostgreSQL the machine may already run.
 */
import path from 'node:path';
import { z } from 'zod';

export interface ServerConfig {
  host: string;
  port: number;
  databaseUrl: string | null;
  dataDir: string;
  /** false when DATA_DIR was not set: the default may then move where the postgres OS user can reach it. */
  dataDirExplicit: boolean;
  embeddedPgPort: number;
  clientDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
}

const port = z.coerce.number().int().min(0).max(65_535);
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).optional(),
  EMBEDDED_PG_PORT: port.default(5433),
  CLIENT_DIR: z.string().min(1).default(path.join('dist', 'client')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag,
});

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid server environment: ${problems}`);
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: path.resolve(cwd, e.DATA_DIR ?? 'data'),
    dataDirExplicit: e.DATA_DIR !== undefined,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    clientDir: path.resolve(cwd, e.CLIENT_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}
