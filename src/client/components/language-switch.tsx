/**
 * The language picker of the app bars and public pages: the five languages of docs/platform.md#languages,
 * each written in its own script so anyone can find theirs. A native <select>: one tap on a tablet opens the
 * OS picker, and it works from the keyboard with no script of ours.
 */
import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../domain/constants';
import { intlLocale, isLanguage } from '../lib/format';
import { chooseLanguage, LANGUAGE_NAMES } from '../lib/i18n';

interface LanguageSwitchProps {
  size?: 'sm' | 'md' | 'lg';
}

export function LanguageSwitch({ size = 'md' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation('common');
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <NativeSelect.Root size={size} width="auto" minW="36">
      <NativeSelect.Field
        aria-label={t('language.label')}
        data-testid="language-switch"
        value={current}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLanguage(next)) void chooseLanguage(next);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={intlLocale(language)}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
