// `npm start` settles every port it will listen on before it starts anything: a second stack on the
// same machine moves the ports left at their defaults to free ones, and a chosen port that is taken
// stops it at once, naming the variable, before the database or the chain is touched.
import { execFile } from "node:child_process";
import net from "node:net";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");
// plain CommonJS, as npm start runs it
const { isFree, settlePorts } = require(path.join(root, "scripts/lib/ports.js"));

function occupy(): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen({ port: 0, host: "127.0.0.1" }, () => resolve(server));
  });
}
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

describe("the stack's ports", () => {
  let busy: net.Server;
  beforeAll(async () => {
    busy = await occupy();
  });
  afterAll(() => new Promise((r) => busy.close(r)));

  it("moves a port left at its default off a taken one, and says so", async () => {
    const port = portOf(busy);
    const { ports, moved, taken } = await settlePorts(
      [{ name: "PORT", host: "127.0.0.1", fallback: port }],
      {},
      new Set(),
    );
    expect(taken).toEqual([]);
    expect(moved).toEqual([{ name: "PORT", from: port, to: ports.PORT }]);
    expect(ports.PORT).not.toBe(port);
    expect(await isFree(ports.PORT, "127.0.0.1")).toBe(true);
  });

  it("never gives two variables the same port", async () => {
    const port = portOf(busy);
    const { ports } = await settlePorts(
      [
        { name: "A", host: "127.0.0.1", fallback: port },
        { name: "B", host: "127.0.0.1", fallback: port },
      ],
      {},
      new Set(),
    );
    expect(ports.A).not.toBe(port);
    expect(ports.B).not.toBe(port);
    expect(ports.A).not.toBe(ports.B);
  });

  it("refuses a chosen port that is taken, and keeps a free one", async () => {
    const port = portOf(busy);
    const { ports, moved, taken } = await settlePorts(
      [{ name: "PORT", host: "127.0.0.1", fallback: 3000 }],
      { PORT: String(port) },
      new Set(["PORT"]),
    );
    expect(taken).toEqual([{ name: "PORT", port }]);
    expect(moved).toEqual([]);
    expect(ports.PORT).toBe(port);
  });

  it("npm start stops before the database when a chosen port is taken", async () => {
    const port = portOf(busy);
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(root, "scripts/start.js")],
        {
          cwd: root,
          // a database that cannot be reached: reaching it would be the failure
          env: { ...process.env, PORT: String(port), DATABASE_URL: "postgresql://root@127.0.0.1:1/none" },
          timeout: 60_000,
        },
        (err, stdout, stderr) =>
          resolve({ code: err ? (typeof err.code === "number" ? err.code : null) : 0, stdout, stderr }),
      );
    });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(`PORT=${port} is in use by another process`);
    expect(out.stderr).toContain("nothing was started");
    expect(out.stdout + out.stderr).not.toMatch(/migrations|database postgresql/);
  });
});
