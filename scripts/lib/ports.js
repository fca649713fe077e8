// The ports `npm start` listens on, checked before anything starts: a second stack on the same
// machine (another checkout, a test run beside a dev stack) would otherwise build, migrate and start
// anvil, then exit with EADDRINUSE. A port the user chose (environment or .env) that is taken is an
// error naming its variable; one left at its default moves to a free port, and the start-up output
// says which.
const net = require("node:net");

/** Whether `port` can be listened on at `host` right now. */
function isFree(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the OS gives as free at `host`, excluding `taken`. */
async function freePort(host, taken) {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const server = net.createServer();
      server.once("error", reject);
      server.listen({ port: 0, host, exclusive: true }, () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
    });
    if (!taken.has(port)) return port;
  }
}

/**
 * Settles each port of `specs` ({ name, host, fallback }: the variable, the address it listens on,
 * its default) against `env` and the set of variables the user `chosen`. Returns the ports as
 * numbers by name, those that moved off their default ({ name, from, to }), and the chosen ones
 * that are taken ({ name, port }); it writes nothing.
 */
async function settlePorts(specs, env, chosen) {
  const ports = {};
  const moved = [];
  const taken = [];
  const claimed = new Set();
  for (const { name, host, fallback } of specs) {
    const port = Number(env[name] || fallback);
    if (port === 0) {
      ports[name] = 0; // the app takes any free port itself
    } else if (!claimed.has(port) && (await isFree(port, host))) {
      ports[name] = port;
    } else if (chosen.has(name)) {
      taken.push({ name, port });
      ports[name] = port;
    } else {
      const to = await freePort(host, claimed);
      moved.push({ name, from: port, to });
      ports[name] = to;
    }
    claimed.add(ports[name]);
  }
  return { ports, moved, taken };
}

module.exports = { isFree, settlePorts };
