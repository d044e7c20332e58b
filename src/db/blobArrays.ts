/**
 * Arrays of numbers stored as blobs, as they are in memory: little-endian, the order of every platform Node runs
 * on, so they are written and read without converting each number.
 */

/** A blob of an array's bytes, not copied. */
export const blobOf = (numbers: ArrayBufferView): Buffer =>
  Buffer.from(numbers.buffer, numbers.byteOffset, numbers.byteLength);

/** An array of a blob's numbers, copied into memory of its own: a driver's buffer need not be aligned to their size. */
export function arrayOfBlob<T extends Float64Array | Uint32Array>(
  Type: { new (length: number): T; readonly BYTES_PER_ELEMENT: number },
  blob: Buffer,
): T {
  const numbers = new Type(blob.length / Type.BYTES_PER_ELEMENT);
  new Uint8Array(numbers.buffer).set(blob);
  return numbers;
}
