"""The service's flat files read with numpy alone, for machines without pyarrow (Debian packages none).

Reads what the service writes (hyparquet-writer's): flat schemas of optional columns, data pages v2, PLAIN and
RLE_DICTIONARY values, GZIP or no compression; INT32 (DATE), INT64 (TIMESTAMP in ms), DOUBLE, BYTE_ARRAY (UTF8)
and BOOLEAN. Anything else raises ValueError: install pyarrow to read other Parquet files. The layout is the
Apache Parquet format (parquet-format's parquet.thrift, compact protocol); a field is named here by its number.
"""
import zlib
from typing import Any, Dict, List, Tuple

import numpy as np

# Compact protocol types.
_STOP, _TRUE, _FALSE, _BYTE, _I16, _I32, _I64, _DOUBLE, _BINARY, _LIST, _SET, _MAP, _STRUCT = range(13)
# Physical types, encodings, codecs, page types, converted types.
_BOOLEAN, _INT32, _INT64, _DOUBLE_TYPE, _BYTE_ARRAY = 0, 1, 2, 5, 6
_PLAIN, _PLAIN_DICTIONARY, _RLE, _RLE_DICTIONARY = 0, 2, 3, 8
_UNCOMPRESSED, _GZIP = 0, 2
_DICTIONARY_PAGE, _DATA_PAGE_V2 = 2, 3
_DATE = 6


def _varint(buf: bytes, pos: int) -> Tuple[int, int]:
    shift = result = 0
    while True:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def _zigzag(value: int) -> int:
    return (value >> 1) ^ -(value & 1)


def _value(buf: bytes, pos: int, kind: int) -> Tuple[Any, int]:
    if kind in (_TRUE, _FALSE):
        return kind == _TRUE, pos
    if kind == _BYTE:
        return buf[pos], pos + 1
    if kind in (_I16, _I32, _I64):
        raw, pos = _varint(buf, pos)
        return _zigzag(raw), pos
    if kind == _DOUBLE:
        return float(np.frombuffer(buf, "<f8", 1, pos)[0]), pos + 8
    if kind == _BINARY:
        size, pos = _varint(buf, pos)
        return buf[pos : pos + size], pos + size
    if kind in (_LIST, _SET):
        header = buf[pos]
        pos += 1
        size, element = header >> 4, header & 0x0F
        if size == 15:
            size, pos = _varint(buf, pos)
        items = []
        for _ in range(size):
            if element in (_TRUE, _FALSE):  # a list's booleans are a byte each
                items.append(buf[pos] == 1)
                pos += 1
            else:
                item, pos = _value(buf, pos, element)
                items.append(item)
        return items, pos
    if kind == _MAP:
        size, pos = _varint(buf, pos)
        if size == 0:
            return {}, pos
        types = buf[pos]
        pos += 1
        entries = {}
        for _ in range(size):
            key, pos = _value(buf, pos, types >> 4)
            entries[key], pos = _value(buf, pos, types & 0x0F)
        return entries, pos
    if kind == _STRUCT:
        return _struct(buf, pos)
    raise ValueError(f"Parquet: unknown compact protocol type {kind}")


def _struct(buf: bytes, pos: int) -> Tuple[Dict[int, Any], int]:
    fields: Dict[int, Any] = {}
    last = 0
    while True:
        header = buf[pos]
        pos += 1
        kind = header & 0x0F
        if kind == _STOP:
            return fields, pos
        delta = header >> 4
        if delta:
            last += delta
        else:
            raw, pos = _varint(buf, pos)
            last = _zigzag(raw)
        fields[last], pos = _value(buf, pos, kind)


def _hybrid(buf: bytes, pos: int, width: int, count: int) -> np.ndarray:
    """`count` values of the RLE / bit-packed hybrid encoding of `width` bits from `pos`."""
    out = np.zeros(count, dtype=np.int64)
    done = 0
    weights = (1 << np.arange(width, dtype=np.int64)) if width else None
    while done < count:
        header, pos = _varint(buf, pos)
        if header & 1:  # bit-packed: groups of 8 values, least significant bit first
            size = (header >> 1) * width
            if width:
                bits = np.unpackbits(np.frombuffer(buf, np.uint8, size, pos), bitorder="little")
                values = bits.reshape(-1, width).astype(np.int64) @ weights
                take = min(len(values), count - done)
                out[done : done + take] = values[:take]
            else:
                take = min((header >> 1) * 8, count - done)
            pos += size
        else:  # a run of one value
            width_bytes = (width + 7) // 8
            take = min(header >> 1, count - done)
            out[done : done + take] = int.from_bytes(buf[pos : pos + width_bytes], "little")
            pos += width_bytes
        done += take
    return out


