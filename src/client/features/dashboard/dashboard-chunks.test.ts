/**
 * The charts stay out of the till (docs/dashboard.md#charts-and-their-tables): only the chart card imports
 * recharts or @chakra-ui/charts, and nothing imports it or the charts module statically except each other,
 * so the bundler keeps them in the chunk dashboard-screen.tsx loads with React.lazy. (The built chunk graph was
 * checked once by hand; this keeps the source from drifting away from what made it so.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve(__dirname, '../..');
const CHART_MODULES = ['features/dashboard/dashboard-charts.tsx', 'features/dashboard/chart-card.tsx'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sources(CLIENT).map((file) => ({
  name: path.relative(CLIENT, file).split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));

/** Static imports only: `import ... from '<x>'` and `export ... from '<x>'`, not `import('<x>')`. */
const staticImports = (text: string): string[] =>
  [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]!);

describe('the dashboard charts chunk', () => {
  it('only the chart card imports the chart libraries', () => {
    const importers = files
      .filter((f) => staticImports(f.text).some((s) => s === 'recharts' || s.startsWith('@chakra-ui/charts')))
      .map((f) => f.name)
      .sort();
    expect(importers).toEqual(['features/dashboard/chart-card.tsx']);
  });

  it('nothing else imports the two statically; the screen loads the charts lazily', () => {
    const importers = files
      .filter((f) => !CHART_MODULES.includes(f.name))
      .filter((f) => staticImports(f.text).some((s) => /\/(dashboard-charts|chart-card)$/.test(s)))
      .map((f) => f.name);
    expect(importers).toEqual([]);
    const screen = files.find((f) => f.name === 'features/dashboard/dashboard-screen.tsx')!;
    expect(screen.text).toContain("lazy(() => import('./dashboard-charts'))");
  });
});
