/**
 * The turn system (docs/turns.md): the technicians the demo seed clocked in stand on the board with the reasons
 * for their place; giving the next turn makes her busy and the next suggestion moves on, with its reason; a
 * manager moves a technician up with the manager PIN (demo 3333) and a reason, which the order then shows as
 * "moved by the manager". Positions are read, not assumed: the clock-in spec may clock people in meanwhile.
 */
import { expect } from '@playwright/test';
import { expectNoBlockingViolations } from './support/axe';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';
import { TurnSystemPage } from './support/pages/turn-system-page';

test('the turn board explains each place, follows a turn, and shows a manager move', async ({ page }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).signIn('cashier');
  const turns = new TurnSystemPage(page);
  await turns.openBoard();
  await turns.seeHeading('Turn system');

  await test.step('the seed clocked in technicians: on the board with their reasons', async () => {
    for (const name of ['Anna Nguyen', 'Bella Pham', 'Chloe Le']) {
      await expect(turns.row(name)).toHaveCount(1);
      await expect(turns.reasons(name).filter({ hasText: /^Turns today: \d/ })).toHaveCount(1);
    }
    await expectNoBlockingViolations(page);
    await expect(
      turns.reasons('Anna Nguyen').filter({ hasText: /^In the queue since \d{1,2}:\d{2}/ }),
    ).toHaveCount(1);
  });

  const first = await turns.nextName();
  await test.step('the next turn goes to who is next, and the next suggestion changes with its reason', async () => {
    await turns.giveNextTurn();
    await expect(turns.row(first)).toHaveAttribute('data-state', 'busy');
    await expect(turns.reasons(first).first()).toHaveText(/^With a customer since \d{1,2}:\d{2}/);
    await expect(page.getByTestId('turn-next')).not.toHaveText(`Next: ${first}`);
    const second = await turns.nextName();
    await expect(turns.reasons(second).filter({ hasText: /^In the queue since/ })).toHaveCount(1);
    await turns.finish(first);
    await expect(turns.row(first)).toHaveAttribute('data-state', 'available');
  });

  await test.step('a manager moves a technician up with the PIN and a reason', async () => {
    await turns.openOrder();
    await expectNoBlockingViolations(page);
    const last = turns.page.locator('[data-testid="turn-row"]').last();
    const name = (await last.getAttribute('data-name')) ?? '';
    const position = Number(await last.getAttribute('data-position'));
    await turns.moveUp(name, 'Came back from lunch early', '3333');
    await expect(turns.row(name)).toHaveAttribute('data-position', String(position - 1));
    await expect(turns.reasons(name).first()).toHaveText(
      /^Moved by the manager \(.+\) at \d{1,2}:\d{2}.*: Came back from lunch early$/,
    );
  });
});
