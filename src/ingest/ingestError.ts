/** A load that stopped on bad input: names the file, the line and the reason. */
export class IngestError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'IngestError';
  }
}
