import { describe, expect, it } from 'vitest';
import { nextForWhom } from './walk-in-queue';

describe('who is next for whom', () => {
  it("gives each technician their first customer and anyone's first, in queue order", () => {
    const queue = [
      { id: 1, name: 'Ann L.', technicianId: 7 },
      { id: 2, name: 'Bo', technicianId: null },
      { id: 3, name: 'Cam T.', technicianId: 7 },
      { id: 4, name: 'Dao N.', technicianId: 9 },
      { id: 5, name: 'Em', technicianId: null },
    ];
    expect(nextForWhom(queue).map((n) => [n.technicianId, n.walkIn.id])).toEqual([
      [7, 1],
      [null, 2],
      [9, 4],
    ]);
  });

  it('is empty for an empty queue', () => {
    expect(nextForWhom([])).toEqual([]);
  });
});
