/** `count` synthetic codes for the live bench: half SSE main board from 600000, half SZSE from 000001. */
export const benchCodes = (count: number): string[] =>
  Array.from({ length: count }, (_, i) =>
    i < count / 2 ? `${600000 + i}.SH` : `${String(1 + i).padStart(6, '0')}.SZ`,
  );
