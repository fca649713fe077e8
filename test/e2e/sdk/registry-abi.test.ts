import { registryAbi } from "@ctxlog/contracts";
import { anchoredEventAbi } from "@ctxlog/sdk";
import { toEventSelector } from "viem";

describe("anchoredEventAbi", () => {
  it("is exactly the Anchored fragment of the compiled ContextRegistry", () => {
    const fromArtifact = registryAbi.find((item) => item.type === "event" && item.name === "Anchored");
    expect(anchoredEventAbi).toEqual([fromArtifact]);
    expect(toEventSelector(anchoredEventAbi[0])).toBe(toEventSelector("Anchored(bytes32,uint32,address)"));
  });
});
