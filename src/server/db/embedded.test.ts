import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isAlive } from '../../../tests/support/server/server-process';
import { startEmbeddedPostgres } from './embedded';
import type { EmbeddedPostgres } from './embedded';

const FIXTURE = fileURLToPath(new URL('./embedded.fixtures.ts', import.meta.url));

let dir: string | undefined;
let child: ChildProcess | undefined;
let orphanPid: number | undefined;
let cluster: EmbeddedPostgres | undefined;

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await cluster?.stop();
  // If a step failed before the orphan was recovered, do not leave a postgres behind.
  if (orphanPid && isAlive(orphanPid)) process.kill(orphanPid, 'SIGQUIT');
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function startChild(
  dataDir: string,
  port: number,
): Promise<{ process: ChildProcess; postmasterPid: number }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dataDir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: proc.stdout! });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(proc, 'exit').then(([code]) => {
      throw new Error(`fixture exited with ${code}`);
    }),
  ])) as [string];
  lines.close();
  return { process: proc, postmasterPid: (JSON.parse(line) as { postmasterPid: number }).postmasterPid };
}

describe('embedded PostgreSQL', () => {
  it('refuses a cluster whose owner is alive, and recovers it after the owner is killed with -9', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'salon-orphan-'));
    const port = await freePort();
    const started = await startChild(dir, port);
    child = started.process;
    orphanPid = started.postmasterPid;

    // The owner is alive: another server is using this data directory.
    await expect(startEmbeddedPostgres({ dataDir: dir, port, durable: false })).rejects.toThrow(
      /belongs to the running process/,
    );
    expect(isAlive(orphanPid)).toBe(true);

    child.kill('SIGKILL');
    await once(child, 'exit');
    // What the team measured: the postmaster outlives its killed parent and still holds the directory.
    expect(isAlive(orphanPid)).toBe(true);
    const lock = await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8');
    expect(Number.parseInt(lock, 10)).toBe(orphanPid);

    const restartedAt = performance.now();
    cluster = await startEmbeddedPostgres({ dataDir: dir, port, durable: false });
    const restartMs = performance.now() - restartedAt;
    expect(cluster.stoppedOrphanPid).toBe(orphanPid);
    expect(cluster.initialised).toBe(false);
    expect(isAlive(orphanPid)).toBe(false);
    expect(cluster.pid).not.toBe(orphanPid);
    expect(restartMs).toBeLessThan(10_000);

    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows } = await client.query<{ db: string }>('select current_database() as db');
    await client.end();
    expect(rows[0]!.db).toBe('salon');

    const pid = cluster.pid;
    await cluster.stop();
    cluster = undefined;
    expect(isAlive(pid)).toBe(false);
  });
});
