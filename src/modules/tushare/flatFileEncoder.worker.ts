import { parentPort } from 'node:worker_threads';
import { loadColumnarWriters } from '../../http/answers/columnarChunks';
import { encodeFlatFile, type FlatFileJob } from './flatFileEncoding';

// The writers before the first job (the thread's messages wait in its queue meanwhile).
await loadColumnarWriters();

/**
 * The export's encoding thread (`FlatFileEncoder`): each job posted is encoded, hashed and written, and its
 * outcome (or its error's message) posted back, in the order the jobs came.
 */
parentPort!.on('message', (job: FlatFileJob) => {
  try {
    parentPort!.postMessage({ done: encodeFlatFile(job) });
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
