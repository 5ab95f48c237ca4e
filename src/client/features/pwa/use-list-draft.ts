/**
 * One "add an item to a device list" form (docs/platform.md#the-installable-app tab 5: widgets and
 * shortcuts): the draft being typed, the rule's field errors, and a submit that appends through the pure rule
 * of local-settings.ts and clears the draft. The draft is keystroke state of a settings form, not workflow
 * (no request, no steps), so it lives in React state; the rule and the stored list stay outside React.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { AddResult, DraftError, LocalSetting } from './local-settings';

export interface ListDraft<D> {
  draft: D;
  /** The error of one field, if the last submit refused it. */
  errorOf(field: string): DraftError | undefined;
  /** A change handler for one field of the draft. */
  field(name: keyof D & string): (value: string) => void;
  submit(event: FormEvent): void;
}

export function useListDraft<D, T>(
  empty: D,
  add: (list: readonly T[], draft: D) => AddResult<T>,
  setting: LocalSetting<T[]>,
): ListDraft<D> {
  const [draft, setDraft] = useState<D>(empty);
  const [errors, setErrors] = useState<readonly DraftError[]>([]);
  return {
    draft,
    errorOf: (name) => errors.find((error) => error.field === name),
    field: (name) => (value) => setDraft((current) => ({ ...current, [name]: value })),
    submit: (event) => {
      event.preventDefault();
      const result = add(setting.get(), draft);
      if (!result.ok) {
        setErrors(result.errors);
        return;
      }
      setting.set(result.list);
      setDraft(empty);
      setErrors([]);
    },
  };
}
