"""Request latency, token rates and arithmetic intensity (E1.2)."""
import functools
import numbers


def _checked(**rules):
    """Decorator: rules map an argument name to (test, message)."""
    def wrap(fn):
        names = fn.__code__.co_varnames[: fn.__code__.co_argcount]

        @functools.wraps(fn)
        def inner(*args, **kwargs):
            bound = dict(zip(names, args), **kwargs)
            for name, (test, msg) in rules.items():
                value = bound[name]
                if not isinstance(value, numbers.Real) or not test(value):
                    raise ValueError(f"{name} {msg}, got {value!r}")
            return fn(*args, **kwargs)
        return inner
    return wrap


_AT_LEAST_ONE = (lambda v: v >= 1, "must be at least 1")
_POSITIVE = (lambda v: v > 0, "must be positive")


@_checked(ttft=_POSITIVE, itl=_POSITIVE, n_out=_AT_LEAST_ONE)
def request_seconds(ttft, itl, n_out):
    return ttft + (n_out - 1) * itl


@_checked(itl=_POSITIVE)
def steady_decode_rate(itl):
    return 1 / itl


@_checked(n_out=_AT_LEAST_ONE, elapsed=_POSITIVE)
def request_output_rate(n_out, elapsed):
    return n_out / elapsed


@_checked(bytes_per_param=_POSITIVE)
def arithmetic_intensity(bytes_per_param):
    return 2 / bytes_per_param
