import type { components } from '../../../generated/api';

export type ErrorCode = components['schemas']['ErrorCode'];

/**
 * Each error code's HTTP status and its message when the thrower gives none: the table of the contract's
 * `ErrorCode` schema. `satisfies` makes a code added to the contract fail to compile until it has a row here.
 */
const ERRORS = {
  missing_parameter: [400, 'Missing required parameter'],
  invalid_parameter: [400, 'Invalid parameter'],
  invalid_symbol: [400, 'Invalid symbol'],
  too_many_symbols: [400, 'Too many symbols'],
  invalid_field: [400, 'Unknown field'],
  invalid_date_format: [400, 'Invalid date'],
  date_range_too_large: [400, 'Date range too large'],
  invalid_period: [400, 'Invalid period'],
  invalid_report_type: [400, 'Invalid report type'],
  invalid_cursor: [400, 'Invalid cursor'],
  invalid_key: [401, 'Unauthorized: Invalid API key'],
  invalid_token: [401, 'Unauthorized: Invalid or expired session'],
  invalid_credentials: [401, 'Invalid email or password'],
  insufficient_permissions: [403, 'Forbidden: Insufficient permissions'],
  not_found: [404, 'Not found'],
  no_data: [404, 'No data'],
  method_not_allowed: [405, 'Method not allowed'],
  email_taken: [409, 'Email already registered'],
  key_limit_reached: [409, 'The account holds the most API keys it may'],
  payload_too_large: [413, 'Request body too large'],
  unsupported_media_type: [415, 'Unsupported content type'],
  range_not_satisfiable: [416, 'Range not satisfiable'],
  rate_limit_exceeded: [429, 'Rate limit exceeded'],
  internal_error: [500, 'Internal server error'],
  service_unavailable: [503, 'Service unavailable, retry later'],
} as const satisfies Record<ErrorCode, readonly [number, string]>;

/** An expected failure with its machine-readable code; the status comes from the code. The error handler renders it. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERRORS[code][1],
  ) {
    super(message);
    this.status = ERRORS[code][0];
    this.name = 'AppError';
  }
}

const named = (code: ErrorCode) => (message?: string) => new AppError(code, message);

export const missingParameter = named('missing_parameter');
export const invalidParameter = named('invalid_parameter');
export const invalidSymbol = named('invalid_symbol');
export const tooManySymbols = named('too_many_symbols');
export const invalidField = named('invalid_field');
export const invalidDateFormat = named('invalid_date_format');
export const dateRangeTooLarge = named('date_range_too_large');
export const invalidCursor = named('invalid_cursor');
export const invalidKey = named('invalid_key');
export const invalidToken = named('invalid_token');
export const invalidCredentials = named('invalid_credentials');
export const insufficientPermissions = named('insufficient_permissions');
export const notFound = named('not_found');
export const noData = named('no_data');
export const methodNotAllowed = named('method_not_allowed');
export const emailTaken = named('email_taken');
export const keyLimitReached = named('key_limit_reached');
export const payloadTooLarge = named('payload_too_large');
export const unsupportedMediaType = named('unsupported_media_type');
export const rangeNotSatisfiable = named('range_not_satisfiable');
export const rateLimitExceeded = named('rate_limit_exceeded');
export const internalError = named('internal_error');
export const serviceUnavailable = named('service_unavailable');
