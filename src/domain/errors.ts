import type { components } from '../../generated/api';

export type ErrorCode = components['schemas']['ErrorCode'];

/** An expected failure with its HTTP status and machine-readable code; the error handler renders it. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const noData = (message: string) => new AppError(404, 'no_data', message);
