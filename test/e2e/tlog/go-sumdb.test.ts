// ctxlog's transparency log vectors (test-vectors/tlog) checked by Go's golang.org/x/mod/sumdb/tlog
// and sumdb/note: test/e2e/tlog/go/main.go, built offline with GO111MODULE=off against Debian's
// golang-golang-x-mod-dev (.ci/run installs it and golang-go). Where `go` is not installed, the
// tests are skipped with a warning, except in CI, where they fail.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.join(__dirname, "..", "..", "..");
const VECTORS = path.join(ROOT, "test-vectors", "tlog");
const GOPATH = "/usr/share/gocode";

const hasGo = spawnSync("go", ["version"], { encoding: "utf8" }).status === 0;
if (!hasGo && !process.env.CI) {
  console.warn(
    "\n\n*** SKIPPING the Go sumdb checks of the transparency log vectors: `go` is not installed. ***\n" +
      "*** Install it with `apt-get install -y golang-go golang-golang-x-mod-dev` (CI installs them). ***\n\n",
  );
}
const withGo = hasGo || process.env.CI ? it : it.skip;

let work = "";
let binary = "";
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "ctxlog-tlog-go-"));
  binary = path.join(work, "tlogcheck");
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

function run(dir: string) {
  const result = spawnSync(binary, [dir], { encoding: "utf8" });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A copy of the vectors with one JSON file changed by `edit`. */
function tampered(file: string, edit: (json: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(path.join(work, "vectors-"));
  cpSync(VECTORS, dir, { recursive: true });
  const json = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  edit(json);
  writeFileSync(path.join(dir, file), JSON.stringify(json));
  return dir;
}

describe("test-vectors/tlog against Go's sumdb/tlog and sumdb/note", () => {
  withGo("builds offline against Debian's golang.org/x/mod", () => {
    expect(existsSync(path.join(GOPATH, "src/golang.org/x/mod/sumdb/tlog/tlog.go"))).toBe(true);
    const build = spawnSync("go", ["build", "-o", binary, "./test/e2e/tlog/go"], {
      cwd: ROOT,
      encoding: "utf8",
      // GOFLAGS cleared: a -mod flag from the environment would make GOPATH mode refuse to build
      env: {
        ...process.env,
        GO111MODULE: "off",
        GOPATH,
        GOFLAGS: "",
        GOCACHE: path.join(tmpdir(), "ctxlog-go-build-cache"),
      },
    });
    expect(build.stderr).toBe("");
    expect(build.status).toBe(0);
  });

  withGo(
    "every vector passes: tree hashes, proofs, tiles, entry bundles, checkpoints and cosignatures",
    () => {
      const { code, stdout, stderr } = run(VECTORS);
      expect(stderr).toBe("");
      expect(code).toBe(0);
      for (const group of [
        "tree hashes",
        "inclusion proofs",
        "consistency proofs",
        "tile paths",
        "tiles",
        "tile reads",
        "entry bundles",
        "checkpoints",
      ]) {
        expect(stdout).toContain(`ok ${group}:`);
      }
    },
  );

  withGo("a changed consistency proof is caught by Go", () => {
    const dir = tampered("tree.json", (json) => {
      const proofs = json.consistency_proofs as { proof: string[] }[];
      const target = proofs.find((p) => p.proof.length > 1) as { proof: string[] };
      target.proof[0] = `${(target.proof[0] as string).startsWith("0") ? "1" : "0"}${(target.proof[0] as string).slice(1)}`;
    });
    const { code, stderr } = run(dir);
    expect(code).toBe(1);
    expect(stderr).toMatch(/FAIL: consistency proof .* differs from tlog.ProveTree/);
  });

  withGo("a forged checkpoint signature is caught by note.Open", () => {
    const dir = tampered("checkpoints.json", (json) => {
      const checkpoints = json.checkpoints as { signed: string }[];
      const first = checkpoints[0] as { signed: string };
      first.signed = first.signed.replace(
        / (\S)(\S+)\n$/,
        (_, c: string, rest: string) => ` ${c === "A" ? "B" : "A"}${rest}\n`,
      );
    });
    const { code, stderr } = run(dir);
    expect(code).toBe(1);
    expect(stderr).toMatch(/FAIL: note\.Open\(checkpoint 600\)/);
  });

  withGo("a changed tile is caught (its bytes are no longer tlog.ReadTileData's)", () => {
    const dir = tampered("tiles.json", (json) => {
      const tiles = json.tiles as Record<string, string>;
      const data = Buffer.from(tiles["tile/0/002.p/88"] as string, "base64");
      data[0] = (data[0] as number) ^ 1;
      tiles["tile/0/002.p/88"] = data.toString("base64");
    });
    const { code, stderr } = run(dir);
    expect(code).toBe(1);
    expect(stderr).toContain("FAIL: tile tile/0/002.p/88 differs from tlog.ReadTileData");
  });
});
