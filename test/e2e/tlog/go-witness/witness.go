package main

// POST /add-checkpoint, as C2SP tlog-witness has it. The body is
//
//	old <size the log thinks the witness holds>
//	<consistency proof hash, base64>…
//	<blank line>
//	<the signed checkpoint>
//
// The witness opens the checkpoint with the log's key (sumdb/note), checks it is consistent with
// the checkpoint it last cosigned for that origin (sumdb/tlog CheckTree), records it, and answers
// with its cosignature line. It never cosigns two checkpoints of one origin that disagree.

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

const (
	maxBody        = 128 << 10 // a checkpoint (64 KiB at most, as ctxlog's notes) and its proof
	maxProofHashes = 63        // a proof between trees below 2^63
)

type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

func fail(status int, format string, args ...interface{}) *httpError {
	return &httpError{status, fmt.Sprintf(format, args...)}
}

type request struct {
	old   int64
	proof tlog.TreeProof
	note  []byte
}

func parseRequest(body []byte) (*request, *httpError) {
	r := bufio.NewReader(bytes.NewReader(body))
	line, err := r.ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "old ") {
		return nil, fail(http.StatusBadRequest, "the body must start with \"old <size>\"")
	}
	field := strings.TrimSuffix(line[4:], "\n")
	old, err := strconv.ParseInt(field, 10, 64)
	if err != nil || old < 0 || strconv.FormatInt(old, 10) != field { // decimal, no leading zeroes
		return nil, fail(http.StatusBadRequest, "old size %q is not a size", strings.TrimSpace(line[4:]))
	}
	req := &request{old: old}
	for {
		line, err = r.ReadString('\n')
		if err != nil {
			return nil, fail(http.StatusBadRequest, "the proof must end with a blank line")
		}
		if line == "\n" {
			break
		}
		h, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(line, "\n"))
		if err != nil || len(h) != tlog.HashSize || len(req.proof) == maxProofHashes {
			return nil, fail(http.StatusBadRequest, "proof line %d is not a hash, or one too many", len(req.proof)+1)
		}
		var hash tlog.Hash
		copy(hash[:], h)
		req.proof = append(req.proof, hash)
	}
	req.note, _ = io.ReadAll(r)
	return req, nil
}

// checkpoint is the tlog-checkpoint body: origin, size, root, then extension lines, if any.
func parseCheckpoint(text string) (origin string, size int64, root tlog.Hash, err error) {
	lines := strings.SplitN(text, "\n", 4)
	if len(lines) < 4 || lines[0] == "" {
		return "", 0, root, fmt.Errorf("a checkpoint has an origin, a size and a root hash")
	}
	size, err = strconv.ParseInt(lines[1], 10, 64)
	if err != nil || size < 0 || strconv.FormatInt(size, 10) != lines[1] {
		return "", 0, root, fmt.Errorf("tree size %q", lines[1])
	}
	h, err := base64.StdEncoding.DecodeString(lines[2])
	if err != nil || len(h) != tlog.HashSize {
		return "", 0, root, fmt.Errorf("root hash %q", lines[2])
	}
	copy(root[:], h)
	return lines[0], size, root, nil
}

// addCheckpoint returns the cosignature line for the request's checkpoint, or why not.
func (w *witness) addCheckpoint(body []byte) (string, *httpError) {
	req, herr := parseRequest(body)
	if herr != nil {
		return "", herr
	}
	// the origin is the note's first line; which key to open it with depends on it
	origin := string(req.note)
	if i := bytes.IndexByte(req.note, '\n'); i >= 0 {
		origin = string(req.note[:i])
	}
	verifier, ok := w.logs[origin]
	if !ok {
		return "", fail(http.StatusNotFound, "unknown log %q", origin)
	}
	n, err := note.Open(req.note, note.VerifierList(verifier))
	if err != nil {
		return "", fail(http.StatusForbidden, "the checkpoint does not open with the log's key: %v", err)
	}
	cpOrigin, size, root, err := parseCheckpoint(n.Text)
	if err != nil || cpOrigin != origin {
		return "", fail(http.StatusBadRequest, "malformed checkpoint: %v", err)
	}
	if req.old > size {
		return "", fail(http.StatusBadRequest, "old size %d is larger than the checkpoint's %d", req.old, size)
	}

	w.mu.Lock()
	defer w.mu.Unlock()
	held := w.state[origin]
	if req.old != held.Size {
		return "", &httpError{http.StatusConflict, strconv.FormatInt(held.Size, 10)}
	}
	switch {
	case (req.old == size || req.old == 0) && len(req.proof) != 0:
		return "", fail(http.StatusUnprocessableEntity, "a proof between equal sizes or from the empty tree is empty")
	case req.old == size:
		// the same tree again: the same root, or the log has shown two trees of this size
		if held.Size > 0 && held.Root != root {
			return "", &httpError{http.StatusConflict, strconv.FormatInt(held.Size, 10)}
		}
	case req.old == 0:
		// every tree is consistent with the empty one
	default:
		if err := tlog.CheckTree(req.proof, size, root, held.Size, held.Root); err != nil {
			return "", fail(http.StatusUnprocessableEntity, "not consistent with the checkpoint of size %d: %v", held.Size, err)
		}
	}
	w.state[origin] = treeState{Size: size, Root: root}
	if err := w.save(); err != nil {
		w.state[origin] = held
		return "", fail(http.StatusInternalServerError, "cannot keep the state: %v", err)
	}
	return w.key.cosign(n.Text, uint64(w.now().Unix())), nil
}
