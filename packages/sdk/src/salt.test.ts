import { hashContext } from "./canonical";
import { SALT_METADATA_KEY, saltContext } from "./salt";

describe("saltContext", () => {
  it("adds a fresh 32-byte salt to metadata, so equal guessable data hashes differently", () => {
    const input = { agent_id: "a", context_data: { answer: "yes" }, metadata: { k: 1 }, salt: true };
    const one = saltContext(input);
    const two = saltContext(input);
    expect(one).not.toHaveProperty("salt");
    expect(one.metadata).toMatchObject({
      k: 1,
      [SALT_METADATA_KEY]: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(one.metadata?.[SALT_METADATA_KEY]).not.toBe(two.metadata?.[SALT_METADATA_KEY]);
    const plain = hashContext({
      agent_id: "a",
      context_data: { answer: "yes" },
      metadata: { k: 1 },
    }).contextHash;
    expect(hashContext(one as never).contextHash).not.toBe(plain);
    expect(input.metadata).toEqual({ k: 1 }); // the caller's object is left alone
  });

  it("leaves the context as it is without the option, and refuses to overwrite a salt already there", () => {
    expect(saltContext({ agent_id: "a", context_data: { x: 1 } })).toEqual({
      agent_id: "a",
      context_data: { x: 1 },
    });
    expect(saltContext({ agent_id: "a", context_data: { x: 1 }, salt: false })).toEqual({
      agent_id: "a",
      context_data: { x: 1 },
    });
    expect(() =>
      saltContext({ agent_id: "a", context_data: {}, metadata: { [SALT_METADATA_KEY]: "0x" }, salt: true }),
    ).toThrow(TypeError);
  });
});
