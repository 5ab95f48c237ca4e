/**
 * The dialog a resource screen opens over its list (the editor, a row action's panel): centred from tablets
 * up, the whole screen on a phone, closed by Escape, the backdrop or its own buttons through `onClose`.
 */
import { Dialog, Field, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIssue } from '../../../../machines/resource/resource.types';
import { issueText } from './resource-text';

export function SheetDialog({
  open,
  onClose,
  testId,
  data,
  children,
}: {
  open: boolean;
  onClose: () => void;
  testId: string;
  /** `data-*` attributes of the content (its status, its action) for tests and styles. */
  data?: Record<`data-${string}`, string | undefined>;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size={{ base: 'full', md: 'md' }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} {...data}>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
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
