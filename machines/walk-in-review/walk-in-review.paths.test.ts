import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown, validationFailed } from '../../tests/support/machines/api-failures';
import { walkInReviewMachine } from './walk-in-review.machine';
import type { WalkInReviewEvent } from './walk-in-review.types';

const events = [
  { type: 'rating.set', rating: 5 },
  { type: 'rating.set', rating: 6 },
  { type: 'comment.change', comment: 'Lovely' },
  { type: 'technician.choose', id: 2 },
  { type: 'technician.choose', id: 99 },
  { type: 'phone.change', phone: '(555) 123-4567' },
  { type: 'submit' },
  { type: 'retry' },
  { type: 'back' },
  { type: 'again' },
  { type: 'connection.online' },
] satisfies WalkInReviewEvent[];

describeMachinePaths(walkInReviewMachine, {
  input: { createId: () => 'key-1' },
  events: [
    ...events,
    doneEvent('loadTechnicians', [{ id: 2, name: 'Binh Tran' }]),
    errorEvent('loadTechnicians', offline),
    doneEvent('submitReview', {}),
    errorEvent('submitReview', offline),
    errorEvent('submitReview', validationFailed({ phone: ['No customer has this phone.'] })),
    errorEvent('submitReview', serverDown),
  ],
  // What steers the chart: whether stars and a phone are given (submit's guard).
  facts: (s) => [s.context.rating !== null, s.context.phone !== '', s.context.technicians.length],
  compareContext: false,
  minimal: true,
});
