"""Read scalar summaries from TensorBoard event files (``events.out.tfevents.*``), without TensorBoard.

An event file is a sequence of TFRecords (little-endian uint64 length, uint32 CRC, payload, uint32 CRC); each
payload is an ``Event`` protocol buffer whose ``summary`` holds ``(tag, value)`` pairs. Only the wire format
is decoded here (varints and length-delimited fields; field numbers from tensorboard's ``event.proto`` and
``summary.proto``): a scalar is ``simple_value`` (HF Trainer / torch SummaryWriter) or a one-element float
tensor (TensorBoard's newer writers). CRCs are not checked; a record cut short at the end of a file that is
still being written is counted and the rest read.

>>> rec = encode_scalar_event(3, "train/reward", 0.5)
>>> list(scalars_from_bytes(len(rec).to_bytes(8, "little") + bytes(4) + rec + bytes(4)))
[(3, 'train/reward', 0.5)]
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

from rewardcheck.bench.errors import InputError

__all__ = [
    "scalars_from_bytes",
    "read_event_scalars",
    "event_files",
    "encode_scalar_event",
    "TruncatedEvents",
]

# event.proto: Event{double wall_time = 1; int64 step = 2; string file_version = 3; Summary summary = 5}
# summary.proto: Summary{repeated Value value = 1}; Value{string tag = 1; float simple_value = 2;
#                TensorProto tensor = 8}; tensor.proto: TensorProto{DataType dtype = 1; bytes tensor_content = 4;
#                repeated float float_val = 5 (packed); repeated double double_val = 6 (packed)}
_DT_FLOAT, _DT_DOUBLE = 1, 2


class TruncatedEvents(InputError):
    """An event file that ends inside a record."""


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    shift = result = 0
    while True:
        if i >= len(buf):
            raise ValueError("varint runs past the end of the message")
        b = buf[i]
        i += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, i
        shift += 7


def _fields(buf: bytes) -> Iterator[tuple[int, int, int | bytes]]:
    """(field number, wire type, value): varints and fixed ints as int, length-delimited as bytes."""
    i = 0
    while i < len(buf):
        key, i = _varint(buf, i)
        num, wire = key >> 3, key & 7
        if wire == 0:
            v, i = _varint(buf, i)
            yield num, wire, v
        elif wire == 1:
            yield num, wire, buf[i : i + 8]
            i += 8
        elif wire == 2:
            n, i = _varint(buf, i)
            yield num, wire, buf[i : i + n]
            i += n
        elif wire == 5:
            yield num, wire, buf[i : i + 4]
            i += 4
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")


def _tensor_scalar(buf: bytes) -> float | None:
    dtype, content, floats, doubles = 0, b"", b"", b""
    for num, _, v in _fields(buf):
        if num == 1 and isinstance(v, int):
            dtype = v
        elif num == 4 and isinstance(v, bytes):
            content = v
        elif num == 5 and isinstance(v, bytes):
            floats += v
        elif num == 6 and isinstance(v, bytes):
            doubles += v
    if floats:
        return float(struct.unpack_from("<f", floats)[0])
    if doubles:
        return float(struct.unpack_from("<d", doubles)[0])
    if dtype == _DT_FLOAT and len(content) == 4:
        return float(struct.unpack("<f", content)[0])
    if dtype == _DT_DOUBLE and len(content) == 8:
        return float(struct.unpack("<d", content)[0])
    return None


def _event_scalars(payload: bytes) -> Iterator[tuple[int, str, float]]:
    step = 0
    summaries: list[bytes] = []
    for num, _, v in _fields(payload):
        if num == 2 and isinstance(v, int):
            step = v - (1 << 64) if v >= 1 << 63 else v
        elif num == 5 and isinstance(v, bytes):
            summaries.append(v)
    for summary in summaries:
        for num, _, value in _fields(summary):
            if num != 1 or not isinstance(value, bytes):
                continue
            tag, scalar = "", None
            for vnum, wire, v in _fields(value):
                if vnum == 1 and isinstance(v, bytes):
                    tag = v.decode("utf-8", errors="replace")
                elif vnum == 2 and wire == 5 and isinstance(v, bytes):
                    scalar = float(struct.unpack("<f", v)[0])
                elif vnum == 8 and isinstance(v, bytes) and scalar is None:
                    scalar = _tensor_scalar(v)
            if tag and scalar is not None:
                yield step, tag, scalar


def scalars_from_bytes(data: bytes) -> Iterator[tuple[int, str, float]]:
    """(step, tag, value) for every scalar in an event file's bytes; raises :class:`TruncatedEvents` (after
    yielding everything before it) when the data ends inside a record."""
    i = 0
    while i < len(data):
        if i + 12 > len(data):
            raise TruncatedEvents(f"record header cut at byte {i}")
        (n,) = struct.unpack_from("<Q", data, i)
        start = i + 12
        if start + n + 4 > len(data):
            raise TruncatedEvents(f"record at byte {i} cut short ({n} bytes announced)")
        yield from _event_scalars(data[start : start + n])
        i = start + n + 4


def event_files(path: Path) -> list[Path]:
    """The event files of a run folder (searched recursively, e.g. ``runs/<date>/``), oldest name first."""
    return sorted(p for p in path.rglob("events.out.tfevents.*") if p.is_file())


def read_event_scalars(path: Path) -> tuple[list[tuple[int, str, float]], int]:
    """Every scalar in one file, and 1 if its last record was cut short (else 0)."""
    out: list[tuple[int, str, float]] = []
    try:
        for item in scalars_from_bytes(path.read_bytes()):
            out.append(item)
    except TruncatedEvents:
        return out, 1
    return out, 0


def encode_scalar_event(step: int, tag: str, value: float) -> bytes:
    """One Event payload holding one ``simple_value`` scalar (for tests and examples)."""

    def key(num: int, wire: int) -> bytes:
        return _encode_varint(num << 3 | wire)

    def delimited(num: int, body: bytes) -> bytes:
        return key(num, 2) + _encode_varint(len(body)) + body

    tag_b = tag.encode()
    val = delimited(1, tag_b) + key(2, 5) + struct.pack("<f", value)
    return (
        key(1, 1)
        + struct.pack("<d", 0.0)
        + key(2, 0)
        + _encode_varint(step)
        + delimited(5, delimited(1, val))
    )


def _encode_varint(v: int) -> bytes:
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)
