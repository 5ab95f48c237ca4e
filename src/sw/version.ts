/**
 * The worker's version (docs/platform.md#start-up "initialised with current version"; GET_VERSION →
 * VERSION_INFO): the app's version from package.json plus a hash of the precache manifest. The manifest lists
 * every file of the build with its revision, so any new build is a new version, and an identical rebuild is
 * the same one.
 */
export interface ManifestEntryLike {
  url: string;
  revision?: string | null;
}

/** FNV-1a, 32 bits: tiny, deterministic, good enough to tell two builds apart (not a security hash). */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export function workerVersion(appVersion: string, entries: readonly (ManifestEntryLike | string)[]): string {
  const lines = entries
    .map((entry) => (typeof entry === 'string' ? entry : `${entry.url}@${entry.revision ?? ''}`))
    .sort();
  return `${appVersion}+${fnv1a(lines.join('\n'))}`;
}
