"""The behaviour of the answer types in ctxlog.models (whose fields are generated from the API's
OpenAPI document into _generated_models.py): building them from JSON and back."""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, Type, TypeVar

T = TypeVar("T")


def from_dict(cls: Type[T], data: Any) -> T:
    """Builds `cls` from an API object: known fields by name, the rest in `extra`. A field whose
    metadata names a model (CreatedContext.receipt) is built as that model when it holds an object."""
    if not isinstance(data, dict):
        raise TypeError("expected a JSON object for %s, got %r" % (cls.__name__, type(data).__name__))
    fields = {f.name: f for f in dataclasses.fields(cls) if f.name != "extra"}  # type: ignore[arg-type]
    kwargs: Dict[str, Any] = {}
    for name, spec in fields.items():
        if name in data:
            value = data[name]
            nested = spec.metadata.get("model")
            if nested is not None and isinstance(value, dict):
                value = from_dict(nested, value)
            kwargs[name] = value
    kwargs["extra"] = {k: v for k, v in data.items() if k not in fields}
    return cls(**kwargs)


class _Model:
    def to_dict(self) -> Dict[str, Any]:
        out = dataclasses.asdict(self)  # type: ignore[call-overload]
        extra = out.pop("extra", {}) or {}
        out.update(extra)
        return out
