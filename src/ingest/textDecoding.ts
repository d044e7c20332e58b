import { openSync, readSync, closeSync } from 'node:fs';
import { Transform } from 'node:stream';

const SNIFF_BYTES = 64 * 1024;

/**
 * The encoding of a CSV file: UTF-8 (with or without BOM) unless its first 64 KB hold bytes that are not
 * UTF-8, which in Chinese market data means GBK (Excel and many Windows tools write it).
 */
export function sniffEncoding(path: string): 'utf-8' | 'gbk' {
  const buffer = Buffer.alloc(SNIFF_BYTES);
  const fd = openSync(path, 'r');
  const length = readSync(fd, buffer, 0, SNIFF_BYTES, 0);
  closeSync(fd);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, length), { stream: true });
    return 'utf-8';
  } catch {
    return 'gbk';
  }
}

/**
 * Bytes → text in the given encoding (a UTF-8 BOM is dropped). Invalid UTF-8 after the sniffed part is an
 * error naming the line, never silently replaced characters. `onBytes` reports progress.
 */
export function decodeText(encoding: 'utf-8' | 'gbk', onBytes: (bytes: number) => void): Transform {
  const decoder = new TextDecoder(encoding, { fatal: true });
  let lines = 1;
  const decode = (chunk?: Buffer): string => {
    try {
      const text = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
      return text;
    } catch {
      const lenient = chunk ? new TextDecoder(encoding).decode(chunk) : '';
      const before = lenient.slice(0, Math.max(0, lenient.indexOf('\uFFFD')));
      const line = lines + before.split('\n').length - 1;
      throw new DecodingError(line, `the file is not valid ${encoding === 'utf-8' ? 'UTF-8' : 'GBK'} text`);
    }
  };
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, callback) {
      onBytes(chunk.length);
      try {
        callback(null, decode(chunk));
      } catch (err) {
        callback(err as Error);
      }
    },
    flush(callback) {
      try {
        callback(null, decode());
      } catch (err) {
        callback(err as Error);
      }
    },
  });
}

export class DecodingError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}
