"""Inside the kernel, after the notebook ran: answer the checks' calls from its namespace.

The notebook worker ends its run with one silent execution in the kernel that loads this
module (from the grader's own folder, never from the notebook's) and calls ``serve``.
From then on the kernel answers the trusted side's requests itself (``hello`` with
``ready``, then the calls), over the same two pipes and codec as a module worker
(``worker.answer_call`` does the call), so
``student.causal_mask(5)`` runs the very ``causal_mask`` the student's cells defined, in
the state those cells left: helpers, globals and magics included.

Only one thing differs from a module worker: where an exception happened is a cell, so
a failure points to "cell 7, line 3" instead of a line of a file. IPython names each
cell's code by a file of its own; the worker passes which execution count belongs to
which cell, and IPython's compiler says which file belongs to which execution count.
"""

from __future__ import annotations

import traceback

from grader.sandbox import codec
from grader.sandbox.inside import observe, standins, worker

NOTEBOOK_PATH = "<notebook>"  # never a frame's file name: worker finds no line, this module does


class _Namespace:
    """The kernel's user namespace seen as a module: a name that is not callable is missing.

    Each function is handed out wrapped, so that the exception it raises can be located
    in its cell after ``worker.answer_call`` has described it.
    """

    def __init__(self, user_ns: dict):
        self.__dict__["_grader_ns"] = user_ns
        self.__dict__["_grader_raised"] = None

    def __getattr__(self, name: str):
        value = self.__dict__["_grader_ns"].get(name)
        if not callable(value):
            raise AttributeError(name)  # noqa: TRY004 - getattr(namespace, name, None) must see a missing name

        def call(*args, **kwargs):
            try:
                return value(*args, **kwargs)
            except BaseException as exc:
                self.__dict__["_grader_raised"] = exc
                raise

        return call


def serve(request_fd: int, response_fd: int, cells: dict[int, int]) -> None:
    """Answer calls until the trusted side closes the channel; ``cells`` maps execution
    counts to cell numbers.

    An observed call (``observe``) sees the frames whose globals are the kernel's user namespace:
    every function a cell defined. numpy's functions it recognises are found here, after the cells
    ran (this module is loaded only then): a cell that replaced one hides it from the observation."""
    from IPython import get_ipython

    shell = get_ipython()
    namespace = _Namespace(shell.user_ns)
    scope = getattr(shell, "user_global_ns", shell.user_ns)  # the globals of the cells' functions
    files = getattr(shell.compile, "_filename_map", {})
    observe.collect()

    def located(info: dict) -> None:
        raised, namespace.__dict__["_grader_raised"] = namespace.__dict__["_grader_raised"], None
        if raised is not None:
            info.update(where(raised, files, cells))

    while True:
        try:
            request, blob = codec.read_frame(request_fd)
        except codec.ChannelClosed:
            return
        if request.get("op") == "hello":  # the trusted side's first request, sent after the cells' report
            stood_in = standins.used_in_kernel()
            codec.write_frame(response_fd, {"op": "ready", "id": request.get("id"),
                                            **({"stand_ins": stood_in} if stood_in else {})})
            continue
        namespace.__dict__["_grader_raised"] = None
        blobs = codec.Blobs()
        reply = worker.answer_call(namespace, NOTEBOOK_PATH, request, blob, blobs, scope=scope, located=located)
        worker.send_reply(response_fd, reply, blobs)


def where(exc: BaseException, files: dict, cells: dict[int, int]) -> dict:
    """The cell and line of the deepest frame of the student's cells, and the path through them
    (``frames``, outermost first, as the module worker describes it), or nothing."""
    found: dict = {}
    frames = []
    for frame in traceback.extract_tb(exc.__traceback__):
        number = cells.get(files.get(frame.filename))
        if number is not None:
            found = {"cell": number, "lineno": frame.lineno, "line": worker.bounded_text(frame.line or "")}
            frames.append({"function": worker.bounded_text(frame.name)[:worker.MAX_NAME], "lineno": frame.lineno,
                           "line": worker.bounded_text(frame.line or "")[:worker.MAX_NAME], "cell": number})
    if len(frames) > worker.MAX_FRAMES:
        frames = frames[:5] + frames[5 - worker.MAX_FRAMES:]
    return {**found, "frames": frames} if found else found
