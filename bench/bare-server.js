// Baseline for bench:api — the least an express JSON endpoint can do: parse the body, answer 202.
const express = require("express");

const app = express();
app.post("/v1/contexts", express.json({ limit: "300kb" }), (req, res) => {
  res.status(202).json({ accepted: true, agent_id: req.body.agent_id });
});
const server = app.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
