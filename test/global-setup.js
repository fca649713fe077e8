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

module.exports = async () => {
  const missing = [];
  if (!(await reachable("127.0.0.1", 5432))) missing.push("PostgreSQL on 127.0.0.1:5432");
  if (!(await reachable("127.0.0.1", 6379))) missing.push("Redis on 127.0.0.1:6379");
  if (missing.length) {
    throw new Error(`The tests need ${missing.join(" and ")}. Start them (see README, "Running the tests").`);
  }
};
