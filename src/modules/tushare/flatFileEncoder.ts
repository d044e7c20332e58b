import { paths, startThread } from '../../paths';
import { movedBuffers, type FlatFileDone, type FlatFileJob } from './flatFileEncoding';

type Reply = { done: FlatFileDone } | { error: string };

/**
 * The export's files encoded on a thread of their own (flatFileEncoder.worker.ts), so the next session is read
 * from the database while the last one is encoded, hashed and written: the disk's and the database's time are
 * no longer added to the encoder's. Jobs are answered in the order they were posted.
 */
export class FlatFileEncoder {
  private readonly worker = startThread(paths.flatFileEncoder);
  private readonly waiting: Array<{ resolve: (done: FlatFileDone) => void; reject: (error: Error) => void }> = [];

  constructor() {
    this.worker.on('message', (reply: Reply) => {
      const next = this.waiting.shift()!;
      if ('done' in reply) next.resolve(reply.done);
      else next.reject(new Error(reply.error));
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`the encoding thread exited (${code})`)));
  }

  encode(job: FlatFileJob): Promise<FlatFileDone> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(job, movedBuffers(job.values));
    });
  }

  private failAll(error: Error): void {
    for (const next of this.waiting.splice(0)) next.reject(error);
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
