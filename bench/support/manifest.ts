/**
 * Vite's build manifest (dist/client/.vite/manifest.json) read as a graph: which chunks a cold load of a
 * route downloads. That is the entry (index.html's script) with everything it imports statically (Vite
 * emits those as modulepreload links, so they all download at once), plus the chunk of the route's screen
 * loader (routes.ts, a dynamic import per area) with its static imports. Chunks imported dynamically by
 * those (mermaid on the diagrams screen, the toast view on the first notice) are not part of a cold load.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest keys of `keys` and of every chunk they import statically, in discovery order. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const dependency of chunk.imports ?? []) visit(dependency);
  };
  for (const key of keys) visit(key);
  return [...seen];
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  return entries[0]![0];
}

const ROUTES_FILE = 'src/client/app/routes.ts';

/** `const NAME = …;` at the top level of `source` (its statement ends with `;` at the end of a line). */
function definitionOf(source: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\n)(?:export\\s+)?const\\s+${name}\\b[\\s\\S]*?;\\n(?=\\S|\\n|$)`).exec(
    source,
  );
  return match ? match[0] : null;
}

/**
 * The module a route's screen loader imports, read from routes.ts: the route object whose `path` is
 * `routePath`, its `screen` (or the page helper's default, comingSoon), followed through `const` helpers
 * (`const login = authScreen('login')` → `authScreen` → `import('./areas/auth-area')`). Returns a path
 * relative to the repo root, or null when it cannot tell (then pass --route-src). An inline
 * `screen: () => import('…')` is read too.
 */
export function routeScreenModule(routePath: string, root = REPO_ROOT): string | null {
  const source = readFileSync(path.join(root, ROUTES_FILE), 'utf8');
  const at = source.search(new RegExp(`path:\\s*['\`]${routePath.replace(/[/.]/g, '\\$&')}['\`]`));
  if (at < 0) return null;
  const start = source.lastIndexOf('({', at);
  const end = source.indexOf('})', at);
  const object = source.slice(start, end);
  // `screen: () => import('./areas/receipt-area').then(…)` written in the route object itself.
  const inline = /screen:\s*(?:async\s*)?\(\)\s*=>[\s\S]*?import\(\s*['"]([^'"]+)['"]\s*\)/.exec(object)?.[1];
  if (inline) return resolveModule(path.join(path.dirname(ROUTES_FILE), inline), root);
  let name = /screen:\s*([A-Za-z_$][\w$]*)/.exec(object)?.[1] ?? 'comingSoon';
  for (let hops = 0; hops < 5; hops++) {
    const definition = definitionOf(source, name);
    if (!definition) return null;
    const imported = /import\(\s*['"]([^'"]+)['"]\s*\)/.exec(definition)?.[1];
    if (imported) return resolveModule(path.join(path.dirname(ROUTES_FILE), imported), root);
    const next = /=\s*\(?\s*([A-Za-z_$][\w$]*)\s*\(/.exec(definition)?.[1];
    if (!next || next === name) return null;
    name = next;
  }
  return null;
}

function resolveModule(withoutExtension: string, root: string): string | null {
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const candidate = `${withoutExtension}${ext}`;
    if (existsSync(path.join(root, candidate)) && !candidate.endsWith('/')) {
      if (ext !== '' || /\.[jt]sx?$/.test(candidate)) return candidate.split(path.sep).join('/');
    }
  }
  return null;
}

export interface ColdLoad {
  entry: string;
  /** The manifest key of the route's screen chunk. */
  routeChunk: string;
  /** Entry closure first, then what the route's chunk adds. */
  keys: string[];
}

export function coldLoadOf(manifest: Manifest, routeSrc: string): ColdLoad {
  const entry = entryKey(manifest);
  if (!manifest[routeSrc]) throw new Error(`no chunk in the manifest for ${routeSrc}`);
  return { entry, routeChunk: routeSrc, keys: staticClosure(manifest, [entry, routeSrc]) };
}
