// Unit: the new-password rules (pure; the estimator and its dictionaries are @zxcvbn-ts packages).
import { MIN_PASSWORD_SCORE, passwordProblem } from "./password-policy";

const email = "someone@example.test";

describe("passwordProblem", () => {
  it.each([
    "passwordpassword",
    "111111111111",
    "qwerty123456",
    "1q2w3e4r5t6y",
    "LeaveMeAlone",
    "123456654321",
  ])("refuses %s: long enough, but easy to guess", (password) => {
    const problem = passwordProblem(password, email);
    expect(problem).toMatch(
      new RegExp(`too easy to guess \\(strength [0-2] of 4; at least ${MIN_PASSWORD_SCORE} is needed\\)`),
    );
  });

  it("says why, in zxcvbn's words", () => {
    expect(passwordProblem("passwordpassword", email)).toMatch(/Repeated|repeated/);
    expect(passwordProblem("qwerty123456", email)).toMatch(/commonly used password/);
  });

  it("refuses a password containing the email's name, whatever its case", () => {
    expect(passwordProblem("my Jane.Doe password", "jane.doe@example.test")).toMatch(
      /contains the name of the account's email/,
    );
    expect(passwordProblem("example.test is my home", "jane.doe@example.test")).toBeNull();
  });

  it("counts the email's domain as words an attacker knows", () => {
    // strong for a stranger, guessable for whoever knows the email
    const password = "zorblaxquintel2";
    expect(passwordProblem(password, email)).toBeNull();
    expect(passwordProblem(password, "ops@zorblaxquintel.test")).toMatch(/too easy to guess/);
  });

  it("does not refuse every password for a one- or two-letter name", () => {
    expect(passwordProblem("a good long passphrase", "a@example.test")).toBeNull();
  });

  it.each(["correct horse battery staple", "Tr0ub4dor&3 plus more", "ctxlog-dashboard-2026"])(
    "accepts %s",
    (password) => {
      expect(passwordProblem(password, email)).toBeNull();
    },
  );

  it("judges a password longer than the estimator reads by its start: a weak start is refused", () => {
    expect(passwordProblem(`${"1".repeat(64)}x9#kQ`, email)).not.toBeNull();
    expect(passwordProblem(`correct horse battery staple ${"1".repeat(200)}`, email)).toBeNull();
  });
});
