import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStoreDate, rangeLabel } from './book-dates';

// A device far west of the dates' day (UTC−10) must still print the store's date, not the day before.
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Honolulu';
});
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe('store dates in the header', () => {
  it("prints the store's date whatever the device's zone", () => {
    expect(formatStoreDate('2026-11-01', 'en')).toMatch(/Sunday.*November 1.*2026/);
    expect(formatStoreDate('2026-11-01', 'es')).toMatch(/domingo.*1.*noviembre.*2026/);
  });

  it('labels a day with its date, a week with its first and last days', () => {
    expect(rangeLabel('2026-11-27', 1, 'en')).toMatch(/Friday.*November 27/);
    const week = rangeLabel('2026-11-22', 7, 'en');
    expect(week).toMatch(/Nov 22/);
    expect(week).toMatch(/28/);
  });
});
