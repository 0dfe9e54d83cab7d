"""What a worker prints: read as it comes, the first part kept, the rest drained unread.

A worker's stdout and stderr go to a pipe that the trusted side must keep empty, or a
chatty submission would block on a full pipe and look like a hang. One thread per worker
reads it; the first ``OUTPUT_KEEP`` bytes are kept for the instructor's report and the
rest is counted and dropped, so gigabytes of output cost memory for 64 KiB only.
"""

from __future__ import annotations

import io
import threading

OUTPUT_KEEP = 64 * 1024  # bytes of the submission's output kept for the report; the rest is drained


class OutputTap:
    """A draining thread on the buffered read end of a pipe (``read1``: whatever is there)."""

    def __init__(self, stream: io.BufferedReader, name: str):
        self._stream = stream
        self._kept = bytearray()
        self.total_bytes = 0
        self._thread = threading.Thread(target=self._drain, name=name, daemon=True)
        self._thread.start()

    @property
    def text(self) -> str:
        """What was kept so far, decoded as the report shows it (bad bytes replaced)."""
        return self._kept.decode("utf-8", errors="replace")

    def _drain(self) -> None:
        while chunk := self._stream.read1(65536):
            self.total_bytes += len(chunk)
            room = OUTPUT_KEEP - len(self._kept)
            if room > 0:
                self._kept += chunk[:room]
        self._stream.close()

    def join(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) for the writers' end to close and the last bytes."""
        self._thread.join(timeout=timeout)
