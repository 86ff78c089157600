"""No exception name is bound by two handlers of different types in one function of the compiled
core (docs/architecture.md, "The compiled core").

mypyc gives a local variable one type, the type of its first binding: in

    try: ...
    except BadValue as e: ...
    except Exception as e: ...   # compiled, ``e`` is still a BadValue

the second handler raises ``TypeError`` on the compiled core when it catches anything but a
``BadValue``, where the pure-Python core goes on. That made ``RecordReader`` give another verdict
than the pure core (issue 18, class 3). The rule, checked here on the sources ``setup.py``
compiles: each handler of a function that names its exception uses a name of its own, or the same
exception types."""

from __future__ import annotations

import ast
from pathlib import Path

from sgscore import _accel

SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def reused_names(source: str, filename: str = "<source>") -> list[tuple[str, int, str, list[str]]]:
    """``(function, line, name, types)`` for each exception name that handlers of different
    types bind in one function (or one class body, or the module's own code); nested functions
    and classes are scopes of their own."""
    tree = ast.parse(source, filename)
    found = []
    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, SCOPES))]:
        bound: dict[str, dict[str, int]] = {}
        todo = list(ast.iter_child_nodes(scope))
        while todo:
            node = todo.pop()
            if isinstance(node, SCOPES):
                continue  # its own scope
            if isinstance(node, ast.ExceptHandler) and node.name:
                caught = ast.unparse(node.type) if node.type is not None else "BaseException"
                bound.setdefault(node.name, {}).setdefault(caught, node.lineno)
            todo.extend(ast.iter_child_nodes(node))
        for name, types in sorted(bound.items()):
            if len(types) > 1:
                found.append((getattr(scope, "name", "<module>"), min(types.values()), name,
                              sorted(types)))
    return found


def test_the_check_finds_the_pattern() -> None:
    # RecordReader.__iter__ as it was: the catch-all typed as the first handler's BadValue.
    source = '''
def records(self):
    try:
        parse()
    except BadValue as e:
        raise ReplayError(str(e))
    except (ReplayError, MemoryError):
        raise
    except Exception as e:
        raise ReplayError(repr(e))
'''
    assert reused_names(source) == [("records", 5, "e", ["BadValue", "Exception"])]
    same = source.replace("except Exception as e", "except BadValue as e")
    assert reused_names(same) == []
    nested = '''
def outer():
    try:
        pass
    except KeyError as e:
        pass
    def inner():
        try:
            pass
        except ValueError as e:
            pass
'''
    assert reused_names(nested) == []  # two functions, one binding each


def test_no_compiled_module_reuses_an_exception_name_for_another_type() -> None:
    modules = _accel.modules()
    assert "sgscore.replay.reader" in modules and len(modules) > 20
    found = []
    for module in modules:
        path = Path(_accel.source_of(module))
        for function, line, name, types in reused_names(path.read_text(encoding="utf-8"),
                                                        str(path)):
            found.append(f"{module}:{line} {function}: '{name}' is bound as {' and '.join(types)}")
    assert found == [], "give each handler's exception a name of its own:\n" + "\n".join(found)
