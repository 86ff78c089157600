"""Registries that check what is put in them, and the kinds of events and requests a game declares.

Content registers itself from the module that defines it (a card, a skill, a general, an event
kind). A :class:`Registry` refuses a second entry under the same name and says which two modules
clash, so a mistake fails at import instead of quietly replacing what was there.

Event and request kinds are declared with their renderers, next to the content that logs or asks
them (:func:`event_kind`, :func:`request_kind`): a kind cannot exist without the words that tell it,
and the docs are generated from these declarations.
"""

from __future__ import annotations

import ast
import inspect
import os
import sys
from collections.abc import Callable
from functools import cache
from typing import Any, Generic, Protocol, TypeVar

__all__ = [
    "RegistrationError", "Registry", "Named", "Kind", "EventKind", "RequestKind",
    "module_of", "caller_module", "module_doc",
]


class RegistrationError(ValueError):
    """Content was registered wrongly (a duplicate id, an unknown timing, a hook without its
    declaration, ...). The message names the module at fault."""


class Named(Protocol):
    """Anything a registry holds: it has a name (its id) and the module that declared it."""

    @property
    def name(self) -> str: ...

    @property
    def module(self) -> str: ...


N = TypeVar("N", bound=Named)


def caller_module(depth: int = 2) -> str:
    """The module of the code ``depth`` frames up (1: the caller of the function that calls
    this): where a registration was written, for error messages. Code compiled with mypyc
    (``sgscore/_accel.py``) has no frames: registering at the top of such a module, the frame
    found is the import machinery's, and the module is the innermost one being imported (a
    compiled module imports another compiled one without the import machinery, so the frames
    name the outer one: 1.0 deck's for the tricks it imports)."""
    frame: Any = sys._getframe(depth)
    name = str(frame.f_globals.get("__name__", "?"))
    if name.startswith("importlib"):
        inner = _initializing()
        if inner:
            return inner
        while frame is not None:
            spec = frame.f_locals.get("spec")
            if isinstance(getattr(spec, "name", None), str):
                return str(spec.name)
            frame = frame.f_back
    return name


def _initializing() -> str:
    """The innermost module being imported: the last one put in ``sys.modules`` whose spec is
    marked as initializing (the import machinery and mypyc's direct imports both mark it while
    the module's top level runs), or ``""``."""
    for name in reversed(list(sys.modules)):
        spec = getattr(sys.modules.get(name), "__spec__", None)
        if getattr(spec, "_initializing", False) is True:
            return name
    return ""


def module_of(obj: object) -> str:
    """The module that defined ``obj`` (a function or a class), for error messages."""
    return str(getattr(obj, "__module__", "?"))


class Registry(dict[str, N]):
    """Named entries, each registered once with :meth:`add`: a dict from name to entry that
    refuses to be changed any other way. Iteration follows registration order; use
    :meth:`names` (sorted) wherever an order could reach the rules. (A dict underneath, so the
    rules' lookups cost what a dict's do.)"""

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def add(self, item: N) -> N:
        name = item.name
        if not isinstance(name, str) or not name:
            raise RegistrationError(f"{item.module}: a {self.what} needs a non-empty string id")
        old = self.get(name)
        if old is not None and old is not item:
            raise RegistrationError(
                f"{item.module}: {self.what} {name!r} is already registered by {old.module}")
        dict.__setitem__(self, name, item)
        return item

    def remove(self, name: str) -> None:
        """Take an entry out again (tests that register content for one test only)."""
        dict.__delitem__(self, name)

    def names(self) -> list[str]:
        """Every name, sorted (the order to use wherever it could matter)."""
        return sorted(self)

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"the {self.what} registry is changed only with add()")

    __setitem__ = _refuse
    __delitem__ = _refuse
    update = _refuse
    pop = _refuse
    popitem = _refuse
    setdefault = _refuse
    clear = _refuse

    def __repr__(self) -> str:
        return f"<registry of {len(self)} {self.what}s>"


class Kind:
    """A declared kind of something a game emits or asks (its ``name`` is what is stored).
    ``doc`` says what it means: given, or the first paragraph of ``doc_from``'s docstring (read
    when first asked for, since a compiled function's comes from its source)."""

    __slots__ = ("name", "module", "_doc", "_doc_from")

    def __init__(self, name: str, module: str, doc: str,
                 doc_from: Callable[..., Any] | None = None) -> None:
        self.name = name
        self.module = module
        self._doc = " ".join(doc.split()) if doc or doc_from is None else None
        self._doc_from = doc_from

    @property
    def doc(self) -> str:
        if self._doc is None:
            assert self._doc_from is not None
            self._doc = " ".join(_doc_of(self._doc_from).split())
        return self._doc

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


Signature = tuple[str, tuple[str, ...]]  # a docstring and the positional parameters


