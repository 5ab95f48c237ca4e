/**
 * Clocking in and out on the shared tablet (docs/front-desk.md "Clock in and out"), as the demo cashier runs the
 * front desk: a technician clocks in with her own PIN (a wrong one is refused with the tries left and nothing
 * changes), takes a break and ends it, and clocks out; the board follows each step and the dialog offers only
 * what her status allows. A manager clocks someone without a PIN. Daisy Vo and Emma Hoang start the demo day
 * clocked out and end the spec so.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { ClockInPage } from './support/pages/clock-in-page';
import { LoginPage } from './support/pages/login-page';

test.describe('clock in and out', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('a technician clocks in with her PIN, takes a break and clocks out; the board follows', async ({
    page,
  }) => {
    await new LoginPage(page).signIn('cashier');
    const board = new ClockInPage(page);
    await board.openBoard();
    await board.seeHeading('Clock in and out');
    await board.seeStatus('Daisy Vo', 'off');
    // The demo's morning: Bella Pham clocked in when the seed ran.
    await board.seeStatus('Bella Pham', 'working');

    await test.step('clock in: only "Clock in" is offered; a wrong PIN changes nothing', async () => {
      expect(await board.offered('Daisy Vo')).toEqual(['check_in']);
      await board.choose('check_in');
      await board.pinPad.seePad();
      await board.pinPad.tapPin('9999');
      await board.pinPad.seeRefused(/The PIN is not correct/);
      await board.pinPad.tapPin('5004');
      await board.seeDone(/Daisy Vo clocked in at \d{1,2}:\d{2}/);
      await board.seeStatus('Daisy Vo', 'working');
    });

    await test.step('a break, then back to work', async () => {
      expect(await board.offered('Daisy Vo')).toEqual(['break_start', 'check_out']);
      await board.choose('break_start');
      await board.pinPad.tapPin('5004');
      await board.seeDone('Daisy Vo started a break');
      await board.seeStatus('Daisy Vo', 'on_break');
      expect(await board.offered('Daisy Vo')).toEqual(['break_end', 'check_out']);
      await board.choose('break_end');
      await board.pinPad.tapPin('5004');
      await board.seeStatus('Daisy Vo', 'working');
    });

    await test.step('clock out', async () => {
      await board.offered('Daisy Vo');
      await board.choose('check_out');
      await board.pinPad.tapPin('5004');
      await board.seeDone('Daisy Vo clocked out');
      await board.seeStatus('Daisy Vo', 'off');
    });
  });

  test('a manager clocks a technician in and out without her PIN', async ({ page }) => {
    await new LoginPage(page).signIn('manager');
    const board = new ClockInPage(page);
    await board.openBoard();
    await board.offered('Emma Hoang');
    await board.choose('check_in');
    await board.seeDone('Emma Hoang clocked in');
    await expect(board.pinPad.pad).toHaveCount(0);
    await board.seeStatus('Emma Hoang', 'working');
    await board.offered('Emma Hoang');
    await board.choose('check_out');
    await board.seeStatus('Emma Hoang', 'off');
  });
});
