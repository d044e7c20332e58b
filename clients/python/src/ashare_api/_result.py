"""One answer of the API: its `data`, and what the envelope holds beside it."""
from typing import Any, Dict, Generic, Optional, TypeVar

T = TypeVar("T")


class Result(Generic[T]):
    """`data` as the contract types it; `pagination` of a page/offset list; `cursor` and `has_more` of a cursor page."""

    def __init__(self, body: Dict[str, Any], request_id: Optional[str] = None) -> None:
        self.raw = body
        self.data: T = body.get("data")
        self.pagination: Optional[Dict[str, Any]] = body.get("pagination")
        self.cursor: Optional[str] = body.get("cursor")
        self.has_more: Optional[bool] = body.get("has_more")
        self.request_id = request_id

    def __repr__(self) -> str:
        return f"Result(data={self.data!r:.200})"
