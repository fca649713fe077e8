// Baseline for bench:api — the least an express JSON endpoint can do: parse the body, answer 202.
// BARE_PROCESSES > 1 runs it as a node:cluster, like the API with API_PROCESSES.
const cluster = require("node:cluster");
const express = require("express");

const processes = Number(process.env.BARE_PROCESSES ?? 1);
if (processes > 1 && cluster.isPrimary) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers)) worker.process.kill("SIGTERM");
    process.exit(0);
  });
} else {
  const app = express();
  app.post("/v1/contexts", express.json({ limit: "300kb" }), (req, res) => {
    res.status(202).json({ accepted: true, agent_id: req.body.agent_id });
  });
  app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
  app.listen(Number(process.env.PORT), "127.0.0.1");
}
