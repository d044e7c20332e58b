import { crc32, inflateSync } from 'node:zlib';

/**
 * Baostock's wire format (official client 0.9.x, confirmed by recorded captures): a message is a header
 * `version␁type␁length` (␁ = 0x01, the length zero-padded to 10 digits) and a body of ␁-separated fields. A
 * request ends with ␁, the decimal CRC32 of header and body, and `\n`. A reply ends with ␁, its CRC and
 * `<![CDATA[]]>\n`; the replies of the types in COMPRESSED carry a zlib body whose length in the header counts
 * bytes (their CRC is followed by `\n` before the marker), the others a text body whose length counts
 * characters (so a reply with Chinese names is longer in bytes than its header says).
 */
const CLIENT_VERSION = '00.9.10';
export const SPLIT = '\u0001';
export const END_MARKER = Buffer.from('<![CDATA[]]>\n');
const HEADER_BYTES = 21;
/** Replies whose body is zlib-compressed: k-data plus, and the whole market of a day (bars, factors) of 0.9.x. */
export const COMPRESSED = new Set(['96', '99', '9B', '9D']);

/** A request frame: header, body fields joined by ␁, ␁ and the CRC32 of header and body, `\n`. */
export function requestFrame(type: string, fields: readonly string[]): Buffer {
  const body = fields.join(SPLIT);
  const headAndBody = `${CLIENT_VERSION}${SPLIT}${type}${SPLIT}${String(body.length).padStart(10, '0')}${body}`;
  return Buffer.from(`${headAndBody}${SPLIT}${crc32(Buffer.from(headAndBody))}\n`);
}

/** A reply's message type and its body as text (decompressed when it was), trailer and CRC removed. */
export interface Frame {
  type: string;
  body: string;
}

/**
 * Cuts frames out of the bytes a socket delivers, in whatever pieces they come: `push` each chunk, then take
 * `next()` until it answers null (a frame is not complete yet).
 */
export class FrameReader {
  private buffered: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
  }

  next(): Frame | null {
    if (this.buffered.length < HEADER_BYTES) return null;
    const header = this.buffered.subarray(0, HEADER_BYTES).toString('latin1').split(SPLIT);
    const type = header[1] ?? '';
    const end = this.buffered.indexOf(
      END_MARKER,
      COMPRESSED.has(type) ? HEADER_BYTES + Number(header[2]) : HEADER_BYTES,
    );
    if (end < 0) return null;
    const frame = this.buffered.subarray(0, end);
    this.buffered = this.buffered.subarray(end + END_MARKER.length);
    // The body runs to the last ␁ (the CRC's); a compressed one is exactly as long as its header says.
    const body = COMPRESSED.has(type)
      ? inflateSync(frame.subarray(HEADER_BYTES, HEADER_BYTES + Number(header[2]))).toString('utf8')
      : frame.subarray(HEADER_BYTES, frame.lastIndexOf(SPLIT)).toString('utf8');
    return { type, body };
  }
}
