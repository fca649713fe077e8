// Baseline for bench:api — the least an express JSON endpoint can do: parse the body, answer 202.
const express = require("express");

const app = express();
app.post("/v1/contexts", express.json({ limit: "300kb" }), (req, res) => {
  res.status(202).json({ accepted: true, agent_id: req.body.agent_id });
});
app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
app.listen(Number(process.env.PORT), "127.0.0.1");
