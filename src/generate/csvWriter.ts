import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

/** Writes CSV lines through a buffer, waiting for the disk when the stream asks (memory stays flat). */
export class CsvWriter {
  private readonly stream: WriteStream;
  private buffer: string[] = [];
  private size = 0;
  rows = 0;

  constructor(
    path: string,
    private readonly header: string[],
  ) {
    this.stream = createWriteStream(path);
    this.buffer.push(header.join(',') + '\n');
  }

  /** A row given by column name, in the header's order; a column it lacks is empty. */
  writeRecord(record: Readonly<Record<string, string | number | null>>): Promise<void> {
    return this.write(this.header.map((column) => record[column] ?? null));
  }

  async write(values: ReadonlyArray<string | number | null>): Promise<void> {
    const line = values.map((value) => (value === null ? '' : value)).join(',') + '\n';
    this.buffer.push(line);
    this.size += line.length;
    this.rows++;
    if (this.size > 1 << 20) await this.flush();
  }

  private async flush(): Promise<void> {
    const chunk = this.buffer.join('');
    this.buffer = [];
    this.size = 0;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async close(): Promise<number> {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
    return this.rows;
  }
}
