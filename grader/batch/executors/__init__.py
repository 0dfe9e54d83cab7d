"""Where a batch's submissions are graded: ``base`` (the contract), ``local``, ``dask``."""
