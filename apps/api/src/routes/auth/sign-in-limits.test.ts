// Integration: real PostgreSQL, Redis and argon2; every response is held to the OpenAPI document.
// A 401 INVALID_CREDENTIALS is only ever answered after the check it guards (argon2 for sign-in,
// the link lookup for setup); a 429 before it. So the 401s of a burst count its expensive checks.
import { randomBytes } from "node:crypto";
import { createAccount } from "@ctxlog/db";
import { createTestHarness, type TestHarness } from "../../testing/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({
    SIGN_IN_ACCOUNT_LIMIT: "10",
    SIGN_IN_ADDRESS_LIMIT: "30",
    SIGN_IN_WINDOW_SECONDS: "600",
    TRUST_PROXY: "true",
  });
});
afterAll(() => h.close());

const PASSWORD = "correct horse battery staple";
let n = 0;
const address = () => `198.51.100.${++n}`;
const signIn = (from: string, email: string, password: string) =>
  h.request.post("/v1/auth/sign-in").set("X-Forwarded-For", from).send({ email, password });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("sign-in limits under concurrency", () => {
  it("16 concurrent wrong passwords against an account limit of 10: at most 10 are checked", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const from = address();
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => signIn(from, s.email, `wrong-password-${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 401)).toBeLessThanOrEqual(10);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(6);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(16);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
  });

  it("45 concurrent wrong passwords (45 emails) against an address limit of 30: at most 30 are checked", async () => {
    const from = address();
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) => signIn(from, `nobody-${i}-${n}@example.test`, "wrong-password-1")),
    );
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 401)).toBeLessThanOrEqual(30);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(15);
  });

  it("40 concurrent unknown setup tokens against an address limit of 30: at most 30 links are looked up", async () => {
    const from = address();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        h.request
          .post("/v1/auth/setup")
          .set("X-Forwarded-For", from)
          .send({ token: randomBytes(32).toString("base64url"), password: PASSWORD }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 401)).toBeLessThanOrEqual(30);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(10);
  });

  it("a successful sign-in gives its attempt back: the address's budget is not spent by its owners", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const from = address();
    for (let i = 0; i < 35; i++) expect((await signIn(from, s.email, PASSWORD)).status).toBe(200);
  });
});

describe("lockout keyed on account and address", () => {
  it("after 10 wrong passwords from one address, the right one from another address signs in", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const attacker = address();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await signIn(attacker, s.email, `wrong-${i}-password`)).status);
    // five free failures, then progressive delays: the attacker's sixth try already has to wait
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((st) => st === 429)).toBe(true);
    const delayed = await signIn(attacker, s.email, PASSWORD);
    expect(delayed.status).toBe(429);
    expect(Number(delayed.headers["retry-after"])).toBeGreaterThanOrEqual(1);

    const owner = await signIn(address(), s.email, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.account.email).toBe(s.email);
  });

  it("delays grow with each failure past the fifth: 1 s, then 2 s", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const from = address();
    for (let i = 0; i < 5; i++) expect((await signIn(from, s.email, `wrong-${i}-password`)).status).toBe(401);
    const first = await signIn(from, s.email, "wrong-5-password");
    expect(first.status).toBe(429);
    expect(first.headers["retry-after"]).toBe("1");
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await signIn(from, s.email, "wrong-6-password")).status).toBe(401);
    expect((await signIn(from, s.email, PASSWORD)).headers["retry-after"]).toBe("2");
    await new Promise((r) => setTimeout(r, 2_100));
    // the right password, once the delay is over, signs in and clears the account's failures there
    expect((await signIn(from, s.email, PASSWORD)).status).toBe(200);
    expect((await signIn(from, s.email, "wrong-7-password")).status).toBe(401);
  });
});

/** `SIGN_IN_ADDRESS_LIMIT` (30) failures of strangers from `from`: unknown emails, unknown links. */
async function exhaust(from: string, with_: "passwords" | "links") {
  for (let i = 0; i < 30; i++) {
    const res =
      with_ === "passwords"
        ? await signIn(from, `stranger-${i}-${n}@example.test`, "wrong-password-1")
        : await h.request
            .post("/v1/auth/setup")
            .set("X-Forwarded-For", from)
            .send({ token: randomBytes(32).toString("base64url"), password: PASSWORD });
    expect(res.status).toBe(401);
  }
  const refused = await signIn(from, `stranger-past-${n}@example.test`, "wrong-password-1");
  expect(refused.status).toBe(429); // the address is out of failures: strangers are refused
}

describe("others' failures never refuse a valid credential (probation, not lockout)", () => {
  it("a valid password from an address strangers exhausted (a NAT) signs in after a short wait", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const nat = address();
    await exhaust(nat, "passwords");
    // one check per probation period (1 s): a valid password waits for it, never longer
    await new Promise((r) => setTimeout(r, 1_100));
    const owner = await signIn(nat, s.email, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.account.email).toBe(s.email);
    // a wrong password on probation is refused like the rest of the address's excess
    await new Promise((r) => setTimeout(r, 1_100));
    const guess = await signIn(nat, s.email, "wrong-password-9");
    expect(guess.status).toBe(429);
    expect(guess.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
  });

  it("a valid password waits for the probation slot rather than being refused", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const nat = address();
    await exhaust(nat, "passwords");
    await new Promise((r) => setTimeout(r, 1_100));
    // a stranger takes this second's slot; the owner's attempt waits for the next one
    expect((await signIn(nat, `stranger-late-${n}@example.test`, "wrong-password-1")).status).toBe(429);
    expect((await signIn(nat, s.email, PASSWORD)).status).toBe(200);
  });

  it("a valid setup link from an address strangers exhausted with unknown links sets the password", async () => {
    const { userId } = await h.tenant();
    const email = `${randomBytes(6).toString("hex")}@example.test`;
    const { link } = await createAccount(h.db, { userId, email });
    const nat = address();
    await exhaust(nat, "links");
    await new Promise((r) => setTimeout(r, 1_100));
    const res = await h.request
      .post("/v1/auth/setup")
      .set("X-Forwarded-For", nat)
      .send({ token: link.token, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.account.email).toBe(email);
    // an unknown link on probation is refused like the rest
    await new Promise((r) => setTimeout(r, 1_100));
    const probe = await h.request
      .post("/v1/auth/setup")
      .set("X-Forwarded-For", nat)
      .send({ token: randomBytes(32).toString("base64url"), password: PASSWORD });
    expect(probe.status).toBe(429);
  });

  it("the account's own lockout at one address stays: its valid password waits out its delay there", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const from = address();
    for (let i = 0; i < 5; i++) expect((await signIn(from, s.email, `wrong-${i}-password`)).status).toBe(401);
    expect((await signIn(from, s.email, "wrong-5-password")).status).toBe(429);
    expect((await signIn(from, s.email, PASSWORD)).status).toBe(429);
  });
});
