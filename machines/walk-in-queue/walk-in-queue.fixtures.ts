/** The queue the walk-in queue chart's tests share. */
import type { QueueView } from './walk-in-queue.types';

export const QUEUE: QueueView = {
  groups: [
    {
      key: 'any',
      employee: null,
      items: [
        {
          id: 5,
          version: 1,
          customer_name: 'Mai',
          title: null,
          telephone: '5551234567',
          stage: 'waiting',
          requested_id: null,
          requested_name: null,
          technician_id: null,
          technician_name: null,
          services: [{ id: 100, name: 'Gel manicure' }],
          notes: null,
          checked_in_at: '2026-11-27T14:00:00.000Z',
        },
      ],
    },
  ],
  technicians: [
    { id: 2, name: 'Binh Tran', suggested: true, reason: 'fewest_turns' },
    { id: 1, name: 'Anna Nguyen', suggested: false, reason: null },
  ],
  fromTurnSystem: true,
  services: [{ id: 100, name: 'Gel manicure' }],
};
