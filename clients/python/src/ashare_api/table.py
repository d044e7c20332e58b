"""Lists of records that become DataFrames: `Table` works with the standard library alone."""
from typing import Any, Dict, List

DATE_COLUMNS = ("date", "trade_date", "report_date", "ann_date", "ex_date", "record_date", "pay_date", "listing_date", "delisting_date", "end_date", "begin_date")


class Table(List[Dict[str, Any]]):
    """Rows as dicts. `to_pandas()` and `to_polars()` give frames with the date columns as dates."""

    def to_pandas(self) -> Any:
        try:
            import pandas as pd
        except ImportError as missing:
            raise ImportError("to_pandas() needs pandas: pip install pandas (or Debian's python3-pandas)") from missing
        frame = pd.DataFrame(list(self))
        for column in DATE_COLUMNS:
            if column in frame.columns:
                frame[column] = pd.to_datetime(frame[column], format="%Y-%m-%d", errors="coerce")
        return frame

    def to_polars(self) -> Any:
        try:
            import polars as pl
        except ImportError as missing:
            raise ImportError("to_polars() needs polars: pip install polars") from missing
        frame = pl.DataFrame(list(self))
        dates = [pl.col(column).str.to_date("%Y-%m-%d", strict=False) for column in DATE_COLUMNS if column in frame.columns]
        return frame.with_columns(dates) if dates else frame
