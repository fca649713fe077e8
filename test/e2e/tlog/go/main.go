// Command tlogcheck checks ctxlog's transparency log vectors (test-vectors/tlog) with Go's
// golang.org/x/mod/sumdb/tlog and sumdb/note, an implementation ctxlog did not write. It is
// built with GO111MODULE=off against Debian's golang-golang-x-mod-dev (GOPATH=/usr/share/gocode),
// so it needs no network. Usage: tlogcheck <vectors dir>, or tlogcheck http <log URL> <input.json>
// for a running log (served.go). It prints one line per group of checks and exits 1 at the first
// failure.
package main

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

type treeFile struct {
	Leaves     []string `json:"leaves"`
	TreeHashes []struct {
		Size int64  `json:"size"`
		Root string `json:"root"`
	} `json:"tree_hashes"`
	InclusionProofs []struct {
		Index int64    `json:"index"`
		Size  int64    `json:"size"`
		Proof []string `json:"proof"`
	} `json:"inclusion_proofs"`
	ConsistencyProofs []struct {
		OldSize int64    `json:"old_size"`
		NewSize int64    `json:"new_size"`
		Proof   []string `json:"proof"`
	} `json:"consistency_proofs"`
}

type tileFile struct {
	CheckpointSizes []int64           `json:"checkpoint_sizes"`
	Tiles           map[string]string `json:"tiles"`
	EntryBundles    map[string]string `json:"entry_bundles"`
	TilePaths       []struct {
		Level       int    `json:"level"`
		Index       int64  `json:"index"`
		Width       int    `json:"width"`
		Path        string `json:"path"`
		EntriesPath string `json:"entries_path"`
	} `json:"tile_paths"`
}

type checkpointFile struct {
	Origin string `json:"origin"`
	Log    struct {
		SignerKey   string `json:"signer_key"`
		VerifierKey string `json:"verifier_key"`
	} `json:"log"`
	Witnesses []struct {
		Name        string `json:"name"`
		VerifierKey string `json:"verifier_key"`
		PublicKey   string `json:"public_key"`
	} `json:"witnesses"`
	Checkpoints []struct {
		Size     int64  `json:"size"`
		Root     string `json:"root"`
		Text     string `json:"text"`
		Signed   string `json:"signed"`
		Cosigned string `json:"cosigned"`
	} `json:"checkpoints"`
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "FAIL: "+format+"\n", args...)
	os.Exit(1)
}

func must(err error, what string) {
	if err != nil {
		fail("%s: %v", what, err)
	}
}

func readJSON(dir, name string, v interface{}) {
	data, err := os.ReadFile(filepath.Join(dir, name))
	must(err, "reading "+name)
	must(json.Unmarshal(data, v), "parsing "+name)
}

func hexHash(s string) tlog.Hash {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != tlog.HashSize {
		fail("not a hex hash: %q", s)
	}
	var h tlog.Hash
	copy(h[:], b)
	return h
}

func hexHashes(list []string) []tlog.Hash {
	out := make([]tlog.Hash, len(list))
	for i, s := range list {
		out[i] = hexHash(s)
	}
	return out
}

func sameHashes(a, b []tlog.Hash) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// storedHashes is Go's own view of the tree: every stored hash, computed by tlog.StoredHashes
// as each leaf is appended (the leaf's bytes are the record data).
type storedHashes []tlog.Hash

func (s *storedHashes) ReadHashes(indexes []int64) ([]tlog.Hash, error) {
	out := make([]tlog.Hash, len(indexes))
	for i, x := range indexes {
		if x < 0 || x >= int64(len(*s)) {
			return nil, fmt.Errorf("no stored hash %d", x)
		}
		out[i] = (*s)[x]
	}
	return out, nil
}

func buildStored(leaves [][]byte) *storedHashes {
	s := &storedHashes{}
	for i, leaf := range leaves {
		hashes, err := tlog.StoredHashes(int64(i), leaf, s)
		must(err, "StoredHashes")
		*s = append(*s, hashes...)
	}
	return s
}

// c2spPath maps Go's tile path (tile/<H>/<L>/<N>[.p/<W>], "data" for entries) to C2SP
// tlog-tiles' (tile/<L>/<N>[.p/<W>], "entries"): the same N encoding, without the height.
func c2spPath(t tlog.Tile) string {
	p := t.Path()
	prefix := fmt.Sprintf("tile/%d/", t.H)
	if !strings.HasPrefix(p, prefix) {
		fail("unexpected Go tile path %s", p)
	}
	rest := strings.TrimPrefix(p, prefix)
	if strings.HasPrefix(rest, "data/") {
		rest = "entries/" + strings.TrimPrefix(rest, "data/")
	}
	return "tile/" + rest
}

