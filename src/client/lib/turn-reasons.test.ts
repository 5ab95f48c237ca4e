import { describe, expect, it } from 'vitest';
import { reasonText } from './turn-reasons';

const time = (at: string) => at.slice(11, 16);

describe('turn reasons in words', () => {
  it('words every reason by its code, with its values and times in the store clock', () => {
    expect(reasonText({ code: 'fewest_turns', turns: 2.5 }, time)).toEqual({
      key: 'reasons.fewest_turns',
      values: { turns: 2.5 },
    });
    expect(reasonText({ code: 'queued_since', at: '2026-03-02T09:02:00Z', waitedMinutes: 58 }, time)).toEqual(
      {
        key: 'reasons.queued_since',
        values: { time: '09:02', minutes: 58 },
      },
    );
    expect(reasonText({ code: 'bonus_left', count: 1 }, time).values).toEqual({ count: 1 });
    expect(
      reasonText(
        {
          code: 'moved_by_manager',
          at: '2026-03-02T11:10:00Z',
          by: '3',
          by_name: 'Mai',
          reason: 'Back from lunch',
          position: 1,
        },
        time,
      ),
    ).toEqual({
      key: 'reasons.moved_by_manager',
      values: { name: 'Mai', time: '11:10', reason: 'Back from lunch', position: 1 },
    });
    expect(reasonText({ code: 'unavailable', state: 'busy', since: '2026-03-02T10:00:00Z' }, time)).toEqual({
      key: 'reasons.unavailable.busy',
      values: { time: '10:00' },
    });
  });
});
