/**
 * The page of a screen the spec declares but a later issue builds ("they render a clear
 * 'coming soon' page that says so"). It names the screen from the route's title (the router puts the
 * route's title key in the match's handle), so each planned route reads as itself, not as a generic stub.
 */
import { Badge, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';

interface TitleHandle {
  titleKey?: string;
}

function useScreenTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as TitleHandle | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return undefined;
}

export function ComingSoonScreen() {
  const { t } = useTranslation(['common', 'navigation']);
  const titleKey = useScreenTitleKey();
  const screen = titleKey ? t(titleKey, { ns: 'navigation' }) : t('comingSoon.thisScreen');
  return (
    <Stack
      align="center"
      justify="center"
      textAlign="center"
      gap="4"
      py="16"
      px="6"
      data-testid="coming-soon"
    >
      <Badge colorPalette="brand" size="lg" variant="subtle">
        {t('comingSoon.badge')}
      </Badge>
      <Heading as="h1" size="2xl">
        {screen}
      </Heading>
      <Text fontSize="lg" color="fg.muted" maxW="lg">
        {t('comingSoon.message', { screen })}
      </Text>
    </Stack>
  );
}
