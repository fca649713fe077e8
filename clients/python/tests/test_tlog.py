"""ctxlog.tlog against the shared vectors (test-vectors/tlog, written by @ctxlog/core and checked
by Go's sumdb and sigstore-js): every tree hash, proof, tile, entry bundle, tile path and
checkpoint there, on every Ed25519 backend present; then what must be refused, with the reason
@ctxlog/core gives."""

import json

import pytest

from conftest import vectors
from ctxlog import tlog
from ctxlog.tlog import (TlogError, leaf_hash, open_checkpoint, parse_checkpoint, parse_verifier_key,
                         prove_consistency, prove_inclusion, tree_hash, verify_consistency, verify_inclusion)
from ctxlog.tlog import ed25519
from ctxlog.tlog.tiles import TILE_WIDTH

TREE = vectors("tlog/tree.json")
TILES = vectors("tlog/tiles.json")
CPS = vectors("tlog/checkpoints.json")
LEAVES = [bytes.fromhex(leaf) for leaf in TREE["leaves"]]
LEAF_HASHES = [leaf_hash(leaf) for leaf in LEAVES]
ROOTS = {t["size"]: bytes.fromhex(t["root"]) for t in TREE["tree_hashes"]}
LOG_KEY = parse_verifier_key(CPS["log"]["verifier_key"])
ORIGIN = CPS["origin"]


@pytest.fixture(params=ed25519.available_backends())
def backend(request):
    before = ed25519.backend_name()
    ed25519.use_backend(request.param)
    yield request.param
    ed25519.use_backend(before)


def reason(fn, *args, **kwargs):
    with pytest.raises(TlogError) as raised:
        fn(*args, **kwargs)
    return raised.value.reason


def test_tree_hashes():
    for size, root in ROOTS.items():
        assert tree_hash(LEAF_HASHES[:size]) == root, size


@pytest.mark.parametrize("case", TREE["inclusion_proofs"], ids=lambda c: "%d@%d" % (c["index"], c["size"]))
def test_inclusion_proofs_generated_alike_and_verified(case):
    i, n = case["index"], case["size"]
    assert [h.hex() for h in prove_inclusion(i, LEAF_HASHES[:n])] == case["proof"]
    verify_inclusion(i, n, LEAF_HASHES[i], [bytes.fromhex(h) for h in case["proof"]], ROOTS[n])


@pytest.mark.parametrize("case", TREE["consistency_proofs"], ids=lambda c: "%d-%d" % (c["old_size"], c["new_size"]))
def test_consistency_proofs_generated_alike_and_verified(case):
    old, new = case["old_size"], case["new_size"]
    assert [h.hex() for h in prove_consistency(old, LEAF_HASHES[:new])] == case["proof"]
    verify_consistency(old, new, ROOTS[old], ROOTS[new], [bytes.fromhex(h) for h in case["proof"]])


def test_tiles_entry_bundles_and_paths():
    import base64

    level0 = {}
    for path, b64 in TILES["tiles"].items():
        tile = tlog.parse_tile_path(path)
        hashes = tlog.tile_hashes(tile, base64.b64decode(b64))
        assert tlog.tile_path(tile.level, tile.index, tile.width) == path
        start = tile.index * TILE_WIDTH
        if tile.level == 0:
            assert hashes == LEAF_HASHES[start: start + tile.width], path
            level0.update(enumerate(hashes, start))
        else:  # level 1: the complete subtrees of 256 leaves
            assert hashes == [tree_hash(LEAF_HASHES[j * 256: (j + 1) * 256]) for j in range(start, start + tile.width)]
    for size in TILES["checkpoint_sizes"]:
        assert tree_hash([level0[i] for i in range(size)]) == ROOTS[size]
    for path, b64 in TILES["entry_bundles"].items():
        bundle = tlog.parse_tile_path(path)
        assert bundle.kind == "entries"
        entries = tlog.decode_entry_bundle(base64.b64decode(b64), bundle.width, 32)
        assert entries == LEAVES[bundle.index * 256: bundle.index * 256 + bundle.width]
    for t in TILES["tile_paths"]:
        assert tlog.tile_path(t["level"], t["index"], t["width"]) == t["path"]
        if "entries_path" in t:
            assert tlog.entry_bundle_path(t["index"], t["width"]) == t["entries_path"]


