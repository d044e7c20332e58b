import { parentPort } from 'node:worker_threads';
import { loadColumnarWriters } from '../../http/answers/columnarChunks';
import { FlatFileWriter } from './flatFileEncoding';
import type { EncoderMessage } from './flatFileEncoder';

// The writers before the first message (the thread's messages wait in its queue meanwhile).
await loadColumnarWriters();

/**
 * The flat files' encoding thread (`FlatFileEncoder`): a file opened, its row groups encoded and written as they
 * come, then finished; each message answered (the finished file's outcome, or an error's message), in order.
 */
let writer: FlatFileWriter | null = null;
parentPort!.on('message', (message: EncoderMessage) => {
  try {
    if (message.kind === 'open') {
      writer?.abandon();
      writer = new FlatFileWriter(message.spec);
      parentPort!.postMessage({ ok: true });
    } else if (message.kind === 'rows') {
      writer!.write(message.values);
      parentPort!.postMessage({ ok: true });
    } else {
      const done = writer!.finish();
      writer = null;
      parentPort!.postMessage({ ok: true, done });
    }
  } catch (error) {
    writer?.abandon();
    writer = null;
    parentPort!.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