type vectorTiles struct{ tiles map[string][]byte }

func (v *vectorTiles) Height() int { return 8 }
func (v *vectorTiles) ReadTiles(tiles []tlog.Tile) ([][]byte, error) {
	out := make([][]byte, len(tiles))
	for i, t := range tiles {
		data, ok := v.tiles[c2spPath(t)]
		if !ok {
			return nil, fmt.Errorf("no tile %s in the vectors", c2spPath(t))
		}
		out[i] = data
	}
	return out, nil
}
func (v *vectorTiles) SaveTiles(tiles []tlog.Tile, data [][]byte) {}

// cosignatureVerifier checks C2SP tlog-cosignature/v1 signatures (type 0x04) through sumdb/note's
// Verifier interface: Ed25519 over "cosignature/v1\ntime <t>\n" and the note text.
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

func newCosignatureVerifier(name, publicKeyHex, vkey string) *cosignatureVerifier {
	key, err := hex.DecodeString(publicKeyHex)
	if err != nil || len(key) != ed25519.PublicKeySize {
		fail("witness %s: bad public key", name)
	}
	h := sha256.New()
	h.Write([]byte(name + "\n"))
	h.Write([]byte{0x04})
	h.Write(key)
	hash := binary.BigEndian.Uint32(h.Sum(nil)[:4])
	want := fmt.Sprintf("%s+%08x+%s", name, hash, base64.StdEncoding.EncodeToString(append([]byte{0x04}, key...)))
	if want != vkey {
		fail("witness verifier key: ctxlog wrote %s, Go computes %s", vkey, want)
	}
	return &cosignatureVerifier{name: name, hash: hash, key: key}
}

// checkpointBody parses a C2SP checkpoint's note text: origin, size, base64 root.
func checkpointBody(text string) (string, int64, tlog.Hash) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) < 3 {
		fail("checkpoint has %d lines", len(lines))
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	must(err, "checkpoint size")
	root, err := base64.StdEncoding.DecodeString(lines[2])
	if err != nil || len(root) != tlog.HashSize {
		fail("checkpoint root %q", lines[2])
	}
	var h tlog.Hash
	copy(h[:], root)
	return lines[0], size, h
}

