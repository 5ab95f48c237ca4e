import type { SnapshotFrom } from 'xstate';
import type { ResourceError } from '../resource/resource.types';
import type { WalkInReviewMachine } from './walk-in-review.machine';
import type { ReviewTechnician } from './walk-in-review.types';

type Snapshot = SnapshotFrom<WalkInReviewMachine>;

export type ReviewStatus =
  'loading' | 'unavailable' | 'rating' | 'submitting' | 'offline' | 'failed' | 'done';

export const selectReviewStatus = (s: Snapshot): ReviewStatus => s.value as ReviewStatus;
export const selectTechnicians = (s: Snapshot): ReviewTechnician[] => s.context.technicians;
export const selectRating = (s: Snapshot): number | null => s.context.rating;
export const selectComment = (s: Snapshot): string => s.context.comment;
export const selectTechnicianId = (s: Snapshot): number | null => s.context.technicianId;
export const selectPhone = (s: Snapshot): string => s.context.phone;
export const selectError = (s: Snapshot): ResourceError | null => s.context.error;
export const selectCanSubmit = (s: Snapshot): boolean => s.can({ type: 'submit' });
