/**
 * The one axe check of the end-to-end specs (0 serious or critical violations).
 *
 * WHY it waits for animations: Chakra's dialogs and drawers fade and slide in; axe run mid-animation computes
 * colour contrast on half-transparent text and reports a violation the settled screen does not have (seen
 * now and then on the sale detail drawer). The page is judged at rest: pointer off the controls (no hover
 * colour), no animation running.
 *
 * WHY legacy mode: by default AxeBuilder runs axe in every frame, then opens a blank page in the same context,
 * injects axe there again and merges the frames' results in it, so that cross-origin frames can be tested. The
 * app has no cross-origin frame, and the blank page cost more than the scan: a scan of the sale screen took
 * 4.3 s of CPU that way and 1.9 s in legacy mode (axe.run in the page, same-origin frames only), with the same
 * violations and passes (docs/testing.md "One slow check where one is enough").
 */
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export async function expectNoBlockingViolations(page: Page, include?: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' / ')}`,
    ),
  ).toEqual([]);
}
