const { scratchDatabase } = require("/work/main/bench/lib");
const { Pool } = require("/work/main/node_modules/pg");
async function timeit(name, n, conc, fn) {
  const t = performance.now();
  let i = 0;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (i < n) {
        i++;
        await fn(i);
      }
    }),
  );
  const ms = performance.now() - t;
  console.log(name, ((n / ms) * 1000).toFixed(0) + "/s");
}
(async () => {
  const database = await scratchDatabase("ctxlog_pg");
  const p = new Pool({ connectionString: database.url, max: 20 });
  await p.query(
    "create table t1(id text primary key, a text, b jsonb, created_at timestamptz default now())",
  );
  await p.query("create table t2(id text primary key, a text)");
  await timeit("raw insert small", 3000, 50, (i) => p.query("insert into t2 values($1,$2)", ["k" + i, "x"]));
  await timeit("raw insert jsonb 1k", 3000, 50, (i) =>
    p.query("insert into t1(id,a,b) values($1,$2,$3)", [
      "k" + i,
      "x".repeat(900),
      JSON.stringify({ x: "y".repeat(800) }),
    ]),
  );
  await p.query("set synchronous_commit=off");
  await p.end();
  await database.drop();
})();
