/**
 * The machine diagrams for admins (docs/architecture.md#statecharts "The app also shows them (a docs/diagram
 * screen for admins, loading the renderer lazily)"): every statechart of machines/, as generated into
 * docs/machines, so a product owner can review the flows without reading the source.
 */
import { Box, Card, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { machineDocs } from './machine-docs';
import { MermaidDiagram } from './mermaid-diagram';

const files = import.meta.glob<string>('../../../../docs/machines/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const DOCS = machineDocs(files);

export function DiagramsScreen() {
  const { t } = useTranslation(['common', 'navigation']);
  return (
    <Stack gap="6" p={{ base: '4', md: '6' }} maxW="6xl" mx="auto" w="full">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          {t('screens.adminDiagrams', { ns: 'navigation' })}
        </Heading>
        <Text color="fg.muted">{t('diagrams.intro', { total: DOCS.length })}</Text>
      </Stack>
      <Box as="nav" aria-label={t('diagrams.contents')}>
        <List.Root variant="plain" display="flex" flexWrap="wrap" gap="3">
          {DOCS.map((doc) => (
            <List.Item key={doc.id}>
              <Link href={`#machine-${doc.id}`} color="brand.fg" fontWeight="medium" minH="11" px="2">
                {doc.id}
              </Link>
            </List.Item>
          ))}
        </List.Root>
      </Box>
      {DOCS.map((doc) => (
        <Card.Root key={doc.id} id={`machine-${doc.id}`} as="section" data-testid="machine-diagram">
          <Card.Header>
            <Heading as="h2" size="lg">
              {doc.id}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t('diagrams.source')}{' '}
              <Text as="code" fontFamily="mono">
                {doc.source}
              </Text>
            </Text>
          </Card.Header>
          <Card.Body gap="4">
            {doc.description.map((p) => (
              <Text key={p}>{p}</Text>
            ))}
            {doc.diagrams.map((code, i) => (
              <MermaidDiagram
                key={`${doc.id}-${i}`}
                diagramKey={`${doc.id}-${i}`}
                code={code}
                label={t('diagrams.diagramOf', { machine: doc.id })}
              />
            ))}
            {doc.notes.map((p) => (
              <Text key={p} fontSize="sm" color="fg.muted">
                {p}
              </Text>
            ))}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
