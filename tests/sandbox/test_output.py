"""grader.sandbox.output: a worker's output is drained as it comes, its first part kept.

A chatty submission must never block on a full pipe (it would look like a hang and cost a
grade), gigabytes of output must cost 64 KiB of memory, and the report must show what was
kept even when it is not valid UTF-8. These tests run ``OutputTap`` on a real ``os.pipe()``.
"""

from __future__ import annotations

import os
import threading
import time

import pytest

from grader.sandbox.output import OUTPUT_KEEP, OutputTap

PATIENCE = 120.0  # seconds: only a broken tap waits this long; a working one is done long before


@pytest.fixture
def pipe():
    """A pipe's buffered read end and raw write end; whatever the test leaves open is closed after it."""
    read_fd, write_fd = os.pipe()
    reader = os.fdopen(read_fd, "rb")
    ends = {"write": write_fd}

    def close_writer() -> None:
        if ends["write"] is not None:
            os.close(ends["write"])
            ends["write"] = None

    yield reader, write_fd, close_writer
    close_writer()
    reader.close()


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def test_a_short_output_is_kept_whole(pipe):
    reader, write_fd, close_writer = pipe
    tap = OutputTap(reader, "test-output")
    write_all(write_fd, b"hello\nworld\n")
    close_writer()
    tap.join(PATIENCE)
    assert tap.text == "hello\nworld\n"
    assert tap.total_bytes == 12


def test_exactly_the_first_bytes_are_kept_and_all_are_counted(pipe):
    reader, write_fd, close_writer = pipe
    data = b"".join(b"%09d\n" % i for i in range(20000))  # 200,000 bytes, numbered: a cut shows where
    tap = OutputTap(reader, "test-output")
    write_all(write_fd, data[:7])  # a first small read, so the next one would overshoot the kept size
    deadline = time.monotonic() + PATIENCE
    while tap.total_bytes < 7 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert tap.total_bytes == 7
    writer = threading.Thread(target=lambda: (write_all(write_fd, data[7:]), close_writer()))
    writer.start()
    writer.join(PATIENCE)
    assert not writer.is_alive()
    tap.join(PATIENCE)
    assert reader.closed  # the tap read to the end
    assert tap.total_bytes == len(data)
    assert len(tap.text) == OUTPUT_KEEP
    assert tap.text == data[:OUTPUT_KEEP].decode()
    assert tap.text.endswith("000006552\n000006")  # 6553 whole lines, then 6 bytes of the next


def test_an_output_of_exactly_the_kept_size_is_kept_whole(pipe):
    reader, write_fd, close_writer = pipe
    tap = OutputTap(reader, "test-output")
    writer = threading.Thread(target=lambda: (write_all(write_fd, b"x" * OUTPUT_KEEP), close_writer()))
    writer.start()
    writer.join(PATIENCE)
    tap.join(PATIENCE)
    assert tap.text == "x" * OUTPUT_KEEP and tap.total_bytes == OUTPUT_KEEP


def test_ten_megabytes_never_block_the_writer(pipe):
    reader, write_fd, close_writer = pipe
    size = 10 * 1024 * 1024  # far more than a pipe holds (64 KiB on Linux)
    tap = OutputTap(reader, "test-output")
    failures = []

    def chatty():
        try:
            for _ in range(size // 65536):
                write_all(write_fd, b"y" * 65536)
        except OSError as exc:  # only when the test gave up and closed the read end
            failures.append(exc)

    writer = threading.Thread(target=chatty, daemon=True)
    writer.start()
    writer.join(PATIENCE)
    finished = not writer.is_alive()
    if finished:
        close_writer()
    tap.join(PATIENCE)
    assert finished, "the writer blocked on a full pipe: the tap stopped draining"
    assert failures == []
    assert tap.total_bytes == size
    assert tap.text == "y" * OUTPUT_KEEP


def test_invalid_utf8_shows_replacement_characters(pipe):
    reader, write_fd, close_writer = pipe
    tap = OutputTap(reader, "test-output")
    write_all(write_fd, b"caf\xc3\xa9 \xff\xfe ok \xe2\x82")  # an é, two bad bytes, a cut-off euro sign
    close_writer()
    tap.join(PATIENCE)
    assert tap.text.startswith("café \ufffd\ufffd ok ")
    assert tap.text.endswith("\ufffd")
    assert tap.total_bytes == 14


def test_a_character_cut_at_the_kept_size_is_replaced_not_an_error(pipe):
    reader, write_fd, close_writer = pipe
    tap = OutputTap(reader, "test-output")
    data = b"a" * (OUTPUT_KEEP - 1) + "é".encode() + b"tail"  # the é straddles the boundary
    writer = threading.Thread(target=lambda: (write_all(write_fd, data), close_writer()))
    writer.start()
    writer.join(PATIENCE)
    tap.join(PATIENCE)
    assert tap.text == "a" * (OUTPUT_KEEP - 1) + "\ufffd"
    assert tap.total_bytes == len(data)


def test_join_waits_for_the_write_end_to_close(pipe):
    reader, write_fd, close_writer = pipe
    tap = OutputTap(reader, "test-output")
    write_all(write_fd, b"partial")
    tap.join(0.05)  # the writer is still open: join gives up, the tap goes on reading
    assert not reader.closed
    close_writer()
    tap.join(PATIENCE)
    assert reader.closed
    assert tap.text == "partial" and tap.total_bytes == 7


def test_join_returns_at_once_for_a_writer_that_wrote_nothing(pipe):
    reader, _, close_writer = pipe
    tap = OutputTap(reader, "test-output")
    close_writer()
    tap.join(PATIENCE)
    assert reader.closed
    assert tap.text == "" and tap.total_bytes == 0


def test_the_tap_thread_is_a_daemon_with_the_given_name(pipe):
    reader, _, close_writer = pipe
    tap = OutputTap(reader, "worker-output")
    threads = {t.name: t for t in threading.enumerate()}
    assert "worker-output" in threads and threads["worker-output"].daemon
    close_writer()
    tap.join(PATIENCE)
