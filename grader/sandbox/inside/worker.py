"""The worker: the only process in which student code runs.

It imports the submission, then answers call requests read from a private pipe until the
trusted side closes it or kills the process group. It holds no tests, no reference
solution and no results, so whatever student code does to this process (monkeypatching,
exiting, hanging) can only change the answers it sends, never how they are scored.

Calls run in a fork of the imported module (``{"op": "task"}``), and the trusted side asks
for a new fork whenever it wants a clean slate (``grader.sandbox.proxy``), so what one
function leaves behind (patched neighbours, a timer thread, a spent rlimit) can always be
left behind; the imported parent only waits, runs no student call, and reports how each
fork ended (``task_over``) on the same channel, since the fork holds the pipes.

Every frame this program writes answers a request and carries the request's ``id`` back
(the trusted side draws a fresh nonce for each): ``canary`` (or ``unconfined``), then
``ready`` (or ``import_error``) answer the start-up ``hello``, ``forked`` and the fork's
``task_over`` answer its ``task``, a reply answers its call. The trusted side believes no
other frame.

A top-level import of a module this Python lacks (matplotlib to plot the mask, a misspelled
name) does not stop the import: it gets a stand-in (``standins``) that fails whatever uses
it, and ``ready`` names those modules (``stand_ins``) for the report's note.

The ``canary`` frame is this process's proof that its sandbox works, sent before anything of
the submission is read: confined and switched to its user, it has imported the grader's
canary (``inside/canary``) from its file and called it, exactly as it will the submission.
A worker that cannot get that far says why (``unconfined``) or dies, and the trusted side
knows that no student code had run yet.
"""

from __future__ import annotations

import builtins
import importlib.util
import json
import os
import sys
import traceback

import numpy as np

from grader.sandbox import codec
from grader.sandbox.inside import observe, standins
from grader.sandbox.inside.confinement import SwitchFailed, apply_limits
from grader.sandbox.inside.summary import facts

MAX_TEXT = 2000
CANARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "canary.py")
MAX_FRAMES = 20  # of the student's module, per exception: the first 5 and the last 15
MAX_NAME = 200  # characters of a frame's function name or line
MAX_BATCH = 500  # calls in one batched request


def main(argv: list[str]) -> None:
    module_name, module_path, request_fd, response_fd = argv[0], argv[1], int(argv[2]), int(argv[3])
    serve(module_name, module_path, request_fd, response_fd, json.loads(argv[4]) if len(argv) > 4 else None)


def serve(module_name: str, module_path: str, request_fd: int, response_fd: int, limits: dict | None) -> None:
    """Confine this process and run the canary, import the submission, then answer calls until the
    channel closes. The start-up ``hello`` is answered twice: after the canary, after the import."""
    try:
        hello = codec.read_frame(request_fd)[0]
    except codec.ChannelClosed:
        return
    proof = {**prove_sandbox(limits), "id": hello.get("id")}
    codec.write_frame(response_fd, proof)
    if proof["op"] != "canary":
        return
    sys.path.append(os.path.dirname(module_path))
    observe.collect()  # numpy's functions as they are before the submission could replace them
    failure, stood_in = None, []
    try:
        module = _import(module_name, module_path, stood_in)
    except BaseException as exc:  # noqa: BLE001 - anything student code raises is reported
        failure = {"op": "import_error", **describe_exception(exc, module_path)}
    ready = {"op": "ready", "stand_ins": stood_in} if stood_in else {"op": "ready"}
    codec.write_frame(response_fd, {**(failure or ready), "id": hello.get("id")})
    if failure:
        return
    in_task = False
    while True:
        try:
            request, blob = codec.read_frame(request_fd)
        except codec.ChannelClosed:
            return
        if request.get("op") == "task":
            in_task = _fork_task(response_fd, request.get("id"))
            continue
        if request.get("op") == "end":
            if in_task:
                _flush_and_exit(0)
            continue
        blobs = codec.Blobs()
        send_reply(response_fd, answer_call(module, module_path, request, blob, blobs), blobs)


