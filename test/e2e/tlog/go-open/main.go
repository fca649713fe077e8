// Opens a served checkpoint with Go's golang.org/x/mod/sumdb/note (Debian's
// golang-golang-x-mod-dev, GO111MODULE=off): the log's signature with note.NewVerifier, each
// witness's cosignature (C2SP tlog-cosignature, type 0x04, which sumdb/note does not know) with
// the verifier below, written from the spec and not from ctxlog's TypeScript.
//
//	tlogopen <note file> <log verifier key> [<witness verifier key>…]
//
// Prints one line per verified signature ("verified <name>") and exits 0; exits 1 when note.Open
// refuses the note (a signature by a given key that does not verify, or no given key signed).
package main

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
)

// cosignatureVerifier checks cosignature/v1: Ed25519 over "cosignature/v1\ntime <t>\n" and the
// note text; the signature is the 8-byte big-endian time, then the 64-byte Ed25519 signature.
type cosignatureVerifier struct {
	name string
	hash uint32
	key  ed25519.PublicKey
}

func (c *cosignatureVerifier) Name() string    { return c.name }
func (c *cosignatureVerifier) KeyHash() uint32 { return c.hash }
func (c *cosignatureVerifier) Verify(msg, sig []byte) bool {
	if len(sig) != 8+ed25519.SignatureSize {
		return false
	}
	t := binary.BigEndian.Uint64(sig[:8])
	if t > 1<<63-1 {
		return false
	}
	signed := append([]byte(fmt.Sprintf("cosignature/v1\ntime %d\n", t)), msg...)
	return ed25519.Verify(c.key, signed, sig[8:])
}

// newCosignatureVerifier reads <name>+<key hash, hex>+base64(0x04 ‖ public key) and checks the
// key hash is SHA-256(name ‖ "\n" ‖ 0x04 ‖ key)'s first 4 bytes, as signed-note defines it.
func newCosignatureVerifier(vkey string) (*cosignatureVerifier, error) {
	// a key name holds no '+'; the base64 may
	parts := strings.SplitN(vkey, "+", 3)
	if len(parts) != 3 || parts[0] == "" {
		return nil, fmt.Errorf("%q is not name+hash+key", vkey)
	}
	name, hashHex, b64 := parts[0], parts[1], parts[2]
	hash, err := strconv.ParseUint(hashHex, 16, 32)
	if err != nil || len(hashHex) != 8 {
		return nil, fmt.Errorf("key hash %q", hashHex)
	}
	raw, err := base64.StdEncoding.DecodeString(b64)
	if err != nil || len(raw) != 1+ed25519.PublicKeySize || raw[0] != 0x04 {
		return nil, fmt.Errorf("not a cosignature/v1 key: %q", b64)
	}
	h := sha256.New()
	h.Write([]byte(name + "\n"))
	h.Write(raw)
	if binary.BigEndian.Uint32(h.Sum(nil)[:4]) != uint32(hash) {
		return nil, fmt.Errorf("key hash %s does not match the key", hashHex)
	}
	return &cosignatureVerifier{name: name, hash: uint32(hash), key: ed25519.PublicKey(raw[1:])}, nil
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: tlogopen <note file> <log verifier key> [<witness verifier key>…]")
		os.Exit(2)
	}
	msg, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "tlogopen:", err)
		os.Exit(2)
	}
	logVerifier, err := note.NewVerifier(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "tlogopen: log key:", err)
		os.Exit(2)
	}
	verifiers := []note.Verifier{logVerifier}
	for _, vkey := range os.Args[3:] {
		v, err := newCosignatureVerifier(vkey)
		if err != nil {
			fmt.Fprintln(os.Stderr, "tlogopen: witness key:", err)
			os.Exit(2)
		}
		verifiers = append(verifiers, v)
	}
	n, err := note.Open(msg, note.VerifierList(verifiers...))
	if err != nil {
		fmt.Fprintln(os.Stderr, "tlogopen: note.Open:", err)
		os.Exit(1)
	}
	for _, s := range n.Sigs {
		fmt.Printf("verified %s\n", s.Name)
	}
}
