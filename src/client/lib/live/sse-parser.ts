/**
 * Server-Sent Events framing (the WHATWG event-stream format as the server writes it, docs/live.md): blocks end
 * with a blank line; `event:`, `id:` and `data:` fields; lines starting with ':' are comments (heartbeats).
 * Incremental: feed chunks as they arrive, whatever their boundaries.
 */
export interface SseFrame {
  event: string;
  id: string | null;
  data: string;
}

export interface SseParser {
  /** The frames completed by this chunk, and how many comment lines it held. */
  push(chunk: string): { frames: SseFrame[]; comments: number };
}

export function createSseParser(): SseParser {
  let buffer = '';
  return {
    push(chunk) {
      buffer += chunk.replace(/\r\n?/g, '\n');
      const frames: SseFrame[] = [];
      let comments = 0;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        let id: string | null = null;
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) {
            comments += 1;
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = value;
          else if (field === 'id') id = value;
          else if (field === 'data') data.push(value);
        }
        if (data.length > 0) frames.push({ event, id, data: data.join('\n') });
      }
      return { frames, comments };
    },
  };
}
