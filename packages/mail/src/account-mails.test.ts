import { formatExpiry, invitationMail, signInLinkMail } from "./account-mails";

const base = {
  to: "grace@example.com",
  userId: "acme",
  invitedBy: "ada@example.com",
  link: "https://ctxlog.example.com/dashboard/setup#token=abc_DEF-123",
  expiresAt: new Date("2026-12-06T08:15:30Z"),
  signInUrl: "https://ctxlog.example.com/dashboard/sign-in?user=acme",
};

describe("account mails", () => {
  it("invites a new email to set a password with the link, saying who invited and until when", () => {
    const mail = invitationMail({ ...base, personExists: false });
    expect(mail.to).toBe("grace@example.com");
    expect(mail.subject).toBe("You are invited to acme on ctxlog");
    expect(mail.text).toContain("ada@example.com invited you to the ctxlog dashboard of acme.");
    expect(mail.text).toContain(
      `Set your password to join. It works once, until 2026-12-06 08:15 UTC.\n${base.link}`,
    );
    expect(mail.text).not.toContain(base.signInUrl);
    expect(mail.html).toContain(`<a href="${base.link}">`);
  });

  it("tells an email that already signs in that it was added: sign in, the link only for a lost password", () => {
    const mail = invitationMail({ ...base, personExists: true });
    expect(mail.subject).toBe("You were added to acme on ctxlog");
    expect(mail.text).toContain(`Sign in with your email and password to join it:\n${base.signInUrl}`);
    expect(mail.text).toContain("Forgot your password? This link sets a new one and joins acme at once.");
    expect(mail.text).toContain(base.link);
  });

  it("names the operator when the CLI made the account", () => {
    expect(invitationMail({ ...base, invitedBy: null, personExists: false }).text).toMatch(
      /^The operator of ctxlog invited you/,
    );
  });

  it("escapes what it puts into HTML", () => {
    const mail = invitationMail({ ...base, invitedBy: `<b>"x"</b>&`, personExists: false });
    expect(mail.html).toContain("&lt;b&gt;&quot;x&quot;&lt;/b&gt;&amp; invited you");
    expect(mail.html).not.toContain("<b>");
  });

  it("a sign-in link mail says what the link does and that ignoring it changes nothing", () => {
    const mail = signInLinkMail({ to: base.to, userId: "acme", link: base.link, expiresAt: base.expiresAt });
    expect(mail.subject).toBe("Your ctxlog sign-in link");
    expect(mail.text).toContain("until 2026-12-06 08:15 UTC");
    expect(mail.text).toContain(base.link);
    expect(mail.text).toContain("your password stays as it is");
  });

  it("formats an expiry in UTC to the minute", () => {
    expect(formatExpiry(new Date("2026-01-02T03:04:59.999Z"))).toBe("2026-01-02 03:04 UTC");
  });
});
