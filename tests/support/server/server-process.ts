/**
 * The server as a real child process, for the durability test and the API benchmark: `node --import tsx
 * src/server/main.ts` (or `npm start`) on its own DATA_DIR and ports, polled over HTTP until /api/health
 * answers, then stopped cleanly (SIGTERM, as a service manager would) or crashed: `kill -9` of Node and of
 * its PostgreSQL.
 *
 * PostgreSQL runs in its own process group (src/server/db/embedded.ts: detached), so a crash kills Node
 * and the postmaster's group separately; the postmaster's pid comes from DATA_DIR/pg/postmaster.pid. Its
 * backends have their own sessions (PostgreSQL calls setsid for each child) and outlive it for a moment:
 * clearing them is the next start's job, which is part of what the durability test checks.
 *
 * Not production code: nothing in the server imports this file.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is tests/support/server/server-process.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MAIN = path.join(REPO_ROOT, 'src', 'server', 'main.ts');
/** What a child keeps of its output for the error messages (the tail is what explains a failed start). */
const OUTPUT_KEEP = 64 * 1024;

export interface ServerProcessOptions {
  dataDir: string;
  /** HTTP port (127.0.0.1). */
  port: number;
  /** Port of the embedded PostgreSQL. */
  pgPort: number;
  /** 'main': node --import tsx src/server/main.ts (default); 'npm-start': `npm start`, as a user runs it. */
  command?: 'main' | 'npm-start';
  /** Node flags before the script, e.g. ['--cpu-prof'] ('main' only). */
  nodeArgs?: string[];
  /** Extra environment (LOG_LEVEL defaults to warn). */
  env?: Record<string, string>;
  /** Where stdout and stderr go besides the kept tail; default nowhere. */
  echo?: boolean;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Settles when the child has exited. */
  readonly exited: Promise<ExitStatus>;
  /** The last 64 KB of the child's stdout and stderr. */
  output(): string;
  /** Polls /api/health until it answers 200; resolves with the ms since spawn. */
  ready(timeoutMs?: number): Promise<number>;
  /** `kill -9` of Node and of its postmaster at the same moment; resolves once both are dead. */
  crash(): Promise<{ nodePid: number; postmasterPid: number | null }>;
  /** SIGTERM (the server's orderly shutdown), then SIGKILL after `timeoutMs`; resolves with the exit. */
  stop(timeoutMs?: number): Promise<ExitStatus>;
}

/** A port the OS says is free now (another process may still take it before we do; callers retry). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Running and not a zombie (a killed postmaster's zombie stays until its new parent reaps it). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export async function waitUntil(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

/** The pid in DATA_DIR/pg/postmaster.pid, or null when there is none. */
export async function postmasterPidOf(dataDir: string): Promise<number | null> {
  try {
    const pid = Number.parseInt(
      (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')) ?? '',
      10,
    );
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** postgres://… of the embedded cluster of `dataDir` (superuser, database 'salon'), for checks in SQL. */
export async function databaseUrlOf(dataDir: string, pgPort: number, database = 'salon'): Promise<string> {
  const password = (await readFile(path.join(dataDir, 'pg.password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/${database}`;
}

/** Spawns the server; call `ready()` to wait for it. */
export function spawnServer(options: ServerProcessOptions): ServerProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    EMBEDDED_PG_PORT: String(options.pgPort),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const npm = options.command === 'npm-start';
  const child = npm
    ? // Its own process group, so stop() can signal npm, tsx and Node together as a terminal's Ctrl-C does.
      spawn('npm', ['start', '--silent'], {
        cwd: REPO_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
    : spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', MAIN], {
        cwd: REPO_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  const spawnedAt = performance.now();
  // The tail as a list of chunks, trimmed from the front: a server logging every request under a benchmark
  // must not cost its parent a 64 KB copy per line.
  const chunks: Buffer[] = [];
  let kept = 0;
  const keep = (chunk: Buffer) => {
    chunks.push(chunk);
    kept += chunk.length;
    while (chunks.length > 1 && kept - chunks[0]!.length >= OUTPUT_KEEP) kept -= chunks.shift()!.length;
    if (options.echo) process.stderr.write(chunk);
  };
  const tail = () => Buffer.concat(chunks).toString('utf8');
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  child.once('error', (error) => keep(Buffer.from(`\nspawn error: ${error.message}\n`)));
  const url = `http://127.0.0.1:${options.port}`;

  const signalAll = (signal: NodeJS.Signals) => {
    if (hasExited || child.pid === undefined) return;
    try {
      if (npm) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };

  return {
    url,
    child,
    exited,
    output: tail,

    async ready(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (hasExited) {
          const status = await exited;
          throw new Error(`the server exited during start (${JSON.stringify(status)}):\n${tail()}`);
        }
        try {
          // ECONNREFUSED until it listens; 503 while its database is not answering yet.
          const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
          await res.arrayBuffer();
          if (res.status === 200) return Math.round(performance.now() - spawnedAt);
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline)
          throw new Error(`the server was not ready within ${timeoutMs} ms:\n${tail()}`);
        await sleep(10);
      }
    },

    async crash() {
      const nodePid = child.pid;
      if (nodePid === undefined || hasExited) throw new Error('the server is not running');
      // Under npm the child is npm, not the server: a kill -9 would leave the server running.
      if (npm) throw new Error("crash() needs command 'main'");
      const postmasterPid = await postmasterPidOf(options.dataDir);
      // Both in the same tick: neither gets to notice the other's death and shut down in order.
      child.kill('SIGKILL');
      if (postmasterPid !== null) {
        try {
          process.kill(-postmasterPid, 'SIGKILL');
        } catch {
          process.kill(postmasterPid, 'SIGKILL');
        }
      }
      await exited;
      if (postmasterPid !== null) {
        await waitUntil(`postmaster ${postmasterPid} to die`, () => !isAlive(postmasterPid), 10_000);
      }
      return { nodePid, postmasterPid };
    },

    async stop(timeoutMs = 30_000) {
      if (hasExited) return exited;
      // npm start: the whole group, as Ctrl-C; the server counts a repeat within a second as one signal.
      signalAll(npm ? 'SIGINT' : 'SIGTERM');
      const timer = setTimeout(() => signalAll('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Spawns the server and waits until it serves /api/health. */
export async function startServerProcess(
  options: ServerProcessOptions,
  timeoutMs?: number,
): Promise<ServerProcess> {
  const server = spawnServer(options);
  try {
    await server.ready(timeoutMs);
  } catch (error) {
    await server.stop(5_000);
    throw error;
  }
  return server;
}
