// Unit: real argon2id. The harness lowers the cost for the other tests; here the default is checked.
import { hashPassword, PASSWORD_HASH_COST, setPasswordHashCost, verifyPassword } from "./passwords";

afterAll(() => setPasswordHashCost(PASSWORD_HASH_COST));

describe("password hashes", () => {
  it("are argon2id at the service's cost (64 MiB, 3 passes, one lane) unless a test lowers it", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(await verifyPassword(stored, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(stored, "correct horse battery stapl")).toBe(false);

    setPasswordHashCost({ memoryCost: 64, timeCost: 1 });
    const cheap = await hashPassword("correct horse battery staple");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    // hashes of another cost still verify: the parameters are in each stored string
    expect(await verifyPassword(stored, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(null, "correct horse battery staple")).toBe(false);
  });
});
