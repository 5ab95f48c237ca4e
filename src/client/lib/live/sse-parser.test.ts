import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

describe('SSE framing', () => {
  it('reads frames split anywhere across chunks, with comments counted apart', () => {
    const parser = createSseParser();
    expect(parser.push('retry: 2000\n: connected\n\nevent: snap')).toEqual({ frames: [], comments: 1 });
    expect(parser.push('shot\nid: 4\ndata: {"seq":4}\n\n: heartbeat\n\n')).toEqual({
      frames: [{ event: 'snapshot', id: '4', data: '{"seq":4}' }],
      comments: 1,
    });
  });

  it('joins data lines, defaults the event to message and reads CRLF line ends', () => {
    const parser = createSseParser();
    expect(parser.push('data: a\r\ndata: b\r\n\r\n').frames).toEqual([
      { event: 'message', id: null, data: 'a\nb' },
    ]);
  });
});
