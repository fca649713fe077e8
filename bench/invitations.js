#!/usr/bin/env node
// bench:invitations — issue 36: POST /v1/accounts/invitations must take the same time whether or
// not the invited email is known anywhere. Against the built API (a real process, PostgreSQL,
// Redis, and a real SMTP server on loopback receiving the mails), one signed-in inviter sends, one
// at a time and in shuffled order, invitations of three kinds of email:
//   unknown  — nowhere in the database;
//   person   — a person who signs in (set up in another user's dashboard);
//   invited  — only invited by another user, never set up.
// Per kind: median, p10, p90 and mean of the answer time as the client sees it, and the difference
// of each kind's median from the unknown one's with a 95 % bootstrap interval. The mails received
// are counted by subject, to show the kinds really differed where it is allowed to (the mail).
// BENCH_INVITATIONS_N (default 300) per kind, after 30 warm-up requests.
const os = require("node:os");
const path = require("node:path");
const lib = require("./lib");

const { root, fmt } = lib;
const N = Number(process.env.BENCH_INVITATIONS_N ?? 300);
const WARMUP = 30;
const PASSWORD = "correct horse battery staple";

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** 95 % bootstrap interval of median(a) - median(b). */
function medianDifference(a, b, rounds = 2000) {
  const pick = (xs) => Array.from({ length: xs.length }, () => xs[Math.floor(Math.random() * xs.length)]);
  const diffs = sorted(Array.from({ length: rounds }, () => median(pick(a)) - median(pick(b))));
  return {
    diff: median(a) - median(b),
    low: diffs[Math.floor(rounds * 0.025)],
    high: diffs[Math.floor(rounds * 0.975)],
  };
}

function shuffle(xs) {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

async function main() {
  const dbModule = require(path.join(root, "packages/db/dist"));
  const { hashOpaqueToken } = require(path.join(root, "packages/core/dist"));
  const { startSmtpCapture } = require(path.join(root, "packages/mail/dist-test/testing"));
  const smtp = await startSmtpCapture();
  const scratch = await lib.benchStack("ctxlog_bench_invitations");
  const db = dbModule.createDb(scratch.databaseUrl, { poolSize: 4 });
  let api;
  try {
    const env = { ...scratch.env, SMTP_URL: smtp.url, MAIL_FROM: "ctxlog <no-reply@bench.example>" };
    api = await lib.startProcess(path.join(root, "apps/api/dist/main.js"), env, "/healthz");
    const origin = `http://127.0.0.1:${api.port}`;

    // the inviter: an account of user "bench" (plan bench: no rate limit reached), set up for real
    const inviter = await dbModule.createAccount(db, {
      userId: "bench",
      email: "inviter@bench.example",
      defaultPlan: "bench",
    });
    const setup = await fetch(`${origin}/v1/auth/setup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: inviter.link.token, password: PASSWORD }),
    });
    if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${await setup.text()}`);
    const cookie = setup.headers
      .getSetCookie()
      .find((c) => c.startsWith("ctxlog_session="))
      .split(";")[0];
    const { csrf_token: csrf } = await setup.json();

    // the known emails: people set up in other users' dashboards, and emails only invited elsewhere
    const timeouts = { idleMs: 3_600_000, absoluteMs: 3_600_000 };
    const emails = { unknown: [], person: [], invited: [] };
    for (let i = 0; i < N + WARMUP; i++) {
      const person = await dbModule.createAccount(db, {
        userId: `other-${i % 20}`,
        email: `person-${i}@bench.example`,
      });
      await dbModule.redeemSignInLink(db, {
        tokenHash: hashOpaqueToken(person.link.token),
        passwordHash: "$argon2id$v=19$m=65536,t=3,p=1$bench$bench", // never checked here
        timeouts,
      });
      await dbModule.createAccount(db, { userId: `other-${i % 20}`, email: `invited-${i}@bench.example` });
      emails.person.push(`person-${i}@bench.example`);
      emails.invited.push(`invited-${i}@bench.example`);
      emails.unknown.push(`unknown-${i}@bench.example`);
    }

    const invite = async (email) => {
      const started = performance.now();
      const res = await fetch(`${origin}/v1/accounts/invitations`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, "x-csrf-token": csrf },
        body: JSON.stringify({ email }),
      });
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 201) throw new Error(`invitation of ${email}: ${res.status}`);
      return ms;
    };
    const order = shuffle(
      Object.keys(emails).flatMap((kind) =>
        emails[kind].map((email, i) => ({ kind, email, warm: i < WARMUP })),
      ),
    );
    const times = { unknown: [], person: [], invited: [] };
    for (const { kind, email, warm } of order.sort((a, b) => Number(b.warm) - Number(a.warm))) {
      const ms = await invite(email);
      if (!warm) times[kind].push(ms);
    }
    // every mail, once sent: the kinds differ there (and only there)
    const deadline = Date.now() + 60_000;
    while (smtp.received.length < order.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const subjects = {};
    for (const mail of smtp.received) {
      const kind = mail.subject.startsWith("You were added") ? "added (person)" : "invited (set a password)";
      subjects[kind] = (subjects[kind] ?? 0) + 1;
    }

    console.log(
      `bench:invitations — ${N} invitations per kind, one at a time, shuffled; load average ${os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(" ")}`,
    );
    console.log("kind      median    p10     p90     mean  (ms, as the client sees the answer)");
    for (const kind of Object.keys(times)) {
      const xs = sorted(times[kind]);
      console.log(
        `${kind.padEnd(8)} ${fmt(median(xs), 2).padStart(7)} ${fmt(lib.percentile(xs, 10), 2).padStart(7)} ${fmt(lib.percentile(xs, 90), 2).padStart(7)} ${fmt(mean(xs), 2).padStart(7)}`,
      );
    }
    for (const kind of ["person", "invited"]) {
      const d = medianDifference(times[kind], times.unknown);
      console.log(
        `median(${kind}) - median(unknown): ${fmt(d.diff, 2)} ms, 95 % interval [${fmt(d.low, 2)}, ${fmt(d.high, 2)}]`,
      );
    }
    console.log(`mails received: ${smtp.received.length} of ${order.length}:`, subjects);
  } finally {
    await api?.stop();
    await db.$disconnect();
    await scratch.drop();
    await smtp.close();
  }
}

lib.runBench(main);
