/**
 * One Mermaid diagram rendered to SVG. Mermaid (~0.5 MB gzipped with its renderers) is imported on first use,
 * so only this screen ever downloads it (docs/architecture.md#statecharts "loading the renderer lazily").
 *
 * The render is a promise cached per diagram and read with React's use() under Suspense: nothing copies it
 * into component state, and a second visit shows the cached SVG at once. securityLevel 'strict' makes
 * Mermaid sanitise labels (DOMPurify) before the SVG reaches the page.
 */
import { Alert, Box, Spinner } from '@chakra-ui/react';
import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import type mermaidApi from 'mermaid';

type RenderResult = { svg: string } | { error: string };

let mermaidModule: Promise<typeof mermaidApi> | null = null;

function loadMermaid() {
  mermaidModule ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });
    return mermaid;
  });
  return mermaidModule;
}

const renders = new Map<string, Promise<RenderResult>>();

function renderDiagram(key: string, code: string): Promise<RenderResult> {
  let result = renders.get(key);
  if (!result) {
    // Mermaid uses the id for the SVG element and its internal style scope: it must be a valid, unique id.
    const elementId = `mermaid-${key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
    result = loadMermaid()
      .then((mermaid) => mermaid.render(elementId, code))
      .then(
        ({ svg }) => ({ svg }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      );
    renders.set(key, result);
  }
  return result;
}

interface MermaidDiagramProps {
  /** Unique across the page (machine id + block index). */
  diagramKey: string;
  code: string;
  /** Accessible name of the drawing. */
  label: string;
}

function DiagramSvg({ diagramKey, code, label }: MermaidDiagramProps) {
  const { t } = useTranslation('common');
  const result = use(renderDiagram(diagramKey, code));
  if ('error' in result) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('diagrams.renderFailed')}</Alert.Title>
          <Alert.Description>{result.error}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Box
      role="img"
      aria-label={label}
      overflowX="auto"
      css={{ '& svg': { maxWidth: 'none', height: 'auto' } }}
      data-testid="diagram-svg"
      dangerouslySetInnerHTML={{ __html: result.svg }}
    />
  );
}

export function MermaidDiagram(props: MermaidDiagramProps) {
  const { t } = useTranslation('common');
  return (
    <Suspense
      fallback={
        <Box py="8" textAlign="center">
          <Spinner size="lg" color="brand.solid" aria-label={t('diagrams.rendering')} />
        </Box>
      }
    >
      <DiagramSvg {...props} />
    </Suspense>
  );
}