func main() {
	if len(os.Args) == 4 && os.Args[1] == "http" {
		checkServed(os.Args[2], os.Args[3])
		return
	}
	if len(os.Args) != 2 {
		fail("usage: tlogcheck <test-vectors/tlog>")
	}
	dir := os.Args[1]
	var tree treeFile
	var tiles tileFile
	var cps checkpointFile
	readJSON(dir, "tree.json", &tree)
	readJSON(dir, "tiles.json", &tiles)
	readJSON(dir, "checkpoints.json", &cps)

	leaves := make([][]byte, len(tree.Leaves))
	for i, s := range tree.Leaves {
		b, err := hex.DecodeString(s)
		must(err, "leaf")
		leaves[i] = b
	}
	stored := buildStored(leaves)
	roots := map[int64]tlog.Hash{}
	rootOf := func(size int64) tlog.Hash {
		h, ok := roots[size]
		if !ok {
			fail("tree.json has no tree hash for size %d", size)
		}
		return h
	}

	// tree hashes
	for _, th := range tree.TreeHashes {
		want := hexHash(th.Root)
		if th.Size == 0 {
			if want != sha256.Sum256(nil) {
				fail("empty tree hash")
			}
			continue
		}
		got, err := tlog.TreeHash(th.Size, stored)
		must(err, "TreeHash")
		if got != want {
			fail("tree hash of size %d: ctxlog %s, Go %s", th.Size, want, got)
		}
		roots[th.Size] = got
	}
	fmt.Printf("ok tree hashes: %d sizes agree with tlog.TreeHash\n", len(tree.TreeHashes))

	// inclusion proofs: ProveRecord gives the same hashes, CheckRecord accepts ctxlog's
	for _, p := range tree.InclusionProofs {
		proof := hexHashes(p.Proof)
		goProof, err := tlog.ProveRecord(p.Size, p.Index, stored)
		must(err, "ProveRecord")
		if !sameHashes(proof, goProof) {
			fail("inclusion proof of %d in %d differs from tlog.ProveRecord", p.Index, p.Size)
		}
		root := rootOf(p.Size)
		must(tlog.CheckRecord(proof, p.Size, root, p.Index, tlog.RecordHash(leaves[p.Index])), fmt.Sprintf("CheckRecord(%d in %d)", p.Index, p.Size))
		if p.Index+1 < p.Size && tlog.CheckRecord(proof, p.Size, root, p.Index+1, tlog.RecordHash(leaves[p.Index+1])) == nil {
			fail("CheckRecord accepted the proof for another leaf")
		}
	}
	fmt.Printf("ok inclusion proofs: %d equal tlog.ProveRecord and pass tlog.CheckRecord\n", len(tree.InclusionProofs))

	// consistency proofs: ProveTree gives the same hashes, CheckTree accepts ctxlog's
	for _, p := range tree.ConsistencyProofs {
		proof := hexHashes(p.Proof)
		goProof, err := tlog.ProveTree(p.NewSize, p.OldSize, stored)
		must(err, "ProveTree")
		if !sameHashes(proof, goProof) {
			fail("consistency proof %d→%d differs from tlog.ProveTree", p.OldSize, p.NewSize)
		}
		must(tlog.CheckTree(proof, p.NewSize, rootOf(p.NewSize), p.OldSize, rootOf(p.OldSize)), fmt.Sprintf("CheckTree(%d→%d)", p.OldSize, p.NewSize))
		if p.OldSize < p.NewSize && tlog.CheckTree(proof, p.NewSize, rootOf(p.NewSize), p.OldSize, rootOf(p.NewSize)) == nil {
			fail("CheckTree accepted a wrong old root")
		}
	}
	fmt.Printf("ok consistency proofs: %d equal tlog.ProveTree and pass tlog.CheckTree\n", len(tree.ConsistencyProofs))

	// tile paths: the same N encoding as Go's Tile.Path, without its height segment
	for _, tp := range tiles.TilePaths {
		t := tlog.Tile{H: 8, L: tp.Level, N: tp.Index, W: tp.Width}
		if got := c2spPath(t); got != tp.Path {
			fail("tile path: ctxlog %s, Go %s", tp.Path, got)
		}
		if tp.EntriesPath != "" {
			d := tlog.Tile{H: 8, L: -1, N: tp.Index, W: tp.Width}
			if got := c2spPath(d); got != tp.EntriesPath {
				fail("entries path: ctxlog %s, Go %s", tp.EntriesPath, got)
			}
		}
	}
	fmt.Printf("ok tile paths: %d agree with tlog.Tile.Path\n", len(tiles.TilePaths))

	// tiles: each is tlog.ReadTileData of Go's own stored hashes, byte for byte
	decoded := map[string][]byte{}
	for p, b64 := range tiles.Tiles {
		data, err := base64.StdEncoding.DecodeString(b64)
		must(err, "tile base64")
		decoded[p] = data
		t, err := tlog.ParseTilePath("tile/8/" + strings.TrimPrefix(p, "tile/"))
		must(err, "ParseTilePath "+p)
		want, err := tlog.ReadTileData(t, stored)
		must(err, "ReadTileData "+p)
		if string(want) != string(data) {
			fail("tile %s differs from tlog.ReadTileData", p)
		}
	}
	fmt.Printf("ok tiles: %d equal tlog.ReadTileData\n", len(tiles.Tiles))

	// reading the tree through the tiles alone, as a client of the served tiles would: Go's
	// TileHashReader checks each tile against the tree hash, then proves records from them
	for _, size := range tiles.CheckpointSizes {
		thr := tlog.TileHashReader(tlog.Tree{N: size, Hash: rootOf(size)}, &vectorTiles{tiles: decoded})
		got, err := tlog.TreeHash(size, thr)
		must(err, fmt.Sprintf("TreeHash(%d) from tiles", size))
		if got != rootOf(size) {
			fail("tree hash from tiles at size %d", size)
		}
		for _, i := range []int64{0, 1, 255, 256, 300, 511, 512, size - 1} {
			p, err := tlog.ProveRecord(size, i, thr)
			must(err, fmt.Sprintf("ProveRecord(%d, %d) from tiles", size, i))
			must(tlog.CheckRecord(p, size, rootOf(size), i, tlog.RecordHash(leaves[i])), "CheckRecord from tiles")
		}
	}
	last := tiles.CheckpointSizes[len(tiles.CheckpointSizes)-1]
	first := tiles.CheckpointSizes[0]
	thr := tlog.TileHashReader(tlog.Tree{N: last, Hash: rootOf(last)}, &vectorTiles{tiles: decoded})
	p, err := tlog.ProveTree(last, first, thr)
	must(err, "ProveTree from tiles")
	must(tlog.CheckTree(p, last, rootOf(last), first, rootOf(first)), "CheckTree from tiles")
	fmt.Printf("ok tile reads: tlog.TileHashReader over the tiles proves records and %d→%d consistency\n", first, last)

	// entry bundles: big-endian uint16 length-prefixed entries hashing to the level-0 tile's hashes
	bundles := 0
	for p, b64 := range tiles.EntryBundles {
		data, err := base64.StdEncoding.DecodeString(b64)
		must(err, "bundle base64")
		t, err := tlog.ParseTilePath("tile/8/data/" + strings.TrimPrefix(p, "tile/entries/"))
		must(err, "ParseTilePath "+p)
		level0 := tlog.Tile{H: 8, L: 0, N: t.N, W: t.W}
		tile, ok := decoded[c2spPath(level0)]
		if !ok {
			fail("no level-0 tile for bundle %s", p)
		}
		n := 0
		for at := 0; at < len(data); n++ {
			if at+2 > len(data) {
				fail("bundle %s truncated", p)
			}
			length := int(binary.BigEndian.Uint16(data[at:]))
			entry := data[at+2 : at+2+length]
			at += 2 + length
			index := t.N*256 + int64(n)
			h, err := tlog.HashFromTile(level0, tile, tlog.StoredHashIndex(0, index))
			must(err, "HashFromTile")
			if h != tlog.RecordHash(entry) {
				fail("bundle %s entry %d does not hash to its tile's hash", p, n)
			}
		}
		if n != t.W {
			fail("bundle %s holds %d entries", p, n)
		}
		bundles++
	}
	fmt.Printf("ok entry bundles: %d hash to their level-0 tiles\n", bundles)

	// checkpoints: note.Open with the log's verifier key; note.Sign with its signer key writes the
	// same bytes; the witnesses' cosignatures verify through note.Open too
	logVerifier, err := note.NewVerifier(cps.Log.VerifierKey)
	must(err, "note.NewVerifier(log)")
	signer, err := note.NewSigner(cps.Log.SignerKey)
	must(err, "note.NewSigner(log)")
	var witnessVerifiers []note.Verifier
	for _, w := range cps.Witnesses {
		witnessVerifiers = append(witnessVerifiers, newCosignatureVerifier(w.Name, w.PublicKey, w.VerifierKey))
	}
	for _, c := range cps.Checkpoints {
		n, err := note.Open([]byte(c.Signed), note.VerifierList(logVerifier))
		must(err, fmt.Sprintf("note.Open(checkpoint %d)", c.Size))
		origin, size, root := checkpointBody(n.Text)
		if origin != cps.Origin || size != c.Size || root != hexHash(c.Root) || root != rootOf(size) {
			fail("checkpoint %d: origin %s, size %d, root %s", c.Size, origin, size, root)
		}
		msg, err := note.Sign(&note.Note{Text: c.Text}, signer)
		must(err, "note.Sign")
		if string(msg) != c.Signed {
			fail("note.Sign of checkpoint %d wrote other bytes", c.Size)
		}
		// with the log's key only, the cosignatures are kept as unverified
		n, err = note.Open([]byte(c.Cosigned), note.VerifierList(logVerifier))
		must(err, "note.Open(cosigned, log only)")
		if len(n.Sigs) != 1 || len(n.UnverifiedSigs) != len(cps.Witnesses) {
			fail("cosigned checkpoint %d: %d verified, %d unverified", c.Size, len(n.Sigs), len(n.UnverifiedSigs))
		}
		all := append([]note.Verifier{logVerifier}, witnessVerifiers...)
		n, err = note.Open([]byte(c.Cosigned), note.VerifierList(all...))
		must(err, "note.Open(cosigned, log and witnesses)")
		if len(n.Sigs) != 1+len(cps.Witnesses) {
			fail("cosigned checkpoint %d: %d signatures verified", c.Size, len(n.Sigs))
		}
		tampered := strings.Replace(c.Signed, "\n"+strconv.FormatInt(c.Size, 10)+"\n", "\n"+strconv.FormatInt(c.Size+1, 10)+"\n", 1)
		if _, err := note.Open([]byte(tampered), note.VerifierList(logVerifier)); err == nil {
			fail("note.Open accepted a checkpoint whose size was changed")
		}
	}
	fmt.Printf("ok checkpoints: %d open with note.Open, sign identically with note.Sign, cosignatures verify\n", len(cps.Checkpoints))
}
