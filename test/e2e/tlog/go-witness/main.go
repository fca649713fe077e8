// A C2SP tlog-witness for ctxlog's tests, built on Go's golang.org/x/mod/sumdb/note and
// sumdb/tlog (Debian's golang-golang-x-mod-dev, GO111MODULE=off): it cosigns a log's checkpoint
// only when it is signed by the log's key and consistent with the last one it cosigned.
//
//	WITNESS_SIGNER_KEY=PRIVATE+KEY+… witness -log <origin>=<log verifier key> [-log …] [-state file] [-listen 127.0.0.1:0]
//
// It prints "listening http://<addr>" once it accepts requests.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

type treeState struct {
	Size int64
	Root tlog.Hash
}

type witness struct {
	key   *cosigner
	logs  map[string]note.Verifier
	mu    sync.Mutex
	state map[string]treeState
	file  string
	now   func() time.Time
}

// save writes the state whole or not at all (a temporary file renamed over it); in memory only
// without -state.
func (w *witness) save() error {
	if w.file == "" {
		return nil
	}
	data, err := json.Marshal(w.state)
	if err != nil {
		return err
	}
	tmp := w.file + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, w.file)
}

type logFlags map[string]note.Verifier

func (l logFlags) String() string { return fmt.Sprint(len(l), " logs") }
func (l logFlags) Set(v string) error {
	i := strings.Index(v, "=")
	if i < 1 {
		return fmt.Errorf("-log takes <origin>=<verifier key>")
	}
	verifier, err := note.NewVerifier(v[i+1:])
	if err != nil {
		return err
	}
	l[v[:i]] = verifier
	return nil
}

func main() {
	logs := logFlags{}
	flag.Var(logs, "log", "<origin>=<verifier key> of a log to witness (repeatable)")
	stateFile := flag.String("state", "", "keeps each log's last cosigned size and root (default: memory)")
	listen := flag.String("listen", "127.0.0.1:0", "address to listen on")
	flag.Parse()
	key, err := parseCosignerKey(os.Getenv("WITNESS_SIGNER_KEY"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "witness: WITNESS_SIGNER_KEY:", err)
		os.Exit(2)
	}
	if len(logs) == 0 {
		fmt.Fprintln(os.Stderr, "witness: no -log given")
		os.Exit(2)
	}
	w := &witness{key: key, logs: logs, state: map[string]treeState{}, file: *stateFile, now: time.Now}
	if w.file != "" {
		if data, err := os.ReadFile(w.file); err == nil {
			if err := json.Unmarshal(data, &w.state); err != nil {
				fmt.Fprintln(os.Stderr, "witness: state file:", err)
				os.Exit(2)
			}
		}
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "witness:", err)
		os.Exit(1)
	}
	http.HandleFunc("/add-checkpoint", w.serveAddCheckpoint)
	fmt.Printf("listening http://%s\n", ln.Addr())
	fmt.Fprintln(os.Stderr, "witness:", http.Serve(ln, nil))
	os.Exit(1)
}

func (w *witness) serveAddCheckpoint(rw http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(rw, "POST only", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(rw, r.Body, maxBody))
	if err != nil {
		http.Error(rw, "body too large or unreadable", http.StatusRequestEntityTooLarge)
		return
	}
	line, herr := w.addCheckpoint(body)
	switch {
	case herr == nil:
		rw.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(rw, line)
	case herr.status == http.StatusConflict:
		// the witness's own size, so that the log can send a proof from it
		rw.Header().Set("Content-Type", "text/x.tlog.size")
		rw.WriteHeader(http.StatusConflict)
		io.WriteString(rw, herr.msg+"\n")
	default:
		http.Error(rw, herr.msg, herr.status)
	}
}
