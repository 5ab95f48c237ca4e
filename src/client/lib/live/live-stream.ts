/**
 * The live channel's `stream` actor (machines/live-channel; docs/live.md): the store's event stream read with
 * fetch, so the session token (or a kiosk's token) goes in a header and the chart owns reconnection. Each frame
 * is checked against its contract (src/contracts/live.ts) and sent to the chart; the stream ending, failing,
 * answering an error or going silent past LIVE_SILENCE_MS (heartbeats come every 15 s) is `stream.lost`.
 */
import { fromCallback } from 'xstate';
import type { EventObject } from 'xstate';
import type { LiveStreamEvent, LiveStreamInput } from '../../../../machines/live-channel/live-channel.types';
import {
  LIVE_EVENT,
  LIVE_SILENCE_MS,
  liveChangeSchema,
  liveResumedSchema,
  liveSnapshotSchema,
} from '../../../contracts/live';
import { createSseParser } from './sse-parser';
import type { SseFrame } from './sse-parser';

export interface LiveStreamOptions {
  /** The stream's URL for the chart's input (e.g. liveEventsPath under /api). */
  url: (input: LiveStreamInput) => string;
  /** Headers of each opening (the session's Authorization, a kiosk's token). */
  headers: () => Record<string, string>;
  fetch?: typeof fetch;
  silenceMs?: number;
}

function toEvent(frame: SseFrame): LiveStreamEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(frame.data);
  } catch {
    return null;
  }
  if (frame.event === LIVE_EVENT.SNAPSHOT) {
    const parsed = liveSnapshotSchema.safeParse(data);
    return parsed.success ? { type: 'stream.snapshot', snapshot: parsed.data } : null;
  }
  if (frame.event === LIVE_EVENT.CHANGE) {
    const parsed = liveChangeSchema.safeParse(data);
    return parsed.success ? { type: 'stream.change', change: parsed.data } : null;
  }
  if (frame.event === LIVE_EVENT.RESUMED) {
    const parsed = liveResumedSchema.safeParse(data);
    return parsed.success ? { type: 'stream.resumed', resumed: parsed.data } : null;
  }
  return null;
}

export function liveStream(options: LiveStreamOptions) {
  return fromCallback<EventObject, LiveStreamInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const silenceMs = options.silenceMs ?? LIVE_SILENCE_MS;
    let over = false;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const lose = () => {
      if (over) return;
      over = true;
      clearTimeout(silence);
      controller.abort();
      sendBack({ type: 'stream.lost' });
    };
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(lose, silenceMs);
    };
    const run = async () => {
      heard();
      const response = await (options.fetch ?? fetch)(options.url(input), {
        headers: {
          accept: 'text/event-stream',
          ...options.headers(),
          ...(input.lastEventId !== null ? { 'last-event-id': String(input.lastEventId) } : {}),
        },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) return lose();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = createSseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || over) break;
        heard();
        for (const frame of parser.push(value).frames) {
          const event = toEvent(frame);
          if (event) sendBack(event);
        }
      }
      lose();
    };
    run().catch(lose);
    return () => {
      over = true;
      clearTimeout(silence);
      controller.abort();
    };
  });
}
