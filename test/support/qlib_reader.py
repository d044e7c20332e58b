"""Reads a qlib provider_uri directory the way qlib 0.9 does, for the export's tests.

Features as `qlib/data/storage/file_storage.py`'s FileFeatureStorage reads them (the start index from the first
4 bytes, then a seek and `np.frombuffer(..., dtype="<f")`), the calendar and instruments as its Calendar and
Instrument storages parse them, and PIT fields as `qlib/data/data.py`'s LocalPITProvider does (numpy records
`[("date","I"),("period","I"),("value","d"),("_next","I")]`, the `.index` file's first year and per-quarter
offsets, the `_next` chain up to the day asked). Written for this project's tests from those files (MIT).

Usage: qlib_reader.py ROOT < request.json; the request names instruments, fields and PIT queries; the answer is
JSON on stdout (NaN as null).
"""
import json
import struct
import sys
from pathlib import Path

import numpy as np

DATA_RECORDS = [("date", "I"), ("period", "I"), ("value", "d"), ("_next", "I")]
NAN_INDEX = 0xFFFFFFFF


def calendar(root):
    with open(root / "calendars" / "day.txt") as fp:
        return [line.strip() for line in fp.readlines() if line.strip()]


def instruments(root, market):
    spans = []
    with open(root / "instruments" / f"{market}.txt") as fp:
        for line in fp:
            name, start, end = line.rstrip("\n").split("\t")[:3]
            spans.append([name, start, end])
    return spans


def feature(root, instrument, field):
    path = root / "features" / instrument.lower() / f"{field.lower()}.day.bin"
    with path.open("rb") as fp:
        start = int(np.frombuffer(fp.read(4), dtype="<f")[0])
    count = path.stat().st_size // 4 - 1
    with path.open("rb") as fp:
        fp.seek(4)
        data = np.frombuffer(fp.read(4 * count), dtype="<f")
    return {"start": start, "values": [None if np.isnan(v) else float(v) for v in data]}


def period_offset(first_year, period):
    return (period // 100 - first_year) * 4 + period % 100 - 1


def pit_value(root, instrument, field, period, date_int):
    folder = root / "financial" / instrument.lower()
    data = np.fromfile(folder / f"{field}.data", dtype=DATA_RECORDS)
    with open(folder / f"{field}.index", "rb") as fi:
        (first_year,) = struct.unpack("I", fi.read(struct.calcsize("I")))
        all_periods = np.fromfile(fi, dtype="I")
    record_bytes = struct.calcsize("".join(kind for _, kind in DATA_RECORDS))
    offset = period_offset(first_year, period)
    if offset < 0 or offset >= len(all_periods):
        return None
    _next = all_periods[offset]
    value = None
    while _next != NAN_INDEX:
        date, _, record_value, new_next = data[_next // record_bytes]
        if date > date_int:
            break
        value = float(record_value)
        _next = new_next
    return value


def main():
    root = Path(sys.argv[1])
    request = json.load(sys.stdin)
    answer = {
        "calendar": calendar(root),
        "instruments": {market: instruments(root, market) for market in request.get("markets", [])},
        "features": {
            instrument: {field: feature(root, instrument, field) for field in request["fields"]}
            for instrument in request.get("instruments", [])
        },
        "pit": [
            pit_value(root, query["instrument"], query["field"], query["period"], query["date"])
            for query in request.get("pit", [])
        ],
    }
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
