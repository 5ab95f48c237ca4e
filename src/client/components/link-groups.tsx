/**
 * A page of links in groups: the back office's home (/admin) and the reports' index (/reports), one card per
 * group with a link to every screen the user may open. The app gives it the links (the route table filtered
 * by the user's role and modules, app/menu.ts), so it can never offer a screen the menu hides or miss one the
 * menu shows.
 */
import { Badge, Card, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export interface HomeLink {
  id: string;
  /** Key in the navigation namespace (the menu's own words). */
  label: string;
  path: string;
  /** The screen is planned, not built: the link says so, so nobody opens it expecting a screen. */
  comingSoon: boolean;
}

export interface HomeGroup {
  id: string;
  /** A key with its namespace (`navigation:menu.reports`). */
  label: string;
  links: readonly HomeLink[];
}

export interface LinkGroupsProps {
  groups: readonly HomeGroup[];
  /** Keys with their namespace: the heading, the line under it, and what shows when no link is allowed. */
  title: string;
  intro: string;
  none: string;
  testId: string;
}

export function LinkGroups({ groups, title, intro, none, testId }: LinkGroupsProps) {
  const { t } = useTranslation([title.split(':')[0] ?? 'navigation', 'navigation', 'common']);
  return (
    <Stack gap="6" p={{ base: '3', md: '6' }} data-testid={testId}>
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t(title)}
        </Heading>
        <Text color="fg.muted">{t(intro)}</Text>
      </Stack>
      {groups.length === 0 ? (
        <Text>{t(none)}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {groups.map((group) => (
            <Card.Root key={group.id} variant="outline" data-home-group={group.id}>
              <Card.Header>
                <Heading as="h2" size="md">
                  {t(group.label)}
                </Heading>
              </Card.Header>
              <Card.Body>
                <Stack as="ul" gap="1" listStyleType="none">
                  {group.links.map((link) => (
                    <li key={link.id}>
                      <Link
                        asChild
                        display="flex"
                        alignItems="center"
                        minH="11"
                        px="2"
                        rounded="md"
                        color="brand.fg"
                        _hover={{ bg: 'brand.subtle' }}
                        focusRingColor="brand.focusRing"
                      >
                        <RouterLink
                          to={link.path}
                          data-home-link={link.id}
                          data-coming-soon={link.comingSoon || undefined}
                        >
                          {t(link.label, { ns: 'navigation' })}
                          {link.comingSoon ? (
                            <Badge ms="2" size="sm" variant="subtle" colorPalette="gray">
                              {t('comingSoon.badge', { ns: 'common' })}
                            </Badge>
                          ) : null}
                        </RouterLink>
                      </Link>
                    </li>
                  ))}
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
