"""Making a submission copy readable, not writable, for a worker that runs as another user.

Both the trusted side (copies for single workers) and the fork-server template (private
copies for forked workers) need exactly this walk; it is small and imports nothing heavy,
so the template inside the sandbox can use it too.
"""

from __future__ import annotations

import os


def make_readable(folder: str | os.PathLike) -> None:
    """Folders 0755 and files 0644 below ``folder``; links are left alone (never followed)."""
    for path, _, files in os.walk(folder):
        os.chmod(path, 0o755)
        for name in files:
            file = os.path.join(path, name)
            if not os.path.islink(file):
                os.chmod(file, 0o644)
