/**
 * A Server-Sent Events reader for API tests and benches: a real HTTP request to a listening app (app.inject
 * waits for a response to end, and an event stream never ends), parsed into events as they arrive.
 *
 *   const tv = await openSse(`${base}/api/live/stores/1/events?view=tv`, a.headers('staff'));
 *   const change = await tv.next((e) => e.event === 'change');
 *   tv.close();
 */
import http from 'node:http';

export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
  /** performance.now() when the event's last line arrived. */
  at: number;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  comments: number;
  /** The first event (from now on, or already received and not yet taken) that matches. */
  next(match?: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openSse(
  url: string,
  headers: Record<string, string> = {},
  agent?: http.Agent,
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent }, (res) => {
      const events: SseEvent[] = [];
      let taken = 0;
      const waiters = new Set<() => void>();
      let buffer = '';
      let endResolve!: () => void;
      const ended = new Promise<void>((r) => (endResolve = r));
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments: 0,
        ended,
        close: () => request.destroy(),
        next: (match = () => true, timeoutMs = 5_000) =>
          new Promise<SseEvent>((ok, fail) => {
            const look = (): boolean => {
              for (let i = taken; i < events.length; i++) {
                if (match(events[i]!)) {
                  taken = i + 1;
                  ok(events[i]!);
                  return true;
                }
              }
              return false;
            };
            if (look()) return;
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              fail(new Error(`no matching event within ${timeoutMs} ms (got ${events.length})`));
            }, timeoutMs);
            const waiter = () => {
              if (look()) {
                clearTimeout(timer);
                waiters.delete(waiter);
              }
            };
            waiters.add(waiter);
          }),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let id: string | null = null;
          const data: string[] = [];
          let fields = 0;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              client.comments += 1;
              continue;
            }
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event = value;
            else if (field === 'id') id = value;
            else if (field === 'data') data.push(value);
            else continue;
            fields += 1;
          }
          if (fields > 0 && data.length > 0) {
            events.push({ event, id, data: data.join('\n'), at: performance.now() });
            for (const waiter of [...waiters]) waiter();
          }
        }
      });
      res.on('end', endResolve);
      res.on('close', endResolve);
      resolve(client);
    });
    request.on('error', reject);
  });
}
