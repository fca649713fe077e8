package main

// The witness's own key and its cosignatures: C2SP tlog-cosignature, cosignature/v1, signature
// type 0x04. Go's sumdb/note signs only Ed25519 notes (type 0x01), so this part is written here,
// as the spec gives it: the key ID is SHA-256(name ‖ "\n" ‖ 0x04 ‖ public key)[:4], and the
// signature is the 8-byte big-endian timestamp, then Ed25519 over
// "cosignature/v1\ntime <t>\n" ‖ the checkpoint's note text.

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

const cosignatureType = 0x04

type cosigner struct {
	name  string
	keyID uint32
	key   ed25519.PrivateKey
}

// parseCosignerKey reads PRIVATE+KEY+<name>+<key ID hex>+base64(0x04 ‖ 32-byte seed), the form
// Go's note.GenerateKey writes and @ctxlog/core's generateNoteKey(name, 0x04) writes for witnesses.
func parseCosignerKey(skey string) (*cosigner, error) {
	// base64 has '+' in its alphabet: only the first four '+' separate fields, as in note.NewSigner
	parts := strings.SplitN(skey, "+", 5)
	if len(parts) != 5 || parts[0] != "PRIVATE" || parts[1] != "KEY" {
		return nil, fmt.Errorf("not a signer key (PRIVATE+KEY+<name>+<id>+<key>)")
	}
	name := parts[2]
	id, err := strconv.ParseUint(parts[3], 16, 32)
	if err != nil || len(parts[3]) != 8 {
		return nil, fmt.Errorf("the key ID is not 8 hex digits")
	}
	raw, err := base64.StdEncoding.DecodeString(parts[4])
	if err != nil || len(raw) != 1+ed25519.SeedSize || raw[0] != cosignatureType {
		return nil, fmt.Errorf("not a cosignature/v1 (type 0x04) Ed25519 key")
	}
	key := ed25519.NewKeyFromSeed(raw[1:])
	if keyID(name, key.Public().(ed25519.PublicKey)) != uint32(id) {
		return nil, fmt.Errorf("the key ID does not match the name and key")
	}
	return &cosigner{name: name, keyID: uint32(id), key: key}, nil
}

func keyID(name string, public ed25519.PublicKey) uint32 {
	h := sha256.New()
	h.Write([]byte(name + "\n"))
	h.Write([]byte{cosignatureType})
	h.Write(public)
	return binary.BigEndian.Uint32(h.Sum(nil)[:4])
}

// cosign returns the signature line for a checkpoint's note text, signed at `time` (POSIX seconds).
func (c *cosigner) cosign(text string, time uint64) string {
	msg := append([]byte(fmt.Sprintf("cosignature/v1\ntime %d\n", time)), text...)
	sig := make([]byte, 4+8, 4+8+ed25519.SignatureSize)
	binary.BigEndian.PutUint32(sig[:4], c.keyID)
	binary.BigEndian.PutUint64(sig[4:12], time)
	sig = append(sig, ed25519.Sign(c.key, msg)...)
	return fmt.Sprintf("— %s %s\n", c.name, base64.StdEncoding.EncodeToString(sig))
}
