/**
 * Every failure of the API as one error: `status` is the HTTP status, `error` the machine-readable code of
 * the envelope (`invalid_symbol`, `rate_limit_exceeded`, …; `http_error` when the body was not an envelope)
 * and `message` the envelope's message.
 */
export class AshareApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'AshareApiError';
  }

  /** The error of a response that is not a success, from its `{code, message, error}` envelope. */
  static async fromResponse(response: Response, body?: unknown): Promise<AshareApiError> {
    const envelope = (body ??
      (await response
        .clone()
        .json()
        .catch(() => undefined))) as { error?: unknown; message?: unknown } | undefined;
    const code = typeof envelope?.error === 'string' ? envelope.error : 'http_error';
    const message =
      typeof envelope?.message === 'string' ? envelope.message : `HTTP ${response.status} ${response.statusText}`;
    return new AshareApiError(response.status, code, message);
  }
}
