"""python -m ctxlog verify|audit|verify-pack: the same commands, output and exit codes as `npx ctxlog`.

Exit status: 0 verified / complete, 1 a check failed / the log is incomplete, 2 bad usage or an
unreadable file, 3 the RPC endpoint is unreachable, 4 an unexpected error."""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from typing import Any, Callable, Iterator, List, Optional, Sequence

from ._version import __version__
from .audit import LogUnreadableError, audit_agent, ndjson_lines
from .errors import ApiError, CtxlogError, RpcUnreachableError
from .evidence.cli_verify_pack import VERIFY_PACK_USAGE, run_verify_pack

_PACK_USAGE_LINE, _, _PACK_USAGE = VERIFY_PACK_USAGE.partition("\n\n")

EXIT_VERIFIED, EXIT_FAILED, EXIT_USAGE, EXIT_UNREACHABLE, EXIT_INTERNAL = 0, 1, 2, 3, 4
# the same marks as `npx ctxlog verify`: a check that could not run is NOT RUN, never FAIL
_CHECK_MARKS = {"passed": "PASS   ", "failed": "FAIL   ", "not_run": "NOT RUN"}

USAGE = """Usage:
  python -m ctxlog verify <proof.json | -> --rpc-url <url> [--confirmations n] [--expected-signer addr]...
                          [--expected-submitter addr]... [--data context.json] [--json]
                          [--log-key vkey] [--witness-key vkey]... [--witness-threshold k]
  python -m ctxlog audit <export.ndjson | --api <url> --key <key> --agent <agent_id>> --rpc-url <url>
                         [--from n] [--to m] [--receipts file] [--confirmations n] [--json]
                         [--log-url url] [--log-key vkey]
%s

verify checks a proof bundle without trusting the service: canonical JSON, keccak256 hash,
signature, Merkle proof, then through the RPC endpoint the transaction, its Anchored log and who
sent it, the block and the confirmations (--data: the context as you kept it, {agent_id,
context_data, metadata}, checked instead of the bundle's, e.g. after its data was erased). A
version 4 bundle (the transparency log) is also checked against the log's signed checkpoint, its
witnesses' cosignatures and the anchored tree: --log-key is the log's verifier key to trust and
--witness-key (each witness's verifier key) with --witness-threshold (default: all of them) the
witness policy; without them the bundle's own are used.
audit proves an agent's log complete and anchored; entries anchored by the transparency log's tree
head are also found at their log indexes in the log's current checkpoint (entries_in_log):
--log-url is the log (default with --api: <api>/tlog), --log-key its verifier key to trust.

Exit status: 0 verified (complete), 1 a check failed (incomplete), 2 bad usage or file,
3 RPC unreachable (or, for audit, the log), 4 unexpected error.

%s""" % (_PACK_USAGE_LINE, _PACK_USAGE)