def test_checkpoints_signed_alike_opened_and_cosigned_to_the_policy(backend):
    signer = tlog.note_signer(CPS["log"]["signer_key"])
    policy = tlog.witness_policy(CPS["witness_policy"]["threshold"], CPS["witness_policy"]["witnesses"])
    assert LOG_KEY.public_key.hex() == CPS["log"]["public_key"]
    assert tlog.format_verifier_key(LOG_KEY) == CPS["log"]["verifier_key"]
    for w in CPS["witnesses"]:
        assert tlog.parse_signer_key(w["signer_key"]).public_key.hex() == w["public_key"]
    for c in CPS["checkpoints"]:
        checkpoint = parse_checkpoint(c["text"])
        assert (checkpoint.origin, checkpoint.size, checkpoint.root_hash) == (ORIGIN, c["size"], ROOTS[c["size"]])
        assert tlog.format_checkpoint(checkpoint) == c["text"]
        assert tlog.sign_note(c["text"], [signer]) == c["signed"]
        assert open_checkpoint(c["signed"], ORIGIN, LOG_KEY, policy).witnesses.satisfied is False
        opened = open_checkpoint(c["cosigned"], ORIGIN, LOG_KEY, policy)
        assert (opened.witnesses.satisfied, opened.witnesses.missing) == (True, [])
        assert opened.checkpoint.size == c["size"]
        # without the policy the cosignatures are kept, unchecked
        assert len(open_checkpoint(c["cosigned"], ORIGIN, LOG_KEY).note.unverified) == 2


def test_a_witness_signs_as_the_vectors_witness_did(backend):
    c = CPS["checkpoints"][0]
    line = [s for s in tlog.parse_signed_note(c["cosigned"]).signatures if s.name == CPS["witnesses"][0]["name"]][0]
    cosigner = tlog.note_signer(CPS["witnesses"][0]["signer_key"], now=lambda: tlog.cosignature_timestamp(line.signature))
    assert tlog.sign_note(c["text"], [cosigner]).endswith(tlog.signed_note.signature_line(line))


# --- what is refused ---------------------------------------------------------------------------

H = bytes(32)


def test_inclusion_refusals():
    case = next(c for c in TREE["inclusion_proofs"] if c["index"] == 300 and c["size"] == 785)
    i, n, proof = case["index"], case["size"], [bytes.fromhex(h) for h in case["proof"]]
    flipped = [bytes([proof[0][0] ^ 1]) + proof[0][1:]] + proof[1:]
    assert reason(verify_inclusion, i, n, LEAF_HASHES[i], flipped, ROOTS[n]) == "proof_failed"
    assert reason(verify_inclusion, i, n, LEAF_HASHES[i ^ 1], proof, ROOTS[n]) == "proof_failed"  # another leaf
    # a size of another shape (a size of the same shape is bound by the root: the checkpoint signs both)
    assert reason(verify_inclusion, i, 512, LEAF_HASHES[i], proof, ROOTS[n]) == "proof_failed"
    assert reason(verify_inclusion, i, 2000, LEAF_HASHES[i], proof, ROOTS[n]) == "proof_failed"
    assert reason(verify_inclusion, i, n, LEAF_HASHES[i], proof, ROOTS[600]) == "proof_failed"  # root mismatch
    assert reason(verify_inclusion, i, n, LEAF_HASHES[i], proof + [H], ROOTS[n]) == "proof_failed"  # one too many
    assert reason(verify_inclusion, i, n, LEAF_HASHES[i], proof[:-1], ROOTS[n]) == "proof_failed"  # one too few
    assert reason(verify_inclusion, i, n, LEAF_HASHES[i], [H] * 65, ROOTS[n]) == "too_large"  # refused unread
    assert reason(verify_inclusion, i, n, LEAF_HASHES[i], proof[:-1] + [H[:31]], ROOTS[n]) == "malformed"
    assert reason(verify_inclusion, n, n, LEAF_HASHES[0], proof, ROOTS[n]) == "invalid_argument"
    assert reason(verify_inclusion, 0, 2**53, H, [], H) == "invalid_argument"
    assert reason(verify_inclusion, 0, 1, H, [], H[:31]) == "malformed"