def prove_sandbox(limits: dict | None) -> dict:
    """Confine this process (rlimits, its user), then import and call the grader's canary as a
    submission would be: the ``canary`` frame with its reply and this process's uid, or
    ``unconfined`` saying which step failed (``uid``: the switch to the worker's user)."""
    step = "limits"
    try:
        if limits is not None:
            apply_limits(limits)
        step = "canary"
        module = _import("grader_canary", CANARY)
        reply = answer_call(module, CANARY, {"fn": "answer"}, b"", codec.Blobs())
    except SwitchFailed as exc:
        return {"op": "unconfined", "step": "uid", "message": bounded_text(str(exc))}
    except BaseException as exc:  # noqa: BLE001 - whatever it is, the trusted side must hear why
        return {"op": "unconfined", "step": step, "message": bounded_text(f"{type(exc).__name__}: {exc}")}
    return {**reply, "op": "canary", "uid": os.geteuid()}


def _fork_task(response_fd: int, task_id) -> bool:
    """Fork a process for one task's calls; True in that fork, and in the parent once it ended.

    Both answers carry the ``task`` request's id: ``forked`` from the fork, ``task_over`` from
    this process once the fork ended."""
    _flush_output()  # or what is buffered would be printed by both
    try:
        pid = os.fork()
    except OSError as exc:  # out of processes: serve the task here rather than not at all
        codec.write_frame(response_fd, {"op": "forked", "id": task_id, "unforked": str(exc)})
        return True
    if pid == 0:
        codec.write_frame(response_fd, {"op": "forked", "id": task_id})
        return True
    over = {"op": "task_over", "id": task_id}
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:  # reaped by a handler or thread the module installed
        status = None
    if status is None:
        over["exit"] = None
    elif os.WIFSIGNALED(status):
        over["signal"] = os.WTERMSIG(status)
    else:
        over["exit"] = os.waitstatus_to_exitcode(status)
    codec.write_frame(response_fd, over)
    return False


def send_reply(response_fd: int, reply: dict, blobs: codec.Blobs) -> None:
    """Write a call's reply; a value that json refuses after all becomes an "unsupported" reply."""
    try:
        codec.write_frame(response_fd, reply, blobs)
    except (ValueError, TypeError, RecursionError) as exc:
        codec.write_frame(response_fd, {"id": reply.get("id"), "unsupported": f"a value JSON cannot hold ({exc})"})


def _flush_and_exit(code: int) -> None:
    _flush_output()
    os._exit(code)


def _flush_output() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001, S110 - the module may have replaced or closed them
            pass