@cache
def _signatures(path: str) -> dict[str, Signature]:
    """The module-level functions of the source file ``path``: each one's docstring and its
    positional parameter names (``name?`` with a default, ``name...`` for ``*name``)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    out: dict[str, Signature] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            a = node.args
            positional = a.posonlyargs + a.args
            first_default = len(positional) - len(a.defaults)
            params = [p.arg + ("?" if i >= first_default else "") for i, p in enumerate(positional)]
            if a.vararg is not None:
                params.append(a.vararg.arg + "...")
            out[node.name] = (ast.get_docstring(node) or "", tuple(params))
    out[""] = (ast.get_docstring(tree) or "", ())  # the module's own
    return out


def _source_beside(module: str) -> str | None:
    """The ``.py`` source of a module compiled with mypyc (None if not compiled)."""
    file = getattr(sys.modules.get(module), "__file__", None)
    if not file or file.endswith(".py"):
        return None
    folder, name = os.path.split(file)
    path = os.path.join(folder, name.split(".")[0] + ".py")
    return path if os.path.exists(path) else None


def module_doc(module: str) -> str:
    """The docstring of an imported module, compiled (from its source) or not."""
    mod = sys.modules.get(module)
    doc = getattr(mod, "__doc__", None)
    if not doc and (path := _source_beside(module)) is not None:
        doc = _signatures(path)[""][0]
    return inspect.cleandoc(doc or "")


def compiled(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` was compiled with mypyc (``sgscore/_accel.py``): its docstring and
    signature are then read from its source, when first needed."""
    return not inspect.isfunction(fn) and _source_beside(module_of(fn)) is not None


def _compiled_signature(fn: Callable[..., Any]) -> Signature | None:
    """For a function compiled with mypyc (``sgscore/_accel.py``), which keeps neither its
    docstring nor its signature: both, read from the ``.py`` source beside the compiled module.
    None for a Python function."""
    if inspect.isfunction(fn) or (path := _source_beside(module_of(fn))) is None:
        return None
    return _signatures(path).get(getattr(fn, "__name__", ""))


def _doc_of(fn: Callable[..., Any]) -> str:
    doc = inspect.getdoc(fn)
    if not doc and (compiled := _compiled_signature(fn)) is not None:
        doc = compiled[0]
    return (doc or "").split("\n\n")[0]


def _params(fn: Callable[..., Any], skip: int) -> tuple[str, ...]:
    """The positional parameter names of ``fn`` after the first ``skip`` (for the docs)."""
    compiled = _compiled_signature(fn)
    if compiled is not None:
        return compiled[1][skip:]
    out = []
    for p in list(inspect.signature(fn).parameters.values())[skip:]:
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            out.append(p.name + ("?" if p.default is not p.empty else ""))
        elif p.kind is p.VAR_POSITIONAL:
            out.append(p.name + "...")
    return tuple(out)


T = TypeVar("T")


class EventKind(Kind, Generic[T]):
    """An event kind and its renderer: ``render(teller, *args)``, with ``hidden=`` added when the
    viewer may see a hidden part, returns the line (``""`` for none) or a list of lines for a
    heading. ``args`` names the event's arguments (from the renderer's parameters); ``hidden`` says
    what the hidden part holds and who sees it (empty: the event has none)."""

    __slots__ = ("render", "_args", "hidden")

    def __init__(self, name: str, render: Callable[..., str | list[str]], *, hidden: str = "",
                 doc: str = "") -> None:
        if not callable(render):
            raise RegistrationError(f"event kind {name!r} needs a renderer")
        super().__init__(name, module_of(render), doc, render)
        if not compiled(render) and not self.doc:  # a compiled one is checked uncompiled
            raise RegistrationError(
                f"{self.module}: event kind {name!r} needs a docstring saying what it means")
        self.render = render
        self._args: tuple[str, ...] | None = None
        self.hidden = " ".join(hidden.split())

    @property
    def args(self) -> tuple[str, ...]:
        if self._args is None:
            self._args = _params(self.render, 1)
        return self._args


class RequestKind(Kind, Generic[T]):
    """A request kind with its words: ``ask(teller, seat, *prompt)`` says what is asked, and
    ``describe(teller, choice)`` says what a choice means. ``prompt`` and ``choice`` document the
    shapes (``docs/api.md`` is generated from them)."""

    __slots__ = ("describe", "ask", "_prompt", "choice")

    def __init__(self, name: str, describe: Callable[..., str], ask: Callable[..., str], *,
                 choice: str, doc: str = "") -> None:
        if not callable(describe) or not callable(ask):
            raise RegistrationError(f"request kind {name!r} needs its describe and ask functions")
        super().__init__(name, module_of(describe), doc, describe)
        if not compiled(describe) and not self.doc:  # a compiled one is checked uncompiled
            raise RegistrationError(
                f"{self.module}: request kind {name!r} needs a docstring saying what is asked")
        if not choice:
            raise RegistrationError(f"{self.module}: request kind {name!r}: say what a choice is")
        self.describe = describe
        self.ask = ask
        self._prompt: tuple[str, ...] | None = None
        self.choice = " ".join(choice.split())

    @property
    def prompt(self) -> tuple[str, ...]:
        if self._prompt is None:
            self._prompt = _params(self.ask, 2)
        return self._prompt