def test_consistency_refusals():
    case = next(c for c in TREE["consistency_proofs"] if c["old_size"] == 7 and c["new_size"] == 13)
    proof = [bytes.fromhex(h) for h in case["proof"]]
    verify_consistency(7, 13, ROOTS[7], ROOTS[13], proof)
    assert reason(verify_consistency, 7, 13, ROOTS[7], ROOTS[12], proof) == "proof_failed"
    assert reason(verify_consistency, 7, 13, ROOTS[6], ROOTS[13], proof) == "proof_failed"
    assert reason(verify_consistency, 7, 13, ROOTS[7], ROOTS[13], proof[::-1]) == "proof_failed"
    assert reason(verify_consistency, 7, 13, ROOTS[7], ROOTS[13], proof + [H]) == "proof_failed"
    assert reason(verify_consistency, 7, 13, ROOTS[7], ROOTS[13], proof[:-1]) == "proof_failed"
    assert reason(verify_consistency, 7, 13, ROOTS[7], ROOTS[13], []) == "proof_failed"
    assert reason(verify_consistency, 13, 7, ROOTS[13], ROOTS[7], proof) == "invalid_argument"
    assert reason(verify_consistency, 7, 13, ROOTS[7], ROOTS[13], [H] * 65) == "too_large"
    # equal sizes: empty proof and equal roots; from the empty tree: empty proof
    verify_consistency(9, 9, ROOTS[9], ROOTS[9], [])
    assert reason(verify_consistency, 9, 9, ROOTS[9], ROOTS[8], []) == "proof_failed"
    assert reason(verify_consistency, 9, 9, ROOTS[9], ROOTS[9], [H]) == "proof_failed"
    verify_consistency(0, 9, ROOTS[0], ROOTS[9], [])
    assert reason(verify_consistency, 0, 9, ROOTS[0], ROOTS[9], [H]) == "proof_failed"


def flip(note: str, at: int) -> str:
    return note[:at] + chr(ord(note[at]) ^ 1) + note[at + 1:]


def test_checkpoint_refusals(backend):
    cosigned = CPS["checkpoints"][1]["cosigned"]
    policy = tlog.witness_policy(2, CPS["witness_policy"]["witnesses"])
    other = tlog.parse_verifier_key(CPS["witnesses"][0]["verifier_key"])
    # a byte of the text, or of the log's signature, changed
    assert reason(open_checkpoint, flip(cosigned, 30), ORIGIN, LOG_KEY) == "invalid_signature"
    sig_at = cosigned.index("— ") + len("— ") + len(LOG_KEY.name) + 20
    assert reason(open_checkpoint, flip(cosigned, sig_at), ORIGIN, LOG_KEY) == "invalid_signature"
    # a witness's cosignature changed: refused with the policy, kept unchecked without it
    w_at = cosigned.rindex("— ") + 40
    assert reason(open_checkpoint, flip(cosigned, w_at), ORIGIN, LOG_KEY, policy) == "invalid_signature"
    assert open_checkpoint(flip(cosigned, w_at), ORIGIN, LOG_KEY).checkpoint.size == 785
    another = tlog.note_keys.signer_key_from_seed(LOG_KEY.name, bytes(32))  # the log's name, another key
    assert reason(open_checkpoint, cosigned, ORIGIN, another) == "unverified"
    wrong_id = tlog.NoteVerifierKey(LOG_KEY.name, LOG_KEY.key_id, 1, other.public_key)
    assert reason(open_checkpoint, cosigned, ORIGIN, wrong_id) == "invalid_signature"  # same name and ID, other key
    assert reason(open_checkpoint, cosigned, "ctxlog.example/another-log", LOG_KEY) == "malformed"
    # signed by witnesses alone: not the log's
    witness_only = "".join(line + "\n" for line in cosigned.splitlines() if not line.startswith("— " + LOG_KEY.name))
    assert reason(open_checkpoint, witness_only, ORIGIN, LOG_KEY, policy) == "unverified"
    # the same key given twice
    assert reason(tlog.open_note, cosigned, [tlog.note_verifier(LOG_KEY)] * 2) == "ambiguous_key"


