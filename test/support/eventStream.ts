/** One Server-Sent Event as a client reads it (`comment`: a line starting with `:`, e.g. a heartbeat). */
export interface ReadEvent {
  id?: string;
  event?: string;
  data?: any;
  comment?: string;
}

export interface StreamReader {
  status: number;
  headers: Headers;
  /** Every event read so far. */
  events: ReadEvent[];
  /** Waits until `count` events (heartbeat comments not counted) have been read, or fails after `timeoutMs`; returns those events. */
  waitFor(count: number, timeoutMs?: number): Promise<ReadEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseBlock(block: string): ReadEvent {
  const event: ReadEvent = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) event.comment = line.slice(1).trim();
    else if (line.startsWith('id: ')) event.id = line.slice(4);
    else if (line.startsWith('event: ')) event.event = line.slice(7);
    else if (line.startsWith('data: ')) event.data = JSON.parse(line.slice(6));
  }
  return event;
}

/** Opens an event stream with fetch and reads it as it comes. */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<StreamReader> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: ReadEvent[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (response.body !== null && response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let text = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += value;
          let at: number;
          while ((at = text.indexOf('\n\n')) >= 0) {
            events.push(parseBlock(text.slice(0, at)));
            text = text.slice(at + 2);
          }
          for (const waiter of waiters) waiter();
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    waitFor(count, timeoutMs = 5000) {
      const read = () => events.filter((event) => event.comment === undefined);
      if (read().length >= count) return Promise.resolve(read());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `waited ${timeoutMs} ms for ${count} events, got ${read().length}, the last: ${JSON.stringify(read().at(-1))?.slice(0, 300)}`,
            ),
          );
        }, timeoutMs);
        const check = () => {
          if (read().length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(read());
        };
        waiters.add(check);
      });
    },
    close: () => abort.abort(),
  };
}
