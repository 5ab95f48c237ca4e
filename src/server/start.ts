/**
 * `npm start`: build the client when dist/client is missing or older than its sources, then run the
 * server in this same process (one Node start, not two: start time counts, the target is < 3 s).
 */
import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './config';
import { closeOnSignals, startServer } from './main';

/** What the Vite build reads; a change in any of them makes the build stale. Tests are not inputs. */
const CLIENT_INPUTS = [
  'index.html',
  'vite.config.ts',
  'package.json',
  'src/client',
  'src/sw',
  'src/domain',
  'src/contracts',
  'machines',
  'locales',
  'public',
];

async function newestMtime(entry: string): Promise<number> {
  let info;
  try {
    info = await stat(entry);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : info.mtimeMs;
  const children = await readdir(entry);
  const times = await Promise.all(children.map((child) => newestMtime(path.join(entry, child))));
  return Math.max(0, ...times);
}

export async function clientBuildIsStale(root: string, clientDir: string): Promise<boolean> {
  const built = await stat(path.join(clientDir, 'index.html')).then(
    (s) => s.mtimeMs,
    () => 0,
  );
  if (built === 0) return true;
  const inputs = await Promise.all(CLIENT_INPUTS.map((p) => newestMtime(path.join(root, p))));
  return Math.max(...inputs) > built;
}

function buildClient(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  const root = process.cwd();
  try {
    const config = loadConfig();
    if (await clientBuildIsStale(root, config.clientDir)) {
      console.info('[salon-pos] building the client (dist/client is missing or older than its sources)');
      await buildClient(root);
    }
    closeOnSignals(await startServer(config));
  } catch (error) {
    console.error('[salon-pos] failed to start:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

void main();
