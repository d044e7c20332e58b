"""The HTTP client: typed methods (generated), `get` for any route, retries, pagination and table helpers."""
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import date, datetime, timedelta, timezone
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from ._generated import GeneratedOperations
from ._result import Result
from .errors import ERRORS_BY_STATUS, AshareApiError, NotFoundError, RateLimitError
from .table import Table

MAX_SYMBOLS = 50
#: The bars of a 3-year window (about 730 trading days) fit one answer (the daily route's cap is 1,000).
MAX_BAR_LIMIT = 1000
BEIJING = timezone(timedelta(hours=8))


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(item) for item in value)
    return str(value)


def _years_back(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


def three_year_windows(begin: date, end: date) -> List[tuple]:
    """[begin, end] as windows of at most three years (the API's bound), newest first."""
    windows = []
    while end >= begin:
        start = max(begin, _years_back(end, 3) + timedelta(days=1))
        windows.append((start, end))
        end = start - timedelta(days=1)
    return windows


def _events(response: Any) -> Iterator[Dict[str, str]]:
    """The events of a Server-Sent Events body, line by line as they arrive (comments skipped)."""
    event: Dict[str, str] = {}
    for raw in response:
        line = raw.decode("utf-8").rstrip("\r\n")
        if line == "":
            if "event" in event:
                yield event
            event = {}
        elif not line.startswith(":"):
            field, _, value = line.partition(": ")
            event[field] = value


def _frame_of(pd: Any, body: bytes) -> Any:
    """A flat file's bytes as a DataFrame: pyarrow's reader where installed, else the numpy one."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        from .parquet import read_parquet

        return pd.DataFrame(read_parquet(body))
    return pq.read_table(pa.BufferReader(body)).to_pandas(date_as_object=False)


class Client(GeneratedOperations):
    """ashare-api over HTTP. The key comes from `api_key` or `ASHARE_API_KEY`; a 429 is retried after its
    `Retry-After` (at most `max_retry_wait` seconds each) up to `max_retries` times."""

    def __init__(self, base_url: str = "http://localhost:8080", api_key: Optional[str] = None, timeout: float = 30, max_retries: int = 3, max_retry_wait: float = 60) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key or os.environ.get("ASHARE_API_KEY")
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait

    # -- requests -----------------------------------------------------------------------------------------
    def get(self, path: str, **params: Any) -> Result:
        """One GET of any data route: a `Result` (`data`, `pagination`, `cursor`), or an `AshareApiError`."""
        body, request_id = self._fetch(path, params)
        return Result(json.loads(body.decode("utf-8")), request_id)

    def frame(self, path: str, **params: Any) -> Any:
        """A table route's rows as a pandas DataFrame, the same rows as its CSV: read from the route's Arrow
        stream (`format=arrow`: typed columns, no text parsed) when pyarrow is installed, else from its NDJSON
        rows with the date columns as dates."""
        try:
            import pyarrow.ipc as ipc
        except ImportError:
            body, _ = self._fetch(path, dict(params, format="ndjson"))
            return Table(json.loads(line) for line in body.decode("utf-8").splitlines() if line).to_pandas()
        body, _ = self._fetch(path, dict(params, format="arrow"))
        return ipc.open_stream(body).read_pandas()

    def files(self, dataset: str, begin_date: Optional[str] = None, end_date: Optional[str] = None, workers: int = 8) -> Any:
        """A dataset's rows from the flat files (`/v1/files`) as one pandas DataFrame: the manifest's files of the
        range fetched `workers` at a time and read as they arrive — by pyarrow when it is installed, else by this
        package's numpy reader of the service's Parquet (`parquet.py`) — then cut to the range (a file holds its
        whole year, month or day). Tushare's layout and units, as `/dataapi` answers; dates as datetime64."""
        try:
            import pandas as pd
        except ImportError as missing:
            raise ImportError("files() needs pandas: pip install pandas (or Debian's python3-pandas)") from missing
        listed = self.get("/v1/files", dataset=dataset, begin_date=begin_date, end_date=end_date).data["files"]
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            frames = list(pool.map(lambda file: _frame_of(pd, self._fetch(file["url"], {})[0]), listed))
        if not frames:
            return pd.DataFrame()
        frame = pd.concat(frames, ignore_index=True)
        day = next((column for column in ("trade_date", "ann_date") if column in frame.columns), None)
        if day is not None and (begin_date or end_date):
            keep = pd.Series(True, index=frame.index)
            if begin_date:
                keep &= frame[day] >= pd.Timestamp(begin_date)
            if end_date:
                keep &= frame[day] <= pd.Timestamp(end_date)
            frame = frame[keep].reset_index(drop=True)
        return frame

    def _fetch(self, path: str, params: Dict[str, Any]) -> Tuple[bytes, Optional[str]]:
        """The body of a GET and its request id, a 429 retried after its `Retry-After`."""
        query = urllib.parse.urlencode({name: _query_value(value) for name, value in params.items() if value is not None})
        url = f"{self.base_url}{path}{'?' + query if query else ''}"
        for attempt in range(self.max_retries + 1):
            try:
                return self._send(url)
            except RateLimitError as limited:
                wait = limited.retry_after if limited.retry_after is not None else 1.0
                if attempt == self.max_retries or wait > self.max_retry_wait:
                    raise
                time.sleep(wait)
        raise AssertionError("unreachable")

    def _call(self, path: str, params: Dict[str, Any]) -> Any:
        return self.get(path, **params)

    def _send(self, url: str) -> Tuple[bytes, Optional[str]]:
        request = urllib.request.Request(url, headers={"X-API-KEY": self.api_key or "", "Accept": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.read(), response.headers.get("X-Request-Id")
        except urllib.error.HTTPError as failed:
            raise self._error(failed) from None

    @staticmethod
    def _error(failed: urllib.error.HTTPError) -> AshareApiError:
        try:
            body = json.loads(failed.read().decode("utf-8"))
        except ValueError:
            body = {}
        kind = ERRORS_BY_STATUS.get(failed.code, AshareApiError)
        args = (failed.code, body.get("error", "unknown"), body.get("message", failed.reason), failed.headers.get("X-Request-Id"))
        if kind is RateLimitError:
            retry_after = failed.headers.get("Retry-After")
            return RateLimitError(*args, retry_after=float(retry_after) if retry_after else None)
        return kind(*args)

    # -- live ---------------------------------------------------------------------------------------------
    def quote(self, symbols: Union[str, Sequence[str]]) -> List[Dict[str, Any]]:
        """The latest quote of 1-50 symbols that the key's plan sees, in request order (`basis` `live`, or
        `close`: the latest daily bar where no live quote is visible)."""
        codes = symbols if isinstance(symbols, str) else ",".join(symbols)
        return self.get("/v1/market/quote", symbol=codes).data

    def stream(self, symbols: Union[str, Sequence[str]], channels: Sequence[str] = ("quote", "bar"), last_event_id: Optional[str] = None, reconnect_wait: float = 1.0, max_reconnects: Optional[int] = None) -> Iterator[Dict[str, Any]]:
        """The live stream (Server-Sent Events) as a generator of `{"id", "event", "data"}`, `event` being
        `quote` or `bar`. When the server ends the stream (a restart, a client too slow) or the connection
        drops, it reconnects after `reconnect_wait` seconds with the last id seen, and the server resumes after
        it; `max_reconnects` bounds that (None: forever). Refusals raise `AshareApiError`."""
        codes = symbols if isinstance(symbols, str) else ",".join(symbols)
        query = urllib.parse.urlencode({"symbol": codes, "channels": ",".join(channels)}, safe=",")
        url = f"{self.base_url}/v1/market/stream?{query}"
        reconnects = 0
        while True:
            headers = {"X-API-KEY": self.api_key or "", "Accept": "text/event-stream"}
            if last_event_id is not None:
                headers["Last-Event-ID"] = last_event_id
            try:
                with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=self.timeout) as response:
                    for event in _events(response):
                        if event.get("event") == "error":
                            break
                        if "id" in event:
                            last_event_id = event["id"]
                        yield {"id": event.get("id"), "event": event["event"], "data": json.loads(event.get("data", "null"))}
            except urllib.error.HTTPError as failed:
                raise self._error(failed) from None
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            reconnects += 1
            if max_reconnects is not None and reconnects > max_reconnects:
                return
            time.sleep(reconnect_wait)

    # -- iteration ----------------------------------------------------------------------------------------
    def iter_pages(self, path: str, limit: int = 100, **params: Any) -> Iterator[Dict[str, Any]]:
        """Every item of a page/offset list, page after page, fetched as the loop reaches it."""
        page = 1
        while True:
            result = self.get(path, limit=limit, page=page, **params)
            yield from result.data
            if not result.pagination or not result.pagination["has_next_page"]:
                return
            page += 1

    def iter_trades(self, symbol: str, limit: int = 1000, **params: Any) -> Iterator[Dict[str, Any]]:
        """Every trade of a session in time order, following the cursor page after page."""
        cursor = None
        while True:
            result = self.get("/v1/market/trades", symbol=symbol, limit=limit, cursor=cursor, **params)
            yield from result.data
            if not result.has_more:
                return
            cursor = result.cursor

    # -- tables ---------------------------------------------------------------------------------------------
    def daily(self, symbols: Union[str, Sequence[str]], begin_date: Optional[str] = None, end_date: Optional[str] = None, adjusted: bool = True, ascending: bool = False) -> Table:
        """Daily bars as one long table (`symbol`, `name`, `date`, the bar fields), newest first as served (or
        by symbol and date ascending). More than 50 symbols or more than three years are asked for in several
        requests; a window without bars adds no rows."""
        codes = [code.strip() for code in (symbols.split(",") if isinstance(symbols, str) else symbols) if code.strip()]
        if begin_date is None:
            windows: List[tuple] = [(None, end_date)]
        else:
            end = date.fromisoformat(end_date) if end_date else datetime.now(BEIJING).date()
            windows = [(start.isoformat(), stop.isoformat()) for start, stop in three_year_windows(date.fromisoformat(begin_date), end)]
        rows = Table()
        for at in range(0, len(codes), MAX_SYMBOLS):
            chunk = codes[at:at + MAX_SYMBOLS]
            for start, stop in windows:
                try:
                    result = self.get_daily(",".join(chunk) + ("," if len(chunk) == 1 else ""), begin_date=start, end_date=stop, adjusted=adjusted, limit=MAX_BAR_LIMIT if start else None)
                except NotFoundError:
                    continue
                for series in result.data:
                    rows.extend({"symbol": series["symbol"], "name": series["name"], **bar} for bar in series["daily"])
        if ascending:
            rows.sort(key=lambda row: (row["symbol"], row["date"]))
        else:
            # Grouped by symbol in request order; within one, windows come newest first and so do their bars (a stable sort).
            order = {code: i for i, code in enumerate(dict.fromkeys(row["symbol"] for row in rows))}
            rows.sort(key=lambda row: order[row["symbol"]])
        return rows

    def cross_section(self, date: Optional[str] = None, **filters: Any) -> Table:
        """Every security's bar and valuation on one day (the latest by default), one row each with its `date`."""
        section = self.get_market_cross_section(date=date, **filters).data
        return Table({"date": section["date"], **row} for row in section["securities"])

    def income_statement(self, symbols: Union[str, Sequence[str]], **params: Any) -> Table:
        """Income statements of up to 10 symbols as one table: `symbol`, `name` and each period's figures."""
        joined = symbols if isinstance(symbols, str) else ",".join(symbols)
        data = self.get_income_statement(joined + ("" if "," in joined else ","), **params).data
        return Table({"symbol": one["symbol"], "name": one["name"], **record} for one in data for record in one["income_statements"])

    def stock_list(self, date: Optional[str] = None, **filters: Any) -> Table:
        """The whole stock list (as of `date`: the universe of that day), every page."""
        return Table(self.iter_pages("/v1/stock/list", date=date, **filters))


