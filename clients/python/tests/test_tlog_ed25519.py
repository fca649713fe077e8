"""Ed25519 for signed notes: every backend present (pycryptodome ≥ 3.15, cryptography, pure
Python) against RFC 8032 §7.1's test vectors and the repo's checkpoint signatures, and the strict
rules every backend is held to (S < L, canonical encodings of the key and R)."""

import pytest

from conftest import vectors
from ctxlog import tlog
from ctxlog.tlog import _ed25519_pure as pure
from ctxlog.tlog import ed25519

# RFC 8032 §7.1: TEST 1, TEST 2, TEST 3 and TEST SHA(abc) (secret key, public key, message, signature)
RFC8032 = [
    ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24"
     "655141438e7a100b"),
    ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb0"
     "0d291612bb0c00"),
    ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc0"
     "27beceea1ec40a"),
    ("833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e"
     "2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9"
     "bef1177331a704"),
]
CPS = vectors("tlog/checkpoints.json")
P = 2**255 - 19


@pytest.fixture(params=ed25519.available_backends())
def backend(request):
    before = ed25519.backend_name()
    ed25519.use_backend(request.param)
    yield request.param
    ed25519.use_backend(before)


def test_the_pure_backend_is_always_there():
    assert "pure" in ed25519.available_backends()


@pytest.mark.parametrize("case", RFC8032, ids=["test1", "test2", "test3", "sha_abc"])
def test_rfc8032_vectors_pure(case):
    seed, public, message, signature = (bytes.fromhex(x) for x in case)
    assert pure.public_key(seed) == public
    assert pure.sign(seed, message) == signature
    assert pure.verify(public, message, signature)
    assert not pure.verify(public, message + b"x", signature)


@pytest.mark.parametrize("case", RFC8032, ids=["test1", "test2", "test3", "sha_abc"])
def test_rfc8032_vectors_every_backend(case, backend):
    seed, public, message, signature = (bytes.fromhex(x) for x in case)
    assert ed25519.sign(seed, message) == signature
    assert ed25519.verify(public, message, signature)
    assert not ed25519.verify(public, message, signature[:63] + bytes([signature[63] ^ 0x01]))


def test_the_repos_checkpoint_signatures_with_the_pure_backend():
    # the log's signature of each vector checkpoint, and each witness's cosignature
    for c in CPS["checkpoints"]:
        note = tlog.parse_signed_note(c["cosigned"])
        text = note.text.encode()
        keys = [CPS["log"]] + CPS["witnesses"]
        for key, signature in zip(keys, note.signatures):
            public = bytes.fromhex(key["public_key"])
            if signature.name == CPS["origin"]:
                assert pure.verify(public, text, signature.signature)
            else:
                timestamp = tlog.cosignature_timestamp(signature.signature)
                message = tlog.note_verifiers.cosigned_message(timestamp, text)
                assert pure.verify(public, message, signature.signature[8:])
                assert not pure.verify(public, text, signature.signature[8:])


def test_strict_rules_on_every_backend(backend):
    seed, public, message, signature = (bytes.fromhex(x) for x in RFC8032[1])
    r, s = signature[:32], int.from_bytes(signature[32:], "little")
    # S + L: the same point equation, but S ≥ L is refused (malleability)
    assert not ed25519.verify(public, message, r + (s + pure.L).to_bytes(32, "little"))
    # y ≥ p: a non-canonical encoding of a point (y = p + 1 names y = 1)
    non_canonical = (P + 1).to_bytes(32, "little")
    assert pure.decode_point(non_canonical) is None
    assert not ed25519.verify(non_canonical, message, signature)
    assert not ed25519.verify(public, message, non_canonical + signature[32:])
    # x = 0 with the sign bit set (y = 1: the identity) is not an encoding
    assert pure.decode_point((1 | 1 << 255).to_bytes(32, "little")) is None
    assert pure.decode_point((1).to_bytes(32, "little")) is not None
    # wrong sizes and types verify nothing, and raise nothing
    assert not ed25519.verify(public[:31], message, signature)
    assert not ed25519.verify(public, message, signature[:63])
    assert not ed25519.verify("not bytes", message, signature)  # type: ignore[arg-type]
    # another key
    assert not ed25519.verify(bytes.fromhex(RFC8032[0][1]), message, signature)


def test_an_off_curve_key_is_refused():
    # y = 2 has no x on the curve
    y2 = (2).to_bytes(32, "little")
    assert pure.decode_point(y2) is None
    assert not ed25519.verify(y2, b"", bytes(64))


def test_backend_selection():
    with pytest.raises(ValueError):
        ed25519.use_backend("nope")
    before = ed25519.backend_name()
    assert ed25519.use_backend() == ed25519.available_backends()[0]
    ed25519.use_backend(before)
