"""ashare-api's Python client: `Client`, its errors and `Table` (lists of dicts with `to_pandas()`)."""
from ._result import Result
from .client import Client
from .errors import AshareApiError, AuthenticationError, NotFoundError, PermissionDeniedError, RateLimitError
from .table import Table

__all__ = ["Client", "Result", "Table", "AshareApiError", "AuthenticationError", "PermissionDeniedError", "NotFoundError", "RateLimitError"]
