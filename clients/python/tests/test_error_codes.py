"""The error classes against apps/api/openapi.json: one ApiError subclass per code of the closed list
the document's Error schema gives (the TypeScript SDK's API_ERROR_CODES come from the same enum), so a
code added to the API without its class here fails."""

import json

from conftest import ROOT
from ctxlog import errors


def _document_codes():
    with open(ROOT / "apps" / "api" / "openapi.json", encoding="utf-8") as f:
        doc = json.load(f)
    return doc["components"]["schemas"]["Error"]["properties"]["error"]["properties"]["code"]["enum"]


def test_one_class_per_code_of_the_document():
    codes = _document_codes()
    assert sorted(errors._BY_CODE) == sorted(codes)
    for code in codes:
        cls = errors.error_for(code)
        assert issubclass(cls, errors.ApiError) and cls.code == code


def test_a_code_outside_the_list_is_unknown():
    assert errors.error_for("NOT_A_CODE") is errors.UnknownError
    assert errors.error_for(None) is errors.UnknownError
