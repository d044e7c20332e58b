/** `YYYY-MM-DD` in form (year, month, day captured); `isIsoDate` also checks the day exists. */
export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `YYYY-MM-DD` that names a real calendar day (no 2024-02-30). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Tushare's `YYYYMMDD` → `YYYY-MM-DD`; null when it is not a real calendar day. */
export function compactToIsoDate(text: string): string | null {
  const match = COMPACT_DATE.exec(text);
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** `YYYY-MM-DD` → Tushare's `YYYYMMDD`. */
export const isoToCompactDate = (isoDate: string): string => isoDate.replaceAll('-', '');

/** A UTC instant as the `YYYY-MM-DD HH:MM:SS` text both databases store in DATETIME columns. */
export function toSqlDateTime(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace('T', ' ');
}

/** A stored `YYYY-MM-DD HH:MM:SS` UTC value → ISO 8601 with `Z`. */
export function sqlDateTimeToIso(value: string | null): string | null {
  return value === null ? null : `${value.replace(' ', 'T')}Z`;
}

/** A time of day as `HH:MM:SS` from its minutes since midnight (and seconds past that minute). */
export const clockOf = (minutes: number, seconds = 0): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
