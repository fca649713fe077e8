// Unit: the new-password rules (pure; the list ships in @zxcvbn-ts/language-common).
import { COMMON_PASSWORDS_REFUSED, passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it.each(["qwerty123456", "1q2w3e4r5t6y", "LeaveMeAlone", "123456654321"])(
    "refuses %s, one of the most common passwords (whatever its case)",
    (password) => {
      expect(passwordProblem(password, "someone@example.test")).toMatch(/10,000 most common passwords/);
    },
  );

  it("refuses a password containing the email's name, whatever its case", () => {
    expect(passwordProblem("my Jane.Doe password", "jane.doe@example.test")).toMatch(
      /contains the name of the account's email/,
    );
    expect(passwordProblem("example.test is my home", "jane.doe@example.test")).toBeNull();
  });

  it("does not refuse every password for a one- or two-letter name", () => {
    expect(passwordProblem("a good long passphrase", "a@example.test")).toBeNull();
  });

  it("accepts an uncommon password", () => {
    expect(passwordProblem("correct horse battery staple", "someone@example.test")).toBeNull();
  });

  it("refuses exactly the first 10,000 entries of the package's ranked list", () => {
    const { dictionary } = require("@zxcvbn-ts/language-common") as {
      dictionary: { "passwords-common": string[] };
    };
    const ranked = dictionary["passwords-common"];
    expect(ranked.length).toBeGreaterThan(COMMON_PASSWORDS_REFUSED);
    const last = ranked[COMMON_PASSWORDS_REFUSED - 1] ?? "";
    const next =
      ranked
        .slice(COMMON_PASSWORDS_REFUSED)
        .find((p) => !ranked.slice(0, COMMON_PASSWORDS_REFUSED).includes(p)) ?? "";
    expect(passwordProblem(last, "x@example.test")).not.toBeNull();
    expect(passwordProblem(next, "x@example.test")).toBeNull();
  });
});