def test_signed_note_refusals():
    signed = CPS["checkpoints"][0]["signed"]
    text, _, sigs = signed.partition("\n\n")
    assert reason(tlog.parse_signed_note, signed.replace("\n\n", "\n")) == "malformed"  # no blank line
    assert reason(tlog.parse_signed_note, signed[:-1]) == "malformed"  # no final newline
    assert reason(tlog.parse_signed_note, "a\tb\n\n" + sigs) == "malformed"  # a control character
    assert reason(tlog.parse_signed_note, signed.replace("— ", "- ")) == "malformed"
    assert reason(tlog.parse_signed_note, signed[:-3] + "p=\n") == "malformed"  # not canonical base64
    assert reason(tlog.parse_signed_note, "x" * (64 * 1024) + "\n\n" + sigs) == "too_large"
    assert reason(tlog.parse_signed_note, b"\xff\n\n" + sigs.encode()) == "malformed"  # not UTF-8
    assert reason(tlog.parse_signed_note, text + "\n\n" + sigs * 101) == "too_large"  # lines counted before parsing
    assert len(tlog.parse_signed_note(text + "\n\n" + sigs * 3).signatures) == 1  # identical lines once
    assert reason(tlog.open_note, signed, []) == "unverified"


def test_key_refusals():
    vkey = CPS["log"]["verifier_key"]
    name, id_hex, b64 = vkey.split("+", 2)
    assert reason(parse_verifier_key, "%s+%s+%s" % (name, "%08x" % (int(id_hex, 16) ^ 1), b64)) == "malformed"
    assert reason(parse_verifier_key, "%s+%s+%s" % (name, id_hex.upper(), b64)) == "malformed"
    assert reason(parse_verifier_key, "%s+%s+%s" % ("other.example", id_hex, b64)) == "malformed"  # ID of another name
    assert reason(parse_verifier_key, "a b+%s+%s" % (id_hex, b64)) == "malformed"  # white space in the name
    assert reason(parse_verifier_key, "%s+%s" % (name, id_hex)) == "malformed"
    assert reason(parse_verifier_key, vkey[:-4]) == "malformed"  # 29 bytes of key
    assert reason(parse_verifier_key, "x" * 1025) == "too_large"
    bad_type = tlog._bytes.to_base64(b"\x02" + LOG_KEY.public_key)
    key_id = tlog.key_id(name, 2, LOG_KEY.public_key)
    assert reason(parse_verifier_key, "%s+%08x+%s" % (name, key_id, bad_type)) == "malformed"
    skey = CPS["log"]["signer_key"]
    assert reason(tlog.parse_signer_key, skey.replace("+39b5f299+", "+39b5f298+")) == "malformed"
    with pytest.raises(TlogError) as raised:
        tlog.parse_signer_key(skey.replace("+39b5f299+", "+39b5f298+"))
    assert skey.rsplit("+", 1)[1] not in str(raised.value)  # the message names no secret


def test_checkpoint_body_refusals():
    root = tlog._bytes.to_base64(ROOTS[5])
    assert parse_checkpoint("o\n5\n%s\next one\next two\n" % root).extensions == ["ext one", "ext two"]
    for body in ["o\n05\n%s\n" % root, "o\n-1\n%s\n" % root, "o\n9007199254740992\n%s\n" % root,
                 "o\n5\n%s\n" % root[:-4], "o\n5\n%s\n\nx\n" % root, "\n5\n%s\n" % root, "o\n5\n"]:
        assert reason(parse_checkpoint, body) == "malformed", body
    assert reason(parse_checkpoint, "o\n5\n%s\n%s" % (root, "x\n" * 65)) == "too_large"


