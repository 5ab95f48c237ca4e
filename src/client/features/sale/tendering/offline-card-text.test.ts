import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { offlineAgeText, offlineRefusalText, relativeAge } from './offline-card-text';

const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

const taken = Date.parse('2025-03-01T10:00:00.000Z');
const minutes = (n: number) => taken + n * 60_000;

describe('offline card age', () => {
  it('reads in whole minutes, hours, then days, rounded down', () => {
    expect(relativeAge('en', taken, minutes(12.9))).toBe('12 minutes ago');
    expect(relativeAge('en', taken, minutes(1))).toBe('1 minute ago');
    expect(relativeAge('en', taken, minutes(125))).toBe('2 hours ago');
    expect(relativeAge('en', taken, minutes(60 * 24 * 3 + 5))).toBe('3 days ago');
  });

  it('has no age under a minute (or from a clock behind the payment)', () => {
    expect(relativeAge('en', taken, minutes(0.5))).toBeNull();
    expect(relativeAge('en', taken, minutes(-3))).toBeNull();
  });

  it("speaks the user's language, the app's codes mapped to Intl's (kr → ko, thai → th)", () => {
    expect(relativeAge('es', taken, minutes(12))).toBe('hace 12 minutos');
    expect(relativeAge('kr', taken, minutes(12))).toBe('12분 전');
    expect(relativeAge('vi', taken, minutes(12))).toBe('12 phút trước');
    expect(relativeAge('thai', taken, minutes(12))).toMatch(/^12 นาที/);
  });

  it('says "taken offline" with the age, or "just now", also for a payment without its time', () => {
    expect(offlineAgeText(t, 'en', '2025-03-01T10:00:00.000Z', minutes(12))).toBe(
      'offlineCard.takenAgo {"age":"12 minutes ago"}',
    );
    expect(offlineAgeText(t, 'en', '2025-03-01T10:00:00.000Z', minutes(0))).toBe('offlineCard.takenJustNow');
    expect(offlineAgeText(t, 'en', undefined, minutes(12))).toBe('offlineCard.takenJustNow');
  });
});

describe('offline card refusal', () => {
  it('names the per-ticket limit and what is left on the ticket', () => {
    expect(offlineRefusalText(t, { exceeded: 'perTicket', limit: 20_000, left: 5000 }, money)).toBe(
      'offlineCard.perTicketExceeded {"limit":"$200.00","left":"$50.00"}',
    );
  });

  it('names the total limit and what is left under it', () => {
    expect(offlineRefusalText(t, { exceeded: 'total', limit: 100_000, left: 16_500 }, money)).toBe(
      'offlineCard.totalExceeded {"limit":"$1000.00","left":"$165.00"}',
    );
  });

  it('says the store takes none offline when the limit is 0', () => {
    expect(offlineRefusalText(t, { exceeded: 'total', limit: 0, left: 0 }, money)).toBe('offlineCard.none');
  });
});