class _Usage(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Usage(message)


def _parser() -> _Parser:
    p = _Parser(prog="python -m ctxlog", add_help=False)
    p.add_argument("command", nargs="?")
    p.add_argument("file", nargs="?")
    p.add_argument("extra", nargs="*")
    p.add_argument("--rpc-url")
    p.add_argument("--confirmations")
    p.add_argument("--expected-signer", action="append")
    p.add_argument("--expected-submitter", action="append")
    p.add_argument("--json", action="store_true")
    p.add_argument("--data")
    p.add_argument("--log-key")
    p.add_argument("--witness-key", action="append")
    p.add_argument("--witness-threshold")
    p.add_argument("--api")
    p.add_argument("--key")
    p.add_argument("--agent")
    p.add_argument("--from", dest="from_")
    p.add_argument("--to")
    p.add_argument("--receipts")
    p.add_argument("--log-url")
    p.add_argument("-h", "--help", action="store_true")
    p.add_argument("-v", "--version", action="store_true")
    return p


def _positive(value: Optional[str], name: str) -> Optional[int]:
    if value is None:
        return None
    try:
        n = int(value)
    except ValueError:
        n = 0
    if n < 1:
        raise _Usage("%s must be an integer ≥ 1" % name)
    return n


def main(argv: Sequence[str], out: Callable[[str], None] = print,
         err: Callable[[str], None] = lambda s: print(s, file=sys.stderr), stdin: Any = None) -> int:
    try:
        args = _parser().parse_args(list(argv))
    except _Usage as error:
        err("ctxlog: %s\n\n%s" % (error, USAGE))
        return EXIT_USAGE
    if args.help:
        out(USAGE)
        return EXIT_VERIFIED
    if args.version:
        out(__version__)
        return EXIT_VERIFIED
    rpc_url = args.rpc_url or os.environ.get("CTXLOG_RPC_URL")
    if args.command == "verify-pack" and args.file is not None and not args.extra:
        # offline by default: the RPC endpoint only adds the canonical-block check; the log key and
        # witness policy read as verify reads them
        try:
            log_key, policy = _log_trust(args)
        except _Usage as error:
            err("ctxlog: %s" % error)
            return EXIT_USAGE
        return run_verify_pack(args.file, rpc_url, args.expected_signer, args.expected_submitter, args.json, out, err,
                               policy, log_key)
    if args.command not in ("verify", "audit") or args.extra or (args.command == "verify" and args.file is None):
        err(USAGE)
        return EXIT_USAGE
    if not rpc_url:
        err("ctxlog: --rpc-url is required (or set CTXLOG_RPC_URL)")
        return EXIT_USAGE
    try:
        confirmations = _positive(args.confirmations, "--confirmations")
        if args.command == "verify":
            return _verify(args, rpc_url, confirmations, out, err, stdin or sys.stdin)
        return _audit(args, rpc_url, confirmations, out, err)
    except _Usage as error:
        err("ctxlog: %s" % error)
        return EXIT_USAGE
    except (RpcUnreachableError, LogUnreadableError) as error:
        err("ctxlog: %s" % error)
        return EXIT_UNREACHABLE


def _verify(args: Any, rpc_url: str, confirmations: Optional[int], out: Callable[[str], None],
            err: Callable[[str], None], stdin: Any) -> int:
    from .verify import verify_proof

    log_key, policy = _log_trust(args)
    try:
        text = stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
        bundle = json.loads(text)
    except (OSError, ValueError) as error:
        err("ctxlog: cannot read a JSON proof bundle from %s: %s" % (args.file, error))
        return EXIT_USAGE
    data = None
    if args.data is not None:
        try:
            data = json.loads(open(args.data, encoding="utf-8").read())
        except (OSError, ValueError) as error:
            err("ctxlog: cannot read the context data from %s: %s" % (args.data, error))
            return EXIT_USAGE
    result = verify_proof(bundle, rpc_url=rpc_url, confirmations=confirmations,
                          expected_signers=args.expected_signer, trusted_submitters=args.expected_submitter,
                          data=data, log_key=log_key, witness_policy=policy)
    if args.json:
        out(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        width = max([17] + [len(c.name) for c in result.checks])  # 17: v1–3's, as `npx ctxlog verify`
        for check in result.checks:
            mark = _CHECK_MARKS[check.status]
            out(("%s  %s  %s" % (mark, check.name.ljust(width), check.reason or "")).rstrip())
        name = bundle.get("context_id") if isinstance(bundle, dict) and isinstance(bundle.get("context_id"), str) \
            else "context"
        where = "%s is in block %s with %s confirmations" % (name, result.block_number, result.confirmations)
        if result.verdict == "verified":
            out("\nVERIFIED: %s" % where)
        elif result.verdict == "verified_data_unavailable":
            out("\nVERIFIED, DATA UNAVAILABLE: %s; its data was erased, so canonical_context and hash_matches "
                "did not run (--data file.json to check them)" % where)
        else:
            out("\nNOT VERIFIED: %s failed" % ", ".join(result.failed))
    # verified_data_unavailable exits 0 too: what was logged is proven; the line above says what was not
    return EXIT_VERIFIED if result.verified else EXIT_FAILED


def _log_trust(args: Any) -> "tuple[Any, Any]":
    """The log key and witness policy given on the command line (None: the bundle's own)."""
    from .tlog import SIGNATURE_TYPE_ED25519, TlogError, parse_verifier_key

    log_key = None
    try:
        if args.log_key is not None:
            log_key = parse_verifier_key(args.log_key)
            if log_key.type != SIGNATURE_TYPE_ED25519:
                raise _Usage("--log-key must be a log's Ed25519 verifier key (type 0x01)")
    except TlogError as error:
        raise _Usage("--log-key: %s" % error) from None
    return log_key, _witness_policy(args)


def _witness_policy(args: Any) -> Any:
    """The witness policy of --witness-key and --witness-threshold (default: all), None without them."""
    from .tlog import TlogError, witness_policy

    if not args.witness_key and args.witness_threshold is None:
        return None
    keys = args.witness_key or []
    threshold = len(keys) if args.witness_threshold is None else _natural(args.witness_threshold)
    try:
        return witness_policy(threshold, keys)
    except TlogError as error:
        raise _Usage("--witness-key/--witness-threshold: %s" % error) from None


def _natural(value: str) -> int:
    if not value.isdigit() or not value.isascii():
        raise _Usage("--witness-threshold must be an integer ≥ 0")
    return int(value)


def _file_lines(path: str) -> Iterator[str]:
    with open(path, "rb") as stream:
        yield from ndjson_lines(iter(lambda: stream.read(1 << 16), b""))


def _audit(args: Any, rpc_url: str, confirmations: Optional[int], out: Callable[[str], None],
           err: Callable[[str], None]) -> int:
    first = _positive(args.from_, "--from")
    to = _positive(args.to, "--to")
    from_api = args.api is not None
    if (not args.key or not args.agent or args.file) if from_api else not args.file:
        err("ctxlog: give an export file, or --api with --key and --agent\n\n%s" % USAGE)
        return EXIT_USAGE
    receipts: List[Any] = []
    try:
        if args.receipts:
            receipts = [json.loads(line) for line in _file_lines(args.receipts)]
        if from_api:
            from .client import Client

            client = Client(args.api, args.key)
            # the log's head bounds the audit, so a log cut short at its end is a gap, not a shorter log
            head = client.agents.get(args.agent).head_sequence
            lines: Any = client.agents.export(args.agent, from_sequence=first, to_sequence=to)
            to = to if to is not None else head
        else:
            open(args.file, "rb").close()
            lines = _file_lines(args.file)
    except (OSError, ValueError, CtxlogError) as error:
        if isinstance(error, RpcUnreachableError):
            raise
        err("ctxlog: %s" % error)
        return EXIT_USAGE
    # the API serves its log beside it, to the same key when the log is not public
    log_url = args.log_url or (args.api.rstrip("/") + "/tlog" if from_api else None)
    log_headers = {"Authorization": "Bearer %s" % args.key} if from_api and not args.log_url else None
    try:
        result = audit_agent(lines, rpc_url, from_sequence=first or 1, to_sequence=to, receipts=receipts,
                             confirmations=confirmations, log_url=log_url, log_key=args.log_key,
                             log_headers=log_headers)
    except ApiError as error:
        err("ctxlog: %s" % error)
        return EXIT_USAGE
    out(json.dumps(result.to_dict(), ensure_ascii=False) if args.json else result.summary)
    return EXIT_VERIFIED if result.complete else EXIT_FAILED


# the reader of stdout went away (`... | head`): 128 + SIGPIPE, as a shell tool killed by it exits
EXIT_BROKEN_PIPE = 141


def run(argv: Optional[Sequence[str]] = None) -> None:
    try:
        code = main(sys.argv[1:] if argv is None else argv)
        sys.stdout.flush()
    except BrokenPipeError:
        code = _broken_pipe()
    except Exception:  # noqa: BLE001
        sys.stderr.write("ctxlog: unexpected error: %s" % traceback.format_exc())
        code = EXIT_INTERNAL
    sys.exit(code)


def _broken_pipe() -> int:
    """Nothing more can reach the reader: stdout goes to /dev/null, so that the interpreter's own
    flush at exit does not raise (and print) the same error again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return EXIT_BROKEN_PIPE
