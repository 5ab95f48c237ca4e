import type { ResourceError } from '../resource/resource.types';

export interface ReviewTechnician {
  id: number;
  name: string;
}

export interface WalkInReviewInput {
  /** New ids (the review's Idempotency-Key, kept across retries). Default globalThis.crypto.randomUUID. */
  createId?: () => string;
}

/** What the app's submit call is given: the customer is found by phone (the page is public). */
export interface SubmitReviewInput {
  idempotencyKey: string;
  phone: string;
  rating: number;
  comment: string;
  technicianId: number | null;
}

export interface WalkInReviewContext {
  technicians: ReviewTechnician[];
  rating: number | null;
  comment: string;
  technicianId: number | null;
  phone: string;
  idempotencyKey: string | null;
  error: ResourceError | null;
  createId: () => string;
}

export type WalkInReviewEvent =
  | { type: 'rating.set'; rating: number }
  | { type: 'comment.change'; comment: string }
  | { type: 'technician.choose'; id: number | null }
  | { type: 'phone.change'; phone: string }
  | { type: 'submit' }
  | { type: 'retry' }
  | { type: 'back' }
  | { type: 'again' }
  | { type: 'connection.online' };
