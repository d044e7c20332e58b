"""The client against a live server on a seeded store (2024 daily bars of four stocks, statements, reference data)."""
import json
import os
import re
import sys
import threading
import types
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import List

import pytest

from ashare_api import AuthenticationError, Client, NotFoundError, PermissionDeniedError, RateLimitError, Table
from ashare_api.errors import AshareApiError


def raw_json(server, path):
    request = urllib.request.Request(server["base_url"] + path, headers={"X-API-KEY": server["key"]})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def snake(name):
    return re.sub(r"[A-Z]", lambda letter: "_" + letter.group().lower(), name)


def test_every_typed_method_answers_what_the_route_answers(server):
    client = Client(server["base_url"], server["key"])
    for operation_id, path in server["samples"].items():
        route, _, query = path.partition("?")
        params = dict(urllib.parse.parse_qsl(query))
        result = getattr(client, snake(operation_id))(**params)
        assert result.data == raw_json(server, path)["data"], operation_id


def test_get_any_route_with_pagination_beside_the_data(server):
    result = Client(server["base_url"], server["key"]).get("/v1/stock/list", date="2018-06-01", exchange="SZSE", limit=3)
    assert len(result.data) == 3
    assert result.pagination["items_per_page"] == 3


def test_daily_of_three_symbols_over_five_years_equals_the_json_of_the_requests_it_split_into(server):
    client = Client(server["base_url"], server["key"])
    table = client.daily(["000001", "000333.SZ", "000651"], "2020-01-01", "2024-12-31")
    expected = []
    for begin, end in (("2022-01-01", "2024-12-31"), ("2020-01-01", "2021-12-31")):
        path = f"/v1/market/daily?symbol=000001,000333.SZ,000651&begin_date={begin}&end_date={end}&limit=1000"
        try:
            expected.append(raw_json(server, path)["data"])
        except urllib.error.HTTPError as failed:
            assert failed.code == 404  # the store holds 2024 only: the older window has no bars
    rows = [{"symbol": s["symbol"], "name": s["name"], **bar} for data in expected for s in data for bar in s["daily"]]
    order = {"000001.SZ": 0, "000333.SZ": 1, "000651.SZ": 2}
    assert table == sorted(rows, key=lambda row: order[row["symbol"]])
    assert len(table) == 3 * 242
    ascending = client.daily("000001,000333.SZ,000651", "2020-01-01", "2024-12-31", ascending=True)
    assert [row["date"] for row in ascending[:2]] == ["2024-01-02", "2024-01-03"]
    try:
        frame = table.to_pandas()
    except ImportError as missing:
        assert "pip install pandas" in str(missing)
        return
    assert str(frame["date"].dtype).startswith("datetime64")
    assert frame.shape == (726, len(table[0]))
    assert frame["close"].tolist() == [row["close"] for row in table]


def test_without_pandas_tables_are_lists_of_dicts(server):
    table = Client(server["base_url"], server["key"]).cross_section("2024-12-31", fields="name,close")
    assert isinstance(table, Table) and isinstance(table[0], dict)
    assert table[0] == {"date": "2024-12-31", "symbol": "000001.SZ", "name": "平安银行", "close": 11.7}


def test_iterates_a_paginated_list_and_the_trades_cursor_to_the_end(server):
    client = Client(server["base_url"], server["key"])
    every = list(client.iter_pages("/v1/stock/list", limit=7, date="2018-06-01", exchange="SZSE"))
    whole = raw_json(server, "/v1/stock/list?date=2018-06-01&exchange=SZSE&limit=100")
    assert len(every) == whole["pagination"]["total_items"]
    assert every[:100] == whole["data"]
    trades = list(client.iter_trades("000001", limit=10))
    assert len(trades) == len({(t["time"], t["seq"]) for t in trades}) > 10
    assert trades == sorted(trades, key=lambda t: (t["time"], t["seq"]))


def test_an_error_per_status(server):
    client = Client(server["base_url"], server["key"])
    with pytest.raises(AshareApiError) as bad:
        client.get_daily("abc")
    assert (bad.value.status, bad.value.error) == (400, "invalid_symbol")
    with pytest.raises(AuthenticationError):
        Client(server["base_url"], "ak_nope").get_daily("000001")
    with pytest.raises(PermissionDeniedError):
        Client(server["base_url"], server["starter_key"]).get_trades("000001")
    with pytest.raises(NotFoundError) as missing:
        client.get_intraday("000333")
    assert missing.value.error == "no_data" and missing.value.request_id


class _Flaky(BaseHTTPRequestHandler):
    """Answers 429 with Retry-After: 1 to the first request, then 200: the wire format of a spent budget."""

    calls = 0

    def do_GET(self):  # noqa: N802 (http.server's name)
        type(self).calls += 1
        if type(self).calls == 1:
            body, status, headers = {"code": 429, "message": "Rate limit exceeded: 2 requests per minute", "error": "rate_limit_exceeded"}, 429, {"Retry-After": "1"}
        else:
            body, status, headers = {"code": 200, "message": "success", "data": []}, 200, {}
        payload = json.dumps(body).encode()
        self.send_response(status)
        for name, value in {"Content-Type": "application/json", "Content-Length": str(len(payload)), **headers}.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


