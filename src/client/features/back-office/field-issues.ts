/**
 * A form's zod issues as the resource machine's field issues: per field, the issue's code and figures, so the
 * screen words them in the user's language (`admin:validation.<code>`) instead of the schema's English.
 */
import type { z } from 'zod';
import type { FieldIssues, FormValues } from '../../../../machines/resource/resource.types';

/** A string shorter than 1 is a required field left empty: its own words ("Enter …"), not "too short". */
function codeOf(issue: z.core.$ZodIssue): string {
  // A rule across fields names its own words (`params.code`, e.g. a coupon's `percent_range`).
  if (issue.code === 'custom' && typeof issue.params?.code === 'string') return issue.params.code;
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1)
    return 'required';
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  return issue.code;
}

function paramsOf(issue: z.core.$ZodIssue): Record<string, string | number> | undefined {
  if (issue.code === 'too_small') return { minimum: Number(issue.minimum) };
  if (issue.code === 'too_big') return { maximum: Number(issue.maximum) };
  return undefined;
}

export function toFieldIssues(issues: readonly z.core.$ZodIssue[]): FieldIssues {
  const out: FieldIssues = {};
  for (const issue of issues) {
    const field = issue.path.join('.') || '_form';
    const params = paramsOf(issue);
    (out[field] ??= []).push({ code: codeOf(issue), message: issue.message, ...(params ? { params } : {}) });
  }
  return out;
}

/** Only the form's own fields: a row opened for editing also holds its id and timestamps. */
export function formFields(values: FormValues, names: readonly string[]): FormValues {
  return Object.fromEntries(names.filter((name) => name in values).map((name) => [name, values[name]]));
}

/** Checks the form with the resource's schema: the form's values, or rejects with `{ fieldErrors }`. */
export function validateForm(schema: z.ZodType, values: FormValues, names: readonly string[]): FormValues {
  const own = formFields(values, names);
  const result = schema.safeParse(own);
  if (!result.success)
    throw Object.assign(new Error('invalid form'), { fieldErrors: toFieldIssues(result.error.issues) });
  return own;
}
