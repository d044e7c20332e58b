"""Failures of the API, from its error envelope `{code, message, error}`."""
from typing import Optional


class AshareApiError(Exception):
    """A failed request: the HTTP status, the machine-readable `error`, the message and the request id to quote."""

    def __init__(self, status: int, error: str, message: str, request_id: Optional[str] = None) -> None:
        super().__init__(f"{status} {error}: {message}")
        self.status = status
        self.error = error
        self.message = message
        self.request_id = request_id


class AuthenticationError(AshareApiError):
    """401: the API key is missing or unknown."""


class PermissionDeniedError(AshareApiError):
    """403: the key's scopes or the plan do not cover this request."""


class NotFoundError(AshareApiError):
    """404: no data for the request (or no such route)."""


class RateLimitError(AshareApiError):
    """429: the account's per-minute budget is spent (retried after `Retry-After` up to `max_retries`)."""

    def __init__(self, status: int, error: str, message: str, request_id: Optional[str] = None, retry_after: Optional[float] = None) -> None:
        super().__init__(status, error, message, request_id)
        self.retry_after = retry_after


ERRORS_BY_STATUS = {401: AuthenticationError, 403: PermissionDeniedError, 404: NotFoundError, 429: RateLimitError}
