import { chooseLogKey, logKeyNote, logKeyOption } from "./audit-log-key";

const PUBLISHED = "localhost/ctxlog-dev-tlog+a89cbd3f+AQB5quIQh7yZyrerl4C9m4XtJDGPOuYTVVh0q/hRutEg";
const PINNED = "localhost/ctxlog-dev-tlog+0badc0de+AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

describe("the console audit's log key", () => {
  it("takes a pasted key (trimmed) over the server's, and says it is pinned", () => {
    const key = chooseLogKey(`  ${PINNED}\n`, PUBLISHED);
    expect(key).toEqual({ source: "pinned", key: PINNED });
    expect(logKeyOption(key)).toBe(PINNED);
    expect(logKeyNote(key)).toMatch(/^Log key pinned here/);
  });

  it("without one, takes the key the server publishes and says it came from the server audited", () => {
    const key = chooseLogKey("   ", PUBLISHED);
    expect(key).toEqual({ source: "published", key: PUBLISHED });
    expect(logKeyOption(key)).toBe(PUBLISHED);
    expect(logKeyNote(key)).toMatch(/^Log key fetched from this server \(GET \/v1\/tlog\/key\).*Pin a key/);
  });

  it("with neither, gives the audit no key: the entries' own is used, and the note says so", () => {
    const key = chooseLogKey("", null);
    expect(key).toEqual({ source: "none" });
    expect(logKeyOption(key)).toBeUndefined();
    expect(logKeyNote(key)).toMatch(/publishes no log key.*the key its entries name/);
  });
});
