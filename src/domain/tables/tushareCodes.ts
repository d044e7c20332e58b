import type { AppError, ErrorCode } from '../api/errors';

/**
 * The Tushare-compatible endpoint answers every failure with HTTP 200 and a non-zero `code` (Tushare's SDK
 * raises `msg` as an exception; a non-2xx status would make it return an empty frame without a word). Codes
 * Tushare documents are kept: 2002 for a permission problem, 40101 for a token it does not know, 40203 for the
 * per-minute limit; the others are this service's, stable and listed in the contract (`TushareCode`).
 */
export const TUSHARE_CODES = {
  ok: 0,
  permission: 2002,
  badParameter: 40001,
  badToken: 40101,
  rateLimited: 40203,
  noSuchApi: 40400,
  notYetVisible: 40404,
  internal: 50000,
  unavailable: 50300,
} as const;

const CODE_OF: Partial<Record<ErrorCode, number>> = {
  invalid_key: TUSHARE_CODES.badToken,
  insufficient_permissions: TUSHARE_CODES.permission,
  rate_limit_exceeded: TUSHARE_CODES.rateLimited,
  not_found: TUSHARE_CODES.noSuchApi,
  no_data: TUSHARE_CODES.notYetVisible,
  internal_error: TUSHARE_CODES.internal,
  service_unavailable: TUSHARE_CODES.unavailable,
};

/** Tushare's own text for the per-minute limit, so code that retries on it keeps working. */
export const rateLimitMessage = (perMinute: number) =>
  `抱歉，您每分钟最多访问该接口${perMinute}次，权限的具体详情访问：https://tushare.pro/document/1?doc_id=108。`;

/** A failure as Tushare answers it: HTTP 200, a non-zero code and the reason; `perMinute` names the budget of a 429. */
export function tushareFailure(error: AppError, perMinute: number | null, requestId: string) {
  const code = CODE_OF[error.code] ?? TUSHARE_CODES.badParameter;
  const msg = error.code === 'rate_limit_exceeded' && perMinute !== null ? rateLimitMessage(perMinute) : error.message;
  return { request_id: requestId, code, msg, data: null };
}
