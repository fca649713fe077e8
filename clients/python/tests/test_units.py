"""Pure code: webhook signatures against the Standard Webhooks reference vector, Retry-After,
timestamps, ECMAScript number formatting, and the CLI's usage errors (no stack needed)."""

import base64
import hashlib
import hmac

import pytest

from ctxlog import WebhookVerificationError, verify_webhook
from ctxlog._http import parse_retry_after
from ctxlog.canonical import format_number
from ctxlog.chain_entry import parse_timestamp_ms
from ctxlog.cli import main

# the example of the Standard Webhooks specification (and of svix's libraries)
SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
MSG_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek"
TIMESTAMP = 1614265330
PAYLOAD = b'{"test": 2432232314}'
SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="


def headers(**extra):
    service = hmac.new(base64.b64decode(SECRET[6:]), PAYLOAD, hashlib.sha256).hexdigest()
    base = {"X-Service-Signature": service, "Webhook-Id": MSG_ID, "Webhook-Timestamp": str(TIMESTAMP),
            "Webhook-Signature": "v1,bm90IGl0 " + SIGNATURE}
    base.update(extra)
    return base


def test_the_standard_webhooks_reference_signature_verifies():
    assert verify_webhook(PAYLOAD, headers(), SECRET, now=TIMESTAMP + 10) == {"test": 2432232314}
    # the worker's own convention for X-Service-Signature: the whole secret string as the key
    whole = hmac.new(SECRET.encode(), PAYLOAD, hashlib.sha256).hexdigest()
    assert verify_webhook(PAYLOAD, headers(**{"X-Service-Signature": whole}), SECRET, now=TIMESTAMP)


@pytest.mark.parametrize("change, reason", [
    ({"Webhook-Signature": "v1,h0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="}, "invalid_signature"),
    ({"X-Service-Signature": "00" * 32}, "invalid_signature"),
    ({"Webhook-Timestamp": "soon"}, "invalid_timestamp"),
    ({"Webhook-Timestamp": str(TIMESTAMP + 1000)}, "timestamp_too_new"),
])
def test_each_refusal_has_its_reason(change, reason):
    with pytest.raises(WebhookVerificationError) as caught:
        verify_webhook(PAYLOAD, headers(**change), SECRET, now=TIMESTAMP)
    assert caught.value.reason == reason


def test_stale_and_missing():
    with pytest.raises(WebhookVerificationError) as caught:
        verify_webhook(PAYLOAD, headers(), SECRET, now=TIMESTAMP + 301)
    assert caught.value.reason == "timestamp_too_old"
    with pytest.raises(WebhookVerificationError) as caught:
        verify_webhook(PAYLOAD, {"webhook-id": MSG_ID}, SECRET, now=TIMESTAMP)
    assert caught.value.reason == "missing_header"
    with pytest.raises(TypeError):
        verify_webhook({"test": 1}, headers(), SECRET)


def test_retry_after_in_seconds_or_as_a_date():
    assert parse_retry_after("7") == 7.0
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412470) == 10.0
    assert parse_retry_after("soon") is None and parse_retry_after(None) is None


def test_timestamps_as_javascript_date_parse_reads_them():
    assert parse_timestamp_ms("1970-01-01T00:00:00.001Z") == 1
    assert parse_timestamp_ms("2026-11-26T12:00:00.123456Z") == parse_timestamp_ms("2026-11-26T12:00:00.123Z")
    assert parse_timestamp_ms("2026-11-26T13:00:00.000+01:00") == parse_timestamp_ms("2026-11-26T12:00:00Z")
    with pytest.raises(ValueError):
        parse_timestamp_ms("yesterday")


@pytest.mark.parametrize("value, text", [
    (1e21, "1e+21"), (1e-7, "1e-7"), (-0.0, "0"), (123456789.123, "123456789.123"), (1e20, "100000000000000000000"),
    (-1.5e-9, "-1.5e-9"), (0.000001, "0.000001"), (2**53 + 2, "9007199254740994"), (5e-324, "5e-324"),
])
def test_ecmascript_number_formatting(value, text):
    assert format_number(value) == text


def test_cli_usage_errors_exit_2():
    out, err = [], []
    assert main(["verify"], out.append, err.append) == 2
    assert main(["nothing", "x", "--rpc-url", "http://x"], out.append, err.append) == 2
    assert main(["audit", "--rpc-url", "http://x"], out.append, err.append) == 2
    assert main(["verify", "proof.json"], out.append, err.append, ) == 2  # no --rpc-url
    assert main(["--help"], out.append, err.append) == 0 and "Exit status" in out[-1]


def test_a_reader_that_goes_away_is_no_traceback():
    """`python -m ctxlog verify ... | head`: stdout's reader is gone before the output is written."""
    import os
    import subprocess
    import sys

    from conftest import SRC

    read, write = os.pipe()
    os.close(read)  # every write now fails with EPIPE
    env = dict(os.environ)
    if os.environ.get("CTXLOG_TEST_INSTALLED") != "1":  # else the installed wheel's
        env["PYTHONPATH"] = str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")
    try:
        done = subprocess.run([sys.executable, "-m", "ctxlog", "verify", "--help"], stdout=write,
                              stderr=subprocess.PIPE, env=env, timeout=60)
    finally:
        os.close(write)
    assert done.stderr.decode() == ""
    assert done.returncode == 141
