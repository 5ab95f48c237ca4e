/**
 * `tsx tests/e2e/support/prepare-second-build.ts`: makes the update flow's build B (second-build.ts) ahead of
 * the browser run, from the dist/client just built. `npm test` runs it beside Vitest (scripts/test.sh), where a
 * core is free, so the update-flow spec finds build B kept instead of building it while the other Playwright
 * worker waits for the CPU (docs/testing.md "Both cores busy"). Run alone, the spec still builds it itself.
 */
import { secondBuild } from './second-build';

const release = await secondBuild();
console.info(
  `[e2e] build B (${release.appVersion}) ${release.buildMs ? `built in ${release.buildMs} ms` : 'already kept'}: ${release.dir}`,
);