def test_witness_policy_refusals_and_counting(backend):
    keys = CPS["witness_policy"]["witnesses"]
    assert reason(tlog.witness_policy, 1, [CPS["log"]["verifier_key"]]) == "invalid_argument"  # not type 0x04
    assert reason(tlog.witness_policy, 1, [keys[0], keys[0]]) == "invalid_argument"
    assert reason(tlog.witness_policy, 3, keys) == "invalid_argument"
    assert reason(tlog.witness_policy, -1, keys) == "invalid_argument"
    assert reason(tlog.witness_policy, 1, ["nope"]) == "invalid_argument"
    c = CPS["checkpoints"][0]
    one = tlog.sign_note(c["text"], [tlog.note_signer(CPS["witnesses"][1]["signer_key"], now=lambda: 1700000000)],
                         tlog.parse_signed_note(c["signed"]).signatures)
    result = open_checkpoint(one, ORIGIN, LOG_KEY, tlog.witness_policy(2, keys)).witnesses
    assert (result.satisfied, result.cosigned_by, result.missing) == (False, [CPS["witnesses"][1]["name"]],
                                                                       [CPS["witnesses"][0]["name"]])
    assert open_checkpoint(one, ORIGIN, LOG_KEY, tlog.witness_policy(1, keys)).witnesses.satisfied
    assert reason(tlog.note_signer(CPS["witnesses"][0]["signer_key"], now=lambda: 2**63).sign, b"x\n") \
        == "invalid_argument"


def test_a_cosignature_past_2_63_does_not_verify(backend):
    w = tlog.parse_signer_key(CPS["witnesses"][0]["signer_key"])
    text = CPS["checkpoints"][0]["text"].encode()
    too_late = (2**63).to_bytes(8, "big") + ed25519.sign(w.seed, tlog.note_verifiers.cosigned_message(2**63, text))
    assert not tlog.note_verifier(w).verify(text, too_late)
    fine = tlog.note_signer(w, now=lambda: 2**63 - 1).sign(text)
    assert tlog.note_verifier(w).verify(text, fine)


def test_tile_path_refusals():
    for path in ["tile/0/x000/001", "tile/00/001", "tile/0/001.p/256", "tile/0/001.p/0", "tile/0/1",
                 "tile/64/000", "tile/entries/001.p/007", "tile/0/001/"]:
        assert reason(tlog.parse_tile_path, path) == "malformed", path
    assert reason(tlog.parse_tile_path, "tile/0/" + "x000/" * 20 + "001") == "too_large"
    assert tlog.parse_tile_path("tile/0/x001/x234/067.p/8").index == 1234067
    entry = b"\x00\x20" + H
    assert reason(tlog.decode_entry_bundle, entry[:-1]) == "malformed"
    assert reason(tlog.decode_entry_bundle, entry + b"\x00") == "malformed"
    assert reason(tlog.decode_entry_bundle, b"") == "malformed"
    assert reason(tlog.decode_entry_bundle, entry * 257) == "too_large"
    assert reason(tlog.decode_entry_bundle, entry * 2, 3) == "malformed"
    assert reason(tlog.decode_entry_bundle, b"\x00\x01x", None, 32) == "malformed"
    assert reason(tlog.tile_hashes, tlog.parse_tile_path("tile/0/000.p/2"), H * 3) == "malformed"


def test_errors_carry_a_reason_from_the_closed_list():
    with pytest.raises(TlogError) as raised:
        verify_inclusion(0, 1, H, [H], H)
    assert raised.value.reason in tlog.TLOG_ERROR_REASONS
    assert isinstance(raised.value, ValueError)
    assert json.dumps(raised.value.short_message)
