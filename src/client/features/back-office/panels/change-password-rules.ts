/**
 * What the "Change password" panel checks before it sends anything (docs/back-office-members.md "Secrets"):
 * the new password with the contract's own schema (the server parses the body with it too), then the second
 * typing against the first. The issues carry codes the screen words in the user's language.
 */
import type { FieldIssues } from '../../../../../machines/resource/resource.types';
import { setUserPasswordBody } from '../../../../contracts/users';
import { toFieldIssues } from '../field-issues';

export interface PasswordForm {
  new_password: string;
  confirm: string;
}

export function passwordIssues(values: PasswordForm): FieldIssues {
  const parsed = setUserPasswordBody.safeParse({ new_password: values.new_password });
  if (!parsed.success) return toFieldIssues(parsed.error.issues);
  if (values.confirm !== values.new_password) {
    return { confirm: [{ code: 'confirmMismatch', message: 'The two passwords are not the same.' }] };
  }
  return {};
}
