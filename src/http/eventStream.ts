import type { ServerResponse } from 'node:http';

export interface EventStreamOptions {
  /** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
  heartbeatMs?: number;
  /** Bytes the socket may hold unsent; past them the client is too slow and is closed with `slow_client`. */
  maxBufferedBytes?: number;
}

/** How long a closed stream's last bytes may wait for a client that does not read. */
const FAREWELL_MS = 30_000;

/** One event as the stream writes it: its id, name and JSON data lines, and the blank line that ends it. */
export const eventFrame = (event: string, data: unknown, id?: number): Buffer =>
  Buffer.from(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/** An open Server-Sent Events response. */
export interface EventStream {
  /** Writes one event; false once the stream is closed (by the client, or as too slow). */
  send(event: string, data: unknown, id?: number): boolean;
  /**
   * Writes an event already framed (`eventFrame`): the same bytes for every stream an event goes to, made once
   * rather than serialized again for each of a thousand clients.
   */
  sendFrame(frame: Buffer): boolean;
  /** Ends the stream with a last `event: error`. */
  fail(error: string, message: string): void;
  /** Runs once when the stream ends, whoever ends it. */
  onClose(listener: () => void): void;
}

/**
 * Turns a response into a Server-Sent Events stream: `text/event-stream`, no caching, no proxy buffering
 * (`X-Accel-Buffering: no`), headers sent at once, a heartbeat comment, and a bound on what the socket holds
 * unsent, past which the client gets `event: error` `{"error":"slow_client"}` and is closed while the other
 * streams go on.
 */
export function openEventStream(
  res: ServerResponse,
  { heartbeatMs = 15_000, maxBufferedBytes = 1 << 20 }: EventStreamOptions = {},
): EventStream {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  let open = true;
  const listeners: Array<() => void> = [];
  const heartbeat = setInterval(() => open && res.write(': heartbeat\n\n'), heartbeatMs);
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    for (const listener of listeners) listener();
  };
  res.once('close', close);
  const stream: EventStream = {
    send(event, data, id) {
      return stream.sendFrame(eventFrame(event, data, id));
    },
    sendFrame(frame) {
      if (!open) return false;
      if (res.writableLength > maxBufferedBytes) {
        stream.fail('slow_client', 'The stream is closed: the client read too slowly to keep up');
        return false;
      }
      res.write(frame);
      return true;
    },
    fail(error, message) {
      if (!open) return;
      res.write(eventFrame('error', { error, message }));
      res.end();
      close();
      // What the socket still holds goes out as the client reads; one that never does is cut off.
      setTimeout(() => res.destroy(), FAREWELL_MS).unref();
    },
    onClose(listener) {
      listeners.push(listener);
    },
  };
  return stream;
}
