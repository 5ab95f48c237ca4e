/**
 * Whether an error is a script chunk that could not be fetched (docs/platform.md "A chunk load failure gives
 * ChunkLoadError"): a lazy screen or part opened while the network is gone and no service worker has it
 * cached (a till on plain http on the salon's LAN has none). Each browser words it its own way; a Vite build
 * may also fail on the chunk's CSS or its preloaded imports.
 */
const CHUNK_MESSAGES: readonly RegExp[] = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk [\w-]+ failed/i, // webpack-style wording, kept for libraries that throw it
];

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_MESSAGES.some((pattern) => pattern.test(message));
}
