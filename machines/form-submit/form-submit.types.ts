import type { FieldIssues, ResourceError } from '../resource/resource.types';

/** The form's fields as typed (every value a string, as the inputs give them). */
export type FormValues = Record<string, string>;

export interface FormSubmitInput {
  values: FormValues;
}

export interface FormSubmitContext {
  values: FormValues;
  /** Each field's problems, from the client's check or the server's 422. */
  fieldErrors: FieldIssues;
  /** A refusal that names no field (not the owner, not found, offline). */
  failure: ResourceError | null;
  /** One submit is one intent: kept across retries of the same values, dropped by any change. */
  idempotencyKey: string | null;
}

export interface SubmitFormInput {
  values: FormValues;
  idempotencyKey: string;
}

export type FormSubmitEvent =
  { type: 'field.change'; name: string; value: string } | { type: 'submit'; idempotencyKey: string };
