"""The one result model every format reads (``model``), and what to fix first (``advice``).

The model's names are re-exported here, so ``from grader.result import Report`` is the way
to name them; ``advice`` is imported only by the formats that order feedback for people.
"""

from grader.result.model import (
    AUDIENCES,
    STATUSES,
    VISIBILITIES,
    CheckResult,
    Diagnosis,
    Report,
    TaskResult,
    VariantNumbers,
)

__all__ = ["AUDIENCES", "STATUSES", "VISIBILITIES", "CheckResult", "Diagnosis", "Report", "TaskResult",
           "VariantNumbers"]
