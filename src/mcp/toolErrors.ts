import type { ErrorCode } from '../domain/api/errors';

/**
 * How an agent fixes a call that failed, by the envelope's `error` code: the text it reads next to the code
 * and message of the HTTP answer. Codes without an entry need no advice beyond their message.
 */
const FIXES: Partial<Record<ErrorCode, string>> = {
  missing_parameter: 'Give the parameter the message names (see the tool input schema).',
  invalid_parameter: 'Change the argument the message names to a value its schema allows (type, bounds, enum).',
  invalid_symbol:
    'Use a 6-digit code (600519), a standard code (600519.SH) or a prefixed one (sh.600519); an index needs the standard form (000300.SH). search_stocks finds codes by name or pinyin initials.',
  too_many_symbols: 'Ask for at most 50 symbols per call (20 for statements) and make several calls.',
  invalid_field: 'Leave out `fields` or name only fields of the tool description.',
  invalid_date_format: 'Write dates as YYYY-MM-DD, e.g. 2024-06-14.',
  date_range_too_large: 'Split the range into parts of at most 3 years and make one call per part.',
  invalid_period: 'Use one of the periods the schema lists (annual, quarterly, ttm).',
  invalid_report_type: 'Use one of the report types the schema lists.',
  invalid_cursor: 'Pass the cursor exactly as the previous page returned it, with the same symbol and date.',
  insufficient_permissions:
    'The API key lacks the scope of this tool or the plan lacks the data: use a key with the scope or upgrade the plan.',
  no_data: 'Nothing in the store matches: widen the date range, check the symbol, or ask for an earlier period.',
  not_found: 'Check the symbol or identifier.',
  rate_limit_exceeded: 'The per-minute budget of the plan is spent: wait the seconds in Retry-After, then call again.',
  service_unavailable: 'The database is not answering: retry in a few seconds.',
};

/** The text of a failed tool call: the error code first (machine-readable), its message, then how to fix the call. */
export function toolErrorText(error: { error?: string; message?: string }, retryAfter?: string | null): string {
  const code = (error.error ?? 'internal_error') as ErrorCode;
  const wait = code === 'rate_limit_exceeded' && retryAfter ? ` Retry-After: ${retryAfter} s.` : '';
  return [`error ${code}: ${error.message ?? ''}`.trim(), FIXES[code] ? `${FIXES[code]}${wait}` : wait.trim()]
    .filter(Boolean)
    .join('\n');
}
