/** "Skip to content": the first tab stop of every layout jumps past the bars to <main id="main">. */
import { Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <Link
      href="#main"
      position="absolute"
      top="2"
      insetStart="2"
      zIndex="skipLink"
      px="4"
      py="2"
      bg="bg.panel"
      rounded="md"
      shadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none' }}
    >
      {t('layout.skipToContent')}
    </Link>
  );
}