def test_a_429_is_retried_after_retry_after_and_bounded():
    httpd = HTTPServer(("127.0.0.1", 0), _Flaky)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}"
    try:
        assert Client(base, "ak_x", max_retries=2).get("/v1/stock/search", keyword="x").data == []
        assert _Flaky.calls == 2
        _Flaky.calls = 0
        with pytest.raises(RateLimitError) as limited:
            Client(base, "ak_x", max_retries=0).get("/v1/stock/search", keyword="x")
        assert limited.value.retry_after == 1.0
    finally:
        httpd.shutdown()


def test_quote_answers_what_the_route_answers(server):
    client = Client(server["base_url"], server["key"])
    assert client.quote(["600519", "000001.SZ"]) == raw_json(server, "/v1/market/quote?symbol=600519,000001.SZ")["data"]


def test_stream_yields_live_quotes_and_resumes_without_a_gap_across_the_server_closing_it(server):
    # The server publishes a quote of 600519 every 50 ms and ends every stream every 20th (test/clients/python-client.test.ts).
    client = Client(server["base_url"], server["key"])
    events = client.stream("600519", channels=["quote"], reconnect_wait=0.05, max_reconnects=20)
    live = []
    for event in events:
        assert event["event"] == "quote" and event["data"]["symbol"] == "600519.SH"
        if event["id"] is not None:
            live.append(int(event["id"]))
        if len(live) == 45:
            break
    events.close()
    assert live == list(range(live[0], live[0] + 45))


DAILY = {"symbol": "000001,600000", "begin_date": "2024-12-02", "end_date": "2024-12-31", "fields": "date,close,volume"}


def test_frame_without_pyarrow_is_the_ndjson_rows_with_dates(server, monkeypatch):
    if os.environ.get("ASHARE_BLOCK_PANDAS") == "1":
        return
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    client = Client(server["base_url"], server["key"])
    frame = client.frame("/v1/market/daily", **DAILY)
    series = client.get("/v1/market/daily", **DAILY).data
    rows = [(s["symbol"], bar["date"], bar["close"], bar["volume"]) for s in series for bar in s["daily"]]
    assert list(frame.columns) == ["symbol", "name", "adj_anchor_date", "date", "close", "volume"]
    assert str(frame["date"].dtype).startswith("datetime64")
    assert [(r.symbol, r.date.strftime("%Y-%m-%d"), r.close, r.volume) for r in frame.itertuples()] == rows


class _ArrowReader:
    """pyarrow.ipc as far as `frame` uses it, recording the bytes it is given (Debian packages no pyarrow)."""

    streams: List[bytes] = []

    @classmethod
    def open_stream(cls, body):
        cls.streams.append(body)
        return cls()

    def read_pandas(self):
        return "frame"


def test_frame_with_pyarrow_reads_the_arrow_stream_of_the_route(server, monkeypatch):
    pyarrow = types.ModuleType("pyarrow")
    pyarrow.ipc = _ArrowReader  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyarrow", pyarrow)
    monkeypatch.setitem(sys.modules, "pyarrow.ipc", _ArrowReader)
    assert Client(server["base_url"], server["key"]).frame("/v1/market/daily", **DAILY) == "frame"
    (body,) = _ArrowReader.streams
    # An Arrow IPC stream: its first message (the schema) behind the continuation marker, the end-of-stream last.
    assert body[:4] == b"\xff\xff\xff\xff" and body[-8:] == b"\xff\xff\xff\xff\x00\x00\x00\x00"


def _files_frame_equals_the_daily_route(server, monkeypatch):
    client = Client(server["base_url"], server["key"])
    listed = client.get("/v1/files", dataset="daily", begin_date="2024-12-02", end_date="2024-12-31").data["files"]
    assert listed and all(file["url"].startswith("/v1/files/daily/") for file in listed)
    frame = client.files("daily", "2024-12-02", "2024-12-31")
    assert list(frame.columns) == ["ts_code", "trade_date", "open", "high", "low", "close", "pre_close", "change", "pct_chg", "vol", "amount"]
    assert str(frame["trade_date"].dtype).startswith("datetime64")
    assert frame["trade_date"].min() >= __import__("pandas").Timestamp("2024-12-02")
    # Every bar of two stocks in the range equals the traded bar of the daily route (its volume in whole lots).
    series = client.get("/v1/market/daily", symbol="000001,600000", begin_date="2024-12-02", end_date="2024-12-31", adjusted="false", fields="date,close,volume").data
    route = sorted((s["symbol"], bar["date"], bar["close"], bar["volume"]) for s in series for bar in s["daily"])
    mine = frame[frame["ts_code"].isin(["000001.SZ", "600000.SH"])]
    files = sorted((r.ts_code, r.trade_date.strftime("%Y-%m-%d"), r.close, round(r.vol)) for r in mine.itertuples())
    assert files == route and len(route) > 0


def test_files_read_without_pyarrow_by_the_numpy_reader(server, monkeypatch):
    if os.environ.get("ASHARE_BLOCK_PANDAS") == "1":
        with pytest.raises(ImportError):
            Client(server["base_url"], server["key"]).files("daily")
        return
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    _files_frame_equals_the_daily_route(server, monkeypatch)
