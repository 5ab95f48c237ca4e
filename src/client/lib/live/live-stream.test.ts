import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { LiveStreamEvent, LiveStreamInput } from '../../../../machines/live-channel/live-channel.types';
import { liveStream } from './live-stream';

/** Runs the stream actor under a parent that records what it sends back. */
function run(body: string[], init: ResponseInit = {}, silenceMs = 1_000) {
  const received: LiveStreamEvent[] = [];
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const fakeFetch = (async (url: string, request: RequestInit) => {
    requests.push({ url, headers: request.headers as Record<string, string> });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of body) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return new Response(stream, { status: 200, ...init });
  }) as unknown as typeof fetch;
  const input: LiveStreamInput = { storeId: 3, view: 'tv', lastEventId: 7 };
  const parent = createMachine({
    types: {} as { events: LiveStreamEvent },
    invoke: {
      src: liveStream({
        url: (i) => `/api/live/stores/${i.storeId}/events`,
        headers: () => ({ authorization: 'Bearer t' }),
        fetch: fakeFetch,
        silenceMs,
      }),
      input,
    },
    on: { '*': { actions: ({ event }) => received.push(event) } },
  });
  createActor(parent).start();
  return { received, requests };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('the live stream actor', () => {
  it('sends the last id and the session, checks each frame against its contract, and reports the end as lost', async () => {
    const { received, requests } = run([
      'retry: 2000\n: connected\n\n',
      'event: resumed\nid: 7\ndata: {"seq":7,"store_id":3}\n\n',
      'event: change\nid: 8\ndata: {"seq":8,"store_id":3,"topic":"walk_ins","ids":[5],"version":1,"truncated":false}\n\n',
      'event: change\nid: 9\ndata: {"seq":"not a number"}\n\n',
    ]);
    await until(() => received.some((e) => e.type === 'stream.lost'));
    expect(requests[0]).toMatchObject({
      url: '/api/live/stores/3/events',
      headers: { authorization: 'Bearer t', 'last-event-id': '7' },
    });
    expect(received.map((e) => e.type)).toEqual(['stream.resumed', 'stream.change', 'stream.lost']);
  });

  it('reports an error answer as lost', async () => {
    const { received } = run([], { status: 401 });
    await until(() => received.length > 0);
    expect(received).toEqual([{ type: 'stream.lost' }]);
  });
});
