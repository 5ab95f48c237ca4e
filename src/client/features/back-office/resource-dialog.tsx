/**
 * The dialog a resource screen opens over its list (the editor, a row action's panel): centred from tablets
 * up, the whole screen on a phone, closed by Escape, the backdrop or its own buttons through `onClose`.
 */
import { Field } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/modal-dialog';
import type { DialogFrameProps } from '../../components/modal-dialog';
import type { FieldIssue } from '../../../../machines/resource/resource.types';
import { issueText } from './resource-text';

export function SheetDialog(props: Omit<DialogFrameProps, 'size'>) {
  return <DialogFrame size={{ base: 'full', md: 'md' }} {...props} />;
}

/** A field's problems in the user's language, under the field (inside its Field.Root). */
export function FieldProblems({ name, issues }: { name: string; issues: readonly FieldIssue[] | undefined }) {
  const { t } = useTranslation('admin');
  if (!issues || issues.length === 0) return null;
  return (
    <Field.ErrorText data-testid={`field-error-${name}`}>
      {issues.map((issue) => issueText(t, issue)).join(' ')}
    </Field.ErrorText>
  );
}
