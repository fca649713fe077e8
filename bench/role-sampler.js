// CPU per role over a stretch of time, with PostgreSQL split by client: each backend of the bench's
// database is attributed to the process holding the other end of its socket (pg_stat_activity's
// client_port → /proc/net/tcp's inode → /proc/<pid>/fd), so the chain worker's queries are told from
// the API's, and neither from other databases' work on a shared server.
const fs = require("node:fs");

const TICK_MS = 10; // USER_HZ = 100

function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined; // gone
  }
}

function comm(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

/** local TCP port → socket inode, for IPv4 and IPv6 sockets. */
function socketInodesByPort() {
  const out = new Map();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const port = Number.parseInt(cols[1].split(":")[1], 16);
      const remotePort = Number.parseInt(cols[2].split(":")[1], 16);
      if (remotePort === 5432) out.set(port, cols[9]);
    }
  }
  return out;
}

function socketInodesOf(pid) {
  const out = new Set();
  let fds = [];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return out;
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) out.add(m[1]);
    } catch {
      // closed meanwhile
    }
  }
  return out;
}

/**
 * Samples every `intervalMs` until stop(): the named pids (`roles()` → {pid: role}, read at each
 * sample, children counted with their parent), the database's backends as "postgres:<client role>",
 * the rest of PostgreSQL as "postgres:other" and Redis as "redis". stop() resolves to ms of CPU per role.
 */
function startRoleSampler({ roles, db, databaseName, intervalMs = 500 }) {
  const first = new Map(); // pid → ms at first sight (0 if born after the start)
  const last = new Map(); // pid → { role, ms }
  let started = false;
  let timer;
  let sampling = Promise.resolve();

  async function sample() {
    const named = roles();
    const backends = await db.$queryRawUnsafe(
      "SELECT pid, client_port FROM pg_stat_activity WHERE datname = $1 AND client_port IS NOT NULL",
      databaseName,
    );
    const ports = socketInodesByPort();
    const inodeOwner = new Map();
    for (const [pid, role] of Object.entries(named)) {
      for (const inode of socketInodesOf(pid)) inodeOwner.set(inode, role);
    }
    const backendRole = new Map();
    for (const b of backends) {
      const owner = inodeOwner.get(ports.get(b.client_port));
      backendRole.set(String(b.pid), `postgres:${owner ?? "bench"}`);
    }
    for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      const ms = cpuMs(pid);
      if (ms === undefined) continue;
      let role = named[pid] ?? backendRole.get(pid) ?? last.get(pid)?.role;
      if (!role) {
        const name = comm(pid);
        if (name.startsWith("postgres")) role = "postgres:other";
        else if (name === "anvil") role = "anvil";
        else if (name.startsWith("redis")) role = "redis";
        else {
          const parent = cpuParent(pid);
          role = named[parent] ?? "other";
        }
      }
      if (!first.has(pid)) first.set(pid, started ? 0 : ms);
      last.set(pid, { role, ms });
    }
    started = true;
  }

  function cpuParent(pid) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1];
    } catch {
      return "";
    }
  }

  const ready = sample();
  const tick = () => {
    sampling = sampling.then(sample, sample);
    timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, intervalMs);
  return {
    ready,
    async stop() {
      clearTimeout(timer);
      await sampling;
      await sample();
      const out = {};
      for (const [pid, { role, ms }] of last) out[role] = (out[role] ?? 0) + ms - (first.get(pid) ?? 0);
      return out;
    },
  };
}

module.exports = { startRoleSampler };
