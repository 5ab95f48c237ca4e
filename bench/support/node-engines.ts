/**
 * Which installed packages say they need a newer Node than the project's floor (package.json engines.node,
 * >=20.19.0; the team's machines and CI run Node 20). Walks node_modules, nested node_modules included, and
 * reads each package's `engines.node`. Written when lighthouse was added (docs/decisions/008): several of
 * its neighbours' newer majors need Node 22, and npm only warns about engines.
 *
 *   npx tsx bench/support/node-engines.ts            exit 1 when a package needs more than the floor
 *   npx tsx bench/support/node-engines.ts 20.19.0    check another Node version
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { REPO_ROOT } from './manifest';

interface PackageJson {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

function* packageDirs(modulesDir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(modulesDir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.startsWith('.')) continue;
    const dir = path.join(modulesDir, entry);
    if (entry.startsWith('@')) {
      for (const scoped of readdirSync(dir)) {
        yield path.join(dir, scoped);
        yield* packageDirs(path.join(dir, scoped, 'node_modules'));
      }
      continue;
    }
    yield dir;
    yield* packageDirs(path.join(dir, 'node_modules'));
  }
}

export interface EngineProblem {
  dir: string;
  name: string;
  version: string;
  node: string;
}

export function packagesNeedingNewerNode(
  nodeVersion: string,
  root = REPO_ROOT,
): { checked: number; problems: EngineProblem[] } {
  const problems: EngineProblem[] = [];
  let checked = 0;
  for (const dir of packageDirs(path.join(root, 'node_modules'))) {
    let pkg: PackageJson;
    try {
      pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
    } catch {
      continue;
    }
    checked++;
    const node = pkg.engines?.node;
    if (!node || !semver.validRange(node)) continue;
    if (!semver.satisfies(nodeVersion, node, { includePrerelease: true })) {
      problems.push({
        dir: path.relative(root, dir),
        name: pkg.name ?? path.basename(dir),
        version: pkg.version ?? '?',
        node,
      });
    }
  }
  return { checked, problems };
}

function main(): void {
  const floor = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as PackageJson)
    .engines?.node;
  const nodeVersion = process.argv[2] ?? semver.minVersion(floor ?? '20.19.0')?.version ?? '20.19.0';
  const { checked, problems } = packagesNeedingNewerNode(nodeVersion);
  for (const p of problems) console.info(`${p.dir} ${p.version}: engines.node "${p.node}"`);
  console.info(
    `${checked} installed packages checked against Node ${nodeVersion}: ${problems.length} need newer`,
  );
  if (problems.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
