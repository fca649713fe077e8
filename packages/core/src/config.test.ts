import { z } from "zod";
import { ConfigError, envFlag, optionalEnv, parseConfig } from "./config";

const schema = z.object({ FLAG: envFlag, PORT: optionalEnv(z.coerce.number().int()), URL: z.url() });

describe("parseConfig", () => {
  it("parses flags and treats an empty optional as unset", () => {
    expect(parseConfig(schema, { FLAG: "1", PORT: "", URL: "http://x" }, "t")).toEqual({
      FLAG: true,
      PORT: undefined,
      URL: "http://x",
    });
    expect(parseConfig(schema, { URL: "http://x" }, "t").FLAG).toBe(false);
  });

  it("lists every bad variable by name in one ConfigError", () => {
    const run = () => parseConfig(schema, { FLAG: "yes", PORT: "x" }, "the thing");
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/^Invalid configuration for the thing:\n {2}FLAG: .*\n {2}PORT: .*\n {2}URL: /);
  });
});
