import { paths, startThread } from '../../paths';
import { movedBuffers, type FlatFileDone, type FlatFileSpec, type PackedColumn } from './flatFileEncoding';

/** What the encoding thread is asked: open a file, write a row group of it, finish it. */
export type EncoderMessage =
  { kind: 'open'; spec: FlatFileSpec } | { kind: 'rows'; values: PackedColumn[] } | { kind: 'finish' };

type Reply = { ok: true; done?: FlatFileDone } | { ok: false; error: string };

/**
 * The flat files encoded on a thread of their own (flatFileEncoder.worker.ts), so the next rows are read from the
 * database while the last are encoded, hashed and written: the disk's and the database's time are no longer added
 * to the encoder's. One file at a time, its row groups posted as they are read; every message is answered, in
 * the order posted.
 */
export class FlatFileEncoder {
  // A small young generation: each row group's arrays are collected as it is written, not piled up to the
  // default's size, which the export's peak RSS showed.
  private readonly worker = startThread(paths.flatFileEncoder, { maxYoungGenerationSizeMb: 12 });
  private readonly waiting: Array<{ resolve: (reply: Reply & { ok: true }) => void; reject: (error: Error) => void }> =
    [];

  constructor() {
    this.worker.on('message', (reply: Reply) => {
      const next = this.waiting.shift()!;
      if (reply.ok) next.resolve(reply);
      else next.reject(new Error(reply.error));
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`the encoding thread exited (${code})`)));
  }

  open(spec: FlatFileSpec): Promise<void> {
    return this.post({ kind: 'open', spec }).then(() => undefined);
  }

  /** A row group of the open file; its number columns' buffers are moved to the thread, not copied. */
  write(values: PackedColumn[]): Promise<void> {
    return this.post({ kind: 'rows', values }, movedBuffers(values)).then(() => undefined);
  }

  async finish(): Promise<FlatFileDone> {
    return (await this.post({ kind: 'finish' })).done!;
  }

  private post(message: EncoderMessage, transfer: ArrayBuffer[] = []): Promise<Reply & { ok: true }> {
    const answered = new Promise<Reply & { ok: true }>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.worker.postMessage(message, transfer);
    // Its failure is met where it is awaited; until then it is not an unhandled rejection.
    answered.catch(() => undefined);
    return answered;
  }

  private failAll(error: Error): void {
    for (const next of this.waiting.splice(0)) next.reject(error);
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