def _import(name: str, path: str, stood_in: list | None = None):
    """Import the module at ``path`` as ``name``; with ``stood_in`` (the submission), its top-level
    imports of modules this Python lacks get stand-ins (``standins``), named in ``stood_in``."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    if stood_in is None:
        spec.loader.exec_module(module)
    else:
        stood_in.extend(standins.exec_module(module, path, spec.loader))
    return module


def answer_call(module, module_path: str, request: dict, blob: bytes, blobs: codec.Blobs, scope: dict | None = None,
                located=None) -> dict:
    """The reply to one call request: the value, what was raised, or why neither crossed.

    With ``batch`` (a list of [args, kwargs]), the same for each call in turn, in this process, so
    state carries from one to the next as between separate calls (``results``); with ``observe``,
    what the call computed on the way too (``observed``, see ``observe``), ``numpy.cumsum``
    perturbed during it if ``perturb`` says so. ``scope``: the submission's globals (a notebook's
    user namespace; the module's own by default). ``located(info)`` adds to a raise's description
    where it happened (a notebook's cell)."""
    reply = {"id": request.get("id")}
    name = request.get("fn")
    func = getattr(module, name, None) if isinstance(name, str) else None
    if not callable(func):
        reply["missing"] = name
        return reply
    if "batch" in request:
        reply.update(_answer_batch(func, request["batch"], blob, blobs, module_path, located,
                                   ahead=request.get("ahead") is True, change=request.get("change") is True))
        return reply
    try:
        args, kwargs = _arguments(request.get("args", []), request.get("kwargs", {"t": "dict", "v": []}), blob)
    except codec.CodecError as exc:
        reply["protocol"] = str(exc)
        return reply
    if not request.get("observe"):
        reply.update(_run(func, args, kwargs, module_path, blobs, located, echo=bool(request.get("echo")),
                          summary=request.get("summary") is True))
        return reply
    spec = request.get("perturb")
    problem = observe.check_perturb(spec) if spec is not None else ""
    if problem:
        reply["protocol"] = problem
        return reply
    observer = observe.Observer(vars(module) if scope is None else scope)
    with observe.Perturbation(spec, observer):
        reply.update(_run(observer.run, (func, args, kwargs), {}, module_path, blobs, located))
    mark = len(blobs.parts), blobs.size
    try:
        reply["observed"] = observer.document(blobs)
    except BaseException:  # noqa: BLE001 - the value still counts without what was seen on the way
        _rewind(blobs, mark)
        reply["observed"] = {"complete": False}
    return reply


def _answer_batch(func, batch, blob: bytes, blobs: codec.Blobs, module_path: str, located, ahead: bool = False,
                  change: bool = False) -> dict:
    """One result per call of ``batch``, in order; a call that cannot be decoded is a ``protocol`` result.

    ``change``: each array a call returns is changed in place once it is encoded, as a caller may change its own
    array (``_change``), so that the next call shows whether it handed out an array it keeps.

    ``ahead``: the batch only spares a right function its round trips (``Domain.right_ahead``), and the
    grader asks singly every call not returned here; so it stops at the first call that does not return
    a value or whose reply would pass what the grader reads back, and the calls after it are ``skipped``.
    Without this, sixteen replies of 300 000 floats each were built, encoded and written in one frame the
    grader then refused, past the batch's half second: the worker was replaced, twice per check."""
    if type(batch) is not list or len(batch) > MAX_BATCH:
        return {"protocol": f"a batch is a list of at most {MAX_BATCH} calls"}
    results, document = [], 0
    for entry in batch:
        if ahead and results and "ok" not in results[-1]:
            results.append({"skipped": True})
            continue
        try:
            if type(entry) is not list or len(entry) != 2:
                raise codec.CodecError("a batched call is [args, kwargs]")
            args, kwargs = _arguments(entry[0], entry[1], blob)
        except codec.CodecError as exc:
            results.append({"protocol": str(exc)})
            continue
        mark = len(blobs.parts), blobs.size
        result = _run(func, args, kwargs, module_path, blobs, located, change=change)
        if ahead and "ok" in result:
            document += _document_size(result)
            if document > codec.MAX_REPLY_DOCUMENT or blobs.size > codec.MAX_REPLY_BYTES:
                _rewind(blobs, mark)
                result = {"skipped": True}
        results.append(result)
    return {"results": results}


def _document_size(result: dict) -> int:
    """The bytes ``result`` adds to its reply's JSON document (what ``codec.write_frame`` writes of it)."""
    try:
        return len(json.dumps(result, allow_nan=False, separators=(",", ":")))
    except (ValueError, TypeError, RecursionError):
        return 0  # send_reply turns the whole reply into an ``unsupported`` one: nothing piles up


def _arguments(args_doc, kwargs_doc, blob: bytes) -> tuple:
    return codec.decode(args_doc, blob), codec.decode(kwargs_doc, blob)


def _run(func, args, kwargs, module_path: str, blobs: codec.Blobs, located, echo: bool = False,
         change: bool = False, summary: bool = False) -> dict:
    """Call ``func``: ``ok`` (and the arguments as it left them, with ``echo``), ``raised`` or ``unsupported``.
    ``change``: the value, once encoded (its bytes copied), changed in place (``_change``). ``summary``: its
    facts (``inside/summary``) sent instead of the value."""
    try:
        value = func(*args, **kwargs)
    except BaseException as exc:  # noqa: BLE001 - SystemExit and friends are results too
        info = describe_exception(exc, module_path)
        if located is not None:
            located(info)
        return {"raised": info}
    mark = len(blobs.parts), blobs.size
    try:
        result = {"ok": codec.encode(facts(value) if summary else value, blobs)}
        if echo:
            result["args"] = codec.encode(list(args), blobs)
        if change:
            _change(value)
        return result
    except codec.Unsupported as exc:
        text = bounded_text(exc.args[0] if exc.args else "unknown")
    except BaseException as exc:  # noqa: BLE001 - a lying __array__ or __eq__ may raise anything
        text = f"a value whose conversion raised {type(exc).__name__}"
    _rewind(blobs, mark)
    return {"unsupported": text}


def _change(value) -> None:
    """A returned writable array changed in place as its caller may: a bool one negated, a number one plus 1."""
    try:
        if type(value) is np.ndarray and value.flags.writeable and value.dtype.kind in "biuf":
            if value.dtype.kind == "b":
                np.logical_not(value, out=value)
            else:
                value += 1
    except BaseException:  # noqa: BLE001, S110 - an array that cannot change is one no caller changes either
        pass


def _rewind(blobs: codec.Blobs, mark: tuple[int, int]) -> None:
    """Forget the array bytes added since ``mark``: what they belonged to is not sent."""
    del blobs.parts[mark[0]:]
    blobs.size = mark[1]


def describe_exception(exc: BaseException, module_path: str) -> dict:
    """The exception as data: nearest built-in type, message, the student's line, and the path it
    took through the student's module (``frames``, outermost first: ``<module>`` for a line at
    the top of the file, else the function's name), so that the trusted side can say where a
    failure comes from ("in your prefill_flops", "line 42 runs at import")."""
    builtin = "Exception"
    for cls in type(exc).__mro__:
        if getattr(builtins, cls.__name__, None) is cls:
            builtin = cls.__name__
            break
    try:
        message = str(exc)
    except BaseException:  # noqa: BLE001 - a __str__ that raises is the student's problem
        message = "<the exception's message could not be read>"
    lineno, line, extra = None, None, {}
    frames = []
    if isinstance(exc, SyntaxError) and exc.filename == module_path:
        lineno, line = exc.lineno, (exc.text or "").rstrip()
        message = exc.msg
        extra = {"offset": _small_int(exc.offset), "end_offset": _small_int(getattr(exc, "end_offset", None))}
    else:
        try:
            frames = [frame for frame in traceback.extract_tb(exc.__traceback__) if frame.filename == module_path]
        except BaseException:  # noqa: BLE001 - a traceback the submission tampered with tells nothing
            frames = []
        if frames:
            lineno, line = frames[-1].lineno, frames[-1].line
    if len(frames) > MAX_FRAMES:  # a deep recursion: where it started and where it ended
        frames = frames[:5] + frames[5 - MAX_FRAMES:]
    return {"type": builtin, "name": bounded_text(type(exc).__name__), "message": bounded_text(message),
            "lineno": lineno, "line": bounded_text(line or ""), **extra,
            "frames": [{"function": bounded_text(f.name)[:MAX_NAME], "lineno": _small_int(f.lineno),
                        "line": bounded_text(f.line or "")[:MAX_NAME]} for f in frames]}


def _small_int(value):
    return value if type(value) is int and 0 <= value < 1 << 31 else None


def bounded_text(value) -> str:
    """Text the trusted side receives: a string as it is, anything else as its repr, capped."""
    text = value if type(value) is str else repr(value)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + " …"


if __name__ == "__main__":
    main(sys.argv[1:])
