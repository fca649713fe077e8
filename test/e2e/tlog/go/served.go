package main

// The served mode: a running ctxlog's log read over HTTP, as any monitor or verifier would —
// the published key, the latest checkpoint and the tiles — and checked with sumdb/note and
// sumdb/tlog's TileHashReader (which checks every tile it reads against the checkpoint's root).

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

type servedInput struct {
	// Origin the checkpoints must name.
	Origin string `json:"origin"`
	// An older checkpoint (a signed note) fetched from the same log: proven consistent with the latest.
	OldCheckpoint string `json:"old_checkpoint"`
	// Entry hashes (hex) that must be in the latest checkpoint's tree.
	EntryHashes []string `json:"entry_hashes"`
}

func fetch(base, path string) []byte {
	res, err := http.Get(base + path)
	must(err, "GET "+path)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	must(err, "read "+path)
	if res.StatusCode != http.StatusOK {
		fail("GET %s: %d %s", path, res.StatusCode, body)
	}
	return body
}

// servedTiles reads C2SP tiles from the log's URL (tlog.TileReader, height 8).
type servedTiles struct {
	base  string
	reads int
}

func (s *servedTiles) Height() int { return 8 }
func (s *servedTiles) ReadTiles(tiles []tlog.Tile) ([][]byte, error) {
	out := make([][]byte, len(tiles))
	for i, t := range tiles {
		out[i] = fetch(s.base, c2spPath(t))
		s.reads++
	}
	return out, nil
}
func (s *servedTiles) SaveTiles(tiles []tlog.Tile, data [][]byte) {}

// openServed opens a checkpoint with the log's key (note.Open) and reads its body.
func openServed(msg []byte, verifier note.Verifier, origin string) (int64, tlog.Hash) {
	n, err := note.Open(msg, note.VerifierList(verifier))
	must(err, "note.Open")
	o, size, root := checkpointBody(n.Text)
	if o != origin {
		fail("checkpoint origin %q, want %q", o, origin)
	}
	return size, root
}

func checkServed(base, inputFile string) {
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	raw, err := os.ReadFile(inputFile)
	must(err, "read input")
	var in servedInput
	must(json.Unmarshal(raw, &in), "parse input")

	vkey := strings.TrimSpace(string(fetch(base, "key")))
	verifier, err := note.NewVerifier(vkey)
	must(err, "note.NewVerifier")
	size, root := openServed(fetch(base, "checkpoint"), verifier, in.Origin)
	oldSize, oldRoot := openServed([]byte(in.OldCheckpoint), verifier, in.Origin)
	fmt.Printf("ok checkpoints: %d and %d open with the published key %s\n", oldSize, size, vkey)

	tree := tlog.Tree{N: size, Hash: root}
	tiles := &servedTiles{base: base}
	thr := tlog.TileHashReader(tree, tiles)

	// where each entry is: read from the entry bundles, each checked against its level-0 tile
	index := map[string]int64{}
	for n := int64(0); n*256 < size; n++ {
		w := size - n*256
		if w > 256 {
			w = 256
		}
		bundle := fetch(base, c2spPath(tlog.Tile{H: 8, L: -1, N: n, W: int(w)}))
		at := 0
		var entries [][]byte
		var indexes []int64
		for i := int64(0); i < w; i++ {
			if at+2 > len(bundle) {
				fail("entry bundle %d is truncated", n)
			}
			l := int(binary.BigEndian.Uint16(bundle[at:]))
			if at+2+l > len(bundle) {
				fail("entry bundle %d is truncated", n)
			}
			entries = append(entries, bundle[at+2:at+2+l])
			indexes = append(indexes, tlog.StoredHashIndex(0, n*256+i))
			at += 2 + l
		}
		hashes, err := thr.ReadHashes(indexes)
		must(err, "ReadHashes")
		for i, entry := range entries {
			if hashes[i] != tlog.RecordHash(entry) {
				fail("entry %d does not hash to its leaf in the tiles", n*256+int64(i))
			}
			index[hex.EncodeToString(entry)] = n*256 + int64(i)
		}
		if at != len(bundle) {
			fail("entry bundle %d has trailing bytes", n)
		}
	}

	for _, h := range in.EntryHashes {
		h = strings.TrimPrefix(strings.ToLower(h), "0x")
		i, ok := index[h]
		if !ok {
			fail("entry hash %s is not in the log of %d", h, size)
		}
		entry, err := hex.DecodeString(h)
		must(err, "entry hash")
		proof, err := tlog.ProveRecord(size, i, thr)
		must(err, "ProveRecord")
		must(tlog.CheckRecord(proof, size, root, i, tlog.RecordHash(entry)), "CheckRecord")
	}
	fmt.Printf("ok inclusion: %d entries proven in the tree of %d from the served tiles\n", len(in.EntryHashes), size)

	proof, err := tlog.ProveTree(size, oldSize, thr)
	must(err, "ProveTree")
	must(tlog.CheckTree(proof, size, root, oldSize, oldRoot), "CheckTree")
	fmt.Printf("ok consistency: %d -> %d (%d tiles read)\n", oldSize, size, tiles.reads)
}
