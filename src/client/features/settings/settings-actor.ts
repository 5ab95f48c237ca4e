/**
 * The settings editor with the app's side effects: the API calls, the group's schema, the caches a save
 * clears (settings-caches.ts) and the hand-over of the saved initial settings to the session (`onSaved`,
 * given by the app area, because a feature does not reach into the app's session).
 */
import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { InitialSettings } from '../../../contracts/auth';
import { DEFAULT_CURRENCY } from '../../../domain/constants';
import { settingsEditorMachine } from '../../../../machines/settings-editor/settings-editor.machine';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { loadSettings, saveGroup } from './settings-api';
import { clearSettingsCaches } from './settings-caches';
import { validateGroup } from './settings-form';

export interface SettingsEditorOptions {
  readOnly: boolean;
  onSaved: (initial: InitialSettings) => void;
}

export function useSettingsEditor({ readOnly, onSaved }: SettingsEditorOptions) {
  // The latest callback and currency, read when a save happens (the actor is made once).
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const currency = useRef<string>(DEFAULT_CURRENCY);
  // Made once: the refs above carry what changes between renders.
  const [logic] = useState(() =>
    settingsEditorMachine.provide({
      actors: {
        loadSettings: fromPromise(async ({ signal }) => {
          const document = await loadSettings(signal);
          currency.current = document.general.currency;
          return document;
        }),
        validateGroup: fromPromise(async ({ input }) =>
          validateGroup(input, currency.current, newIdempotencyKey),
        ),
        saveGroup: fromPromise(async ({ input, signal }) => {
          const answer = await saveGroup(input, signal);
          currency.current = answer.settings.general.currency;
          return answer;
        }),
      },
      actions: {
        clearCaches: (_, params) => {
          void clearSettingsCaches(params.group).catch(() => undefined);
        },
        publishSettings: (_, params) => saved.current(params.saved.initial),
      },
    }),
  );
  return useActorRef(logic, { input: { readOnly } });
}