def _plain(buf: bytes, physical: int, count: int) -> np.ndarray:
    if physical == _DOUBLE_TYPE:
        return np.frombuffer(buf, "<f8", count)
    if physical == _INT64:
        return np.frombuffer(buf, "<i8", count)
    if physical == _INT32:
        return np.frombuffer(buf, "<i4", count)
    if physical == _BOOLEAN:
        return np.unpackbits(np.frombuffer(buf, np.uint8), bitorder="little")[:count].astype(bool)
    if physical == _BYTE_ARRAY:
        texts = np.empty(count, dtype=object)
        pos = 0
        for i in range(count):
            size = int.from_bytes(buf[pos : pos + 4], "little")
            texts[i] = buf[pos + 4 : pos + 4 + size].decode("utf-8")
            pos += 4 + size
        return texts
    raise ValueError(f"Parquet: physical type {physical} is not one this reader knows (install pyarrow)")


def _inflate(data: bytes, codec: int) -> bytes:
    if codec == _UNCOMPRESSED:
        return data
    if codec == _GZIP:
        return zlib.decompress(data, 47)  # a gzip or zlib header, as the writer chose
    raise ValueError(f"Parquet: codec {codec} is not one this reader knows (install pyarrow)")


def _column(buf: bytes, meta: Dict[int, Any], physical: int) -> Tuple[np.ndarray, np.ndarray]:
    """A column chunk's values where present, and whether each row has one."""
    codec, count = meta[4], meta[5]
    pos = meta.get(11, meta[9])
    dictionary = None
    values: List[np.ndarray] = []
    present: List[np.ndarray] = []
    read = 0
    while read < count:
        header, pos = _struct(buf, pos)
        size = header[3]
        page = buf[pos : pos + size]
        pos += size
        if header[1] == _DICTIONARY_PAGE:
            dictionary = _plain(_inflate(page, codec), physical, header[7][1])
            continue
        if header[1] != _DATA_PAGE_V2:
            raise ValueError("Parquet: only data pages v2 are read here (install pyarrow)")
        v2 = header[8]
        rows, nulls, encoding, levels = v2[1], v2[2], v2[4], v2[5]
        has = _hybrid(page, 0, 1, rows).astype(bool) if levels else np.ones(rows, dtype=bool)
        body = page[levels + v2.get(6, 0) :]
        if v2.get(7, True):
            body = _inflate(body, codec)
        if encoding in (_RLE_DICTIONARY, _PLAIN_DICTIONARY):
            page_values = dictionary[_hybrid(body, 1, body[0], rows - nulls)]
        elif encoding == _PLAIN:
            page_values = _plain(body, physical, rows - nulls)
        elif encoding == _RLE and physical == _BOOLEAN:
            page_values = _hybrid(body, 4, 1, rows - nulls).astype(bool)
        else:
            raise ValueError(f"Parquet: encoding {encoding} is not one this reader knows (install pyarrow)")
        values.append(page_values)
        present.append(has)
        read += rows
    return np.concatenate(values) if values else np.array([]), np.concatenate(present) if present else np.array([], dtype=bool)


def _filled(values: np.ndarray, present: np.ndarray, element: Dict[int, Any]) -> np.ndarray:
    """A whole column: nulls as NaN (numbers), NaT (days, times) or None (texts)."""
    physical, converted, logical = element.get(1), element.get(6), element.get(10, {})
    if physical == _INT32 and converted == _DATE:
        out = np.full(len(present), np.datetime64("NaT"), dtype="datetime64[D]")
        out[present] = values.astype("datetime64[D]")
        return out
    if physical == _INT64 and 8 in logical:  # TIMESTAMP, milliseconds since the epoch
        out = np.full(len(present), np.datetime64("NaT"), dtype="datetime64[ms]")
        out[present] = values.astype("datetime64[ms]")
        return out
    if present.all():
        return values
    if values.dtype == object or physical == _BOOLEAN:
        out = np.full(len(present), None, dtype=object)
    else:
        out = np.full(len(present), np.nan, dtype=np.float64)
    out[present] = values
    return out


def read_parquet(buf: bytes) -> Dict[str, np.ndarray]:
    """A whole Parquet file of the service as columns, in its order."""
    if buf[:4] != b"PAR1" or buf[-4:] != b"PAR1":
        raise ValueError("not a Parquet file")
    length = int.from_bytes(buf[-8:-4], "little")
    footer, _ = _struct(buf, len(buf) - 8 - length)
    elements = footer[2][1:]  # the root first
    names = [element[4].decode("utf-8") for element in elements]
    parts: Dict[str, List[np.ndarray]] = {name: [] for name in names}
    for group in footer.get(4, []):
        for chunk, element, name in zip(group[1], elements, names):
            values, present = _column(buf, chunk[3], element[1])
            parts[name].append(_filled(values, present, element))
    return {name: (np.concatenate(arrays) if arrays else np.array([])) for name, arrays in parts.items()}
