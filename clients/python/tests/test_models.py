"""ctxlog.models against the API's document: every field of each schema is a dataclass field (the
classes are generated from apps/api/openapi.json), and from_dict/to_dict keep their behaviour."""

import dataclasses
import json

from conftest import ROOT

from ctxlog import models
from ctxlog.models import CreatedContext, Receipt, from_dict

SCHEMAS = json.loads((ROOT / "apps" / "api" / "openapi.json").read_text(encoding="utf-8"))["components"]["schemas"]
# the Python names that differ from the document's
SCHEMA_OF = {"AuthStatus": "AuthenticationStatus", "RecordedEvent": "Event"}


def test_every_schema_field_is_a_model_field():
    for name in models.__all__:
        if name == "from_dict":
            continue
        cls = getattr(models, name)
        fields = {f.name for f in dataclasses.fields(cls)} - {"extra"}
        assert fields == set(SCHEMAS[SCHEMA_OF.get(name, name)]["properties"]), name


def test_from_dict_builds_the_receipt_and_keeps_unknown_keys_in_extra():
    receipt = {"context_hash": "0x" + "ab" * 32, "sequence": 1, "signer": "0x" + "cd" * 20, "new_key": 1}
    created = from_dict(CreatedContext, {"context_id": "ctx_1", "status": "pending", "receipt": receipt,
                                         "future_field": [1]})
    assert created.context_id == "ctx_1" and created.status == "pending"
    assert isinstance(created.receipt, Receipt)
    assert created.receipt.sequence == 1 and created.receipt.extra == {"new_key": 1}
    assert created.extra == {"future_field": [1]}
    assert created.block_number is None and created.extra is not CreatedContext().extra
    out = created.to_dict()
    assert out["future_field"] == [1] and out["receipt"]["sequence"] == 1 and "extra" not in out


def test_from_dict_refuses_a_non_object():
    try:
        from_dict(CreatedContext, [1])
    except TypeError as err:
        assert "CreatedContext" in str(err)
    else:
        raise AssertionError("expected TypeError")
