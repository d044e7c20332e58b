import type { components } from './api.js';
import { AshareApiError } from './errors.js';

export type Quote = components['schemas']['Quote'];
export type LiveBar = components['schemas']['LiveBar'];
/** One event of the live stream: a quote snapshot or a moving one-minute bar, with its id. */
export type LiveEvent =
  { id: string | undefined; event: 'quote'; data: Quote } | { id: string | undefined; event: 'bar'; data: LiveBar };

export interface StreamOptions {
  /** Ends the stream (and its reconnects). */
  signal?: AbortSignal;
  /** Resume after this event id (what `Last-Event-ID` carries). */
  lastEventId?: string;
  /** Wait before reconnecting after the server closed the stream or the connection dropped (ms). */
  reconnectMs?: number;
}

/** The events of one Server-Sent Events body as they arrive, the id of each kept for a resume. */
async function* readEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<{ id?: string; event?: string; data?: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const event: { id?: string; event?: string; data?: string } = {};
      for (const line of block.split('\n')) {
        const colon = line.indexOf(': ');
        if (line.startsWith(':') || colon < 0) continue;
        const [field, content] = [line.slice(0, colon), line.slice(colon + 2)];
        if (field === 'id' || field === 'event' || field === 'data') event[field] = content;
      }
      if (event.event !== undefined) yield event;
    }
  }
}

/**
 * The live stream as an async iterator: quote and bar events; when the server closes it (`slow_client`, a
 * restart) or the connection drops, it reconnects after `reconnectMs` with the last id seen, so the server
 * resumes after it. Refusals (a bad key, too many streams, unknown symbols) throw `AshareApiError`.
 */
export async function* liveStream(
  open: (lastEventId: string | undefined, signal?: AbortSignal) => Promise<Response>,
  options: StreamOptions = {},
): AsyncGenerator<LiveEvent> {
  let lastEventId = options.lastEventId;
  while (!options.signal?.aborted) {
    let response: Response;
    try {
      response = await open(lastEventId, options.signal);
    } catch (err) {
      if (options.signal?.aborted) return;
      throw err;
    }
    if (!response.ok) throw await AshareApiError.fromResponse(response, await response.json().catch(() => undefined));
    try {
      for await (const event of readEvents(response.body!)) {
        if (event.id !== undefined) lastEventId = event.id;
        if (event.event === 'quote' || event.event === 'bar')
          yield { id: event.id, event: event.event, data: JSON.parse(event.data ?? 'null') } as LiveEvent;
      }
    } catch (err) {
      if (options.signal?.aborted) return;
      if (!(err instanceof TypeError)) throw err; // a dropped connection surfaces as a TypeError: reconnect
    }
    await new Promise((resolve) => setTimeout(resolve, options.reconnectMs ?? 1000));
  }
}
