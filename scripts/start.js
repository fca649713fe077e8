#!/usr/bin/env node
// `npm start`: the whole stack for development on one machine. Reads .env (or .env.example when
// there is none; variables already set win), creates the database and applies migrations, then
// runs each app as its own process and stops them all together.
const { spawn, spawnSync } = require("node:child_process");
const { existsSync } = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const envFile = existsSync(path.join(root, ".env")) ? ".env" : ".env.example";
process.loadEnvFile(path.join(root, envFile));
console.log(`ctxlog: configuration from ${envFile} (environment variables take precedence)`);

const migrate = spawnSync(process.execPath, [path.join(__dirname, "db-migrate.js")], {
  stdio: "inherit",
  cwd: root,
});
if (migrate.status !== 0) {
  console.error("ctxlog: migrations failed; is PostgreSQL running at DATABASE_URL?");
  process.exit(migrate.status ?? 1);
}

const apps = [{ name: "api", main: "apps/api/dist/main.js" }];
const children = apps.map(({ name, main }) => {
  const child = spawn(process.execPath, [path.join(root, main)], {
    stdio: "inherit",
    cwd: root,
    env: process.env,
  });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`ctxlog: ${name} exited (${signal ?? code}); stopping the stack`);
      stop(code || 1);
    }
  });
  return child;
});

const base = `http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? 3000}/v1`;
console.log(`
ctxlog is starting: API at ${base} (OpenAPI: ${base}/openapi.json)
Create a key:  npm run ctxlog -- keys create --user demo --type full
Then:          curl -H "Authorization: Bearer <key>" ${base}/status
`);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  const deadline = setTimeout(() => process.exit(code), 10_000);
  deadline.unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null))).then(
    () => process.exit(code),
  );
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
