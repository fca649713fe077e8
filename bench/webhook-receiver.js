// The receiver of bench:webhooks: answers every POST with 200 at once and records, per request,
// how long ago the event in the body was recorded (the envelope's `timestamp`). GET /stats
// reports and POST /reset clears; GET /healthz for startup.
const http = require("node:http");

const TIMESTAMP = /"timestamp":"([^"]+)"/;
let latencies = [];
let deliveries = new Set();
let first = 0;
let last = 0;

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

http
  .createServer((req, res) => {
    if (req.method === "GET" && req.url === "/healthz") return res.end("ok");
    if (req.method === "GET" && req.url === "/stats") {
      const sorted = Float64Array.from(latencies).sort();
      return res.end(
        JSON.stringify({
          count: latencies.length,
          unique: deliveries.size,
          first,
          last,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          max: percentile(sorted, 100),
        }),
      );
    }
    if (req.method === "POST" && req.url === "/reset") {
      latencies = [];
      deliveries = new Set();
      first = last = 0;
      return res.end("ok");
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const now = Date.now();
      const match = TIMESTAMP.exec(Buffer.concat(chunks).toString("utf8"));
      if (match) latencies.push(now - Date.parse(match[1]));
      const id = req.headers["x-service-delivery"];
      if (id) deliveries.add(id);
      if (!first) first = now;
      last = now;
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
