// Fails the run in a second, with a clear message, when the services the integration tests
// need are down — instead of every suite timing out on its own.
const net = require("node:net");

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

// The same URLs the test helpers use (@ctxlog/db/testing, @ctxlog/jobs/testing).
function hostPort(url, defaultPort) {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || defaultPort) };
}

module.exports = async () => {
  const pg = hostPort(process.env.TEST_DATABASE_ADMIN_URL || "postgresql://127.0.0.1:5432/postgres", 5432);
  const redis = hostPort(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", 6379);
  const missing = [];
  if (!(await reachable(pg.host, pg.port))) missing.push(`PostgreSQL on ${pg.host}:${pg.port}`);
  if (!(await reachable(redis.host, redis.port))) missing.push(`Redis on ${redis.host}:${redis.port}`);
  if (missing.length) {
    throw new Error(`The tests need ${missing.join(" and ")}. Start them (see docs/testing.md).`);
  }
};
