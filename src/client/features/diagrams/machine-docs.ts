/**
 * The generated machine diagrams (docs/machines/*.md, written by scripts/diagrams.ts,
 * docs/architecture.md#statecharts) read as data for the diagram screen: the files are bundled as text into
 * this screen's chunk only (Vite `?raw` glob), so the app shows the same diagrams CI keeps fresh, without a
 * copy to go stale.
 */

export interface MachineDoc {
  /** The machine id, the file's `# heading`. */
  id: string;
  /** The machine's source file (`Source: ...`). */
  source: string;
  /** The paragraphs between the source line and the first diagram (the chart's own description). */
  description: string[];
  /** Each ```mermaid block, in file order. */
  diagrams: string[];
  /** Paragraphs after the diagrams (the arrows legend, root transitions). */
  notes: string[];
}

const MERMAID_BLOCK = /```mermaid\n([\s\S]*?)```/g;

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter((p) => p.length > 0 && !p.startsWith('<!--'));
}

export function parseMachineDoc(markdown: string): MachineDoc {
  const text = markdown.replace(/\r\n/g, '\n');
  const id = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? '';
  const source = /^Source:\s*`([^`]+)`/m.exec(text)?.[1] ?? '';
  const diagrams = [...text.matchAll(MERMAID_BLOCK)].map((m) => (m[1] ?? '').trim());
  const firstBlock = text.indexOf('```mermaid');
  const lastBlockEnd = text.lastIndexOf('```');
  const head = firstBlock >= 0 ? text.slice(0, firstBlock) : text;
  const tail = firstBlock >= 0 && lastBlockEnd > firstBlock ? text.slice(lastBlockEnd + 3) : '';
  const description = paragraphs(head).filter((p) => !p.startsWith('#') && !p.startsWith('Source:'));
  return { id, source, description, diagrams, notes: paragraphs(tail) };
}

/** Every generated doc, sorted by machine id. `files` maps a path to its text (the glob import's shape). */
export function machineDocs(files: Readonly<Record<string, string>>): MachineDoc[] {
  return Object.values(files)
    .map(parseMachineDoc)
    .filter((doc) => doc.id !== '' && doc.diagrams.length > 0)
    .sort((a, b) => a.id.localeCompare(b.id));
}
