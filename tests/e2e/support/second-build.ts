/**
 * A second release of the client for the update flow (tests/e2e/update-flow.spec.ts): the same sources built
 * again by second-build.vite.ts with another app version and a marker in index.html.
 *
 * A build takes ~20-40 s on a 2-core machine, so it is kept: in the temp directory, under a key made of the
 * first build's service worker (dist/client/sw.js, which lists every file of that build with its revision),
 * the version and the marker. A rerun against the same first build, or a Playwright worker restarted after a
 * failed test, finds it ready. It is written to a scratch directory and renamed into place, so a build cut
 * short is never taken for a finished one; older keys are removed.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FIRST_BUILD = path.join(ROOT, 'dist', 'client');
const CACHE_DIR = path.join(tmpdir(), 'salon-e2e-second-build');
const SCRIPT = path.join(ROOT, 'tests', 'e2e', 'support', 'second-build.vite.ts');
const BUILD_TIMEOUT_MS = 240_000;

export interface SecondBuild {
  /** The built client, ready to serve. */
  dir: string;
  /** The app version it was built with (__APP_VERSION__). */
  appVersion: string;
  /** The content of its index.html's <meta name="salon-build">. */
  marker: string;
  /** Milliseconds spent building; 0 when a kept build was reused. */
  buildMs: number;
}

/** package.json's version with the patch number raised: what the next release would carry. */
export async function nextAppVersion(): Promise<string> {
  const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  const [major = '0', minor = '0', patch = '0'] = version.split('-')[0]!.split('.');
  return `${major}.${minor}.${Number(patch) + 1}`;
}

function runBuild(outDir: string, appVersion: string, marker: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), SCRIPT, outDir, appVersion, marker],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-10_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`the second client build exited with ${code}:\n${output}`));
    });
  });
}

export async function secondBuild(marker = 'B'): Promise<SecondBuild> {
  const appVersion = await nextAppVersion();
  const firstWorker = await readFile(path.join(FIRST_BUILD, 'sw.js'));
  const key = createHash('sha256')
    .update(firstWorker)
    .update(`\0${appVersion}\0${marker}\0`)
    .update(await readFile(SCRIPT))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(CACHE_DIR, key);
  if (existsSync(path.join(dir, 'sw.js'))) return { dir, appVersion, marker, buildMs: 0 };

  await mkdir(CACHE_DIR, { recursive: true });
  const scratch = path.join(CACHE_DIR, `${key}.building-${process.pid}-${Date.now()}`);
  const started = performance.now();
  try {
    await runBuild(scratch, appVersion, marker);
    await rename(scratch, dir).catch(async (error: unknown) => {
      // Another process finished the same build first: keep theirs.
      if (!existsSync(path.join(dir, 'sw.js'))) throw error;
      await rm(scratch, { recursive: true, force: true });
    });
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
  const buildMs = Math.round(performance.now() - started);
  for (const entry of await readdir(CACHE_DIR)) {
    if (entry !== key && !entry.includes('.building-')) {
      await rm(path.join(CACHE_DIR, entry), { recursive: true, force: true });
    }
  }
  return { dir, appVersion, marker, buildMs };
}
