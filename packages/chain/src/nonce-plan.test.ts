import { planNonces } from "./nonce-plan";

describe("planNonces", () => {
  it("takes the next nonce after the in-flight ones when the chain agrees", () => {
    expect(planNonces({ chainLatest: 3, chainPending: 5, inFlight: [3, 4], expected: 5 })).toEqual({
      next: 5,
    });
    expect(planNonces({ chainLatest: 3, chainPending: 3, inFlight: [3, 4], expected: 5 })).toEqual({
      next: 5,
    });
    expect(planNonces({ chainLatest: 7, chainPending: 7, inFlight: [], expected: 7 })).toEqual({ next: 7 });
  });

  it("re-signs the in-flight anchors from the chain's nonce when a gap is under them", () => {
    // the restart of the issue: nonce 1 was mined on a chain that is gone; 2 and 3 wait forever
    expect(planNonces({ chainLatest: 1, chainPending: 1, inFlight: [2, 3], expected: 4 })).toEqual({
      next: 3,
      refillFrom: 1,
      correction: { kind: "gap", chainNonce: 1, workerNonce: 2 },
    });
  });

  it("follows a chain behind the worker's records when nothing is in flight", () => {
    expect(planNonces({ chainLatest: 0, chainPending: 0, inFlight: [], expected: 1 })).toEqual({
      next: 0,
      correction: { kind: "gap", chainNonce: 0, workerNonce: 1 },
    });
  });

  it("adopts a chain nonce above anything the worker sent (the key used elsewhere)", () => {
    expect(planNonces({ chainLatest: 4, chainPending: 4, inFlight: [], expected: 2 })).toEqual({
      next: 4,
      correction: { kind: "adopted", chainNonce: 4, workerNonce: 2 },
    });
    expect(planNonces({ chainLatest: 2, chainPending: 6, inFlight: [2, 3], expected: 4 })).toEqual({
      next: 6,
      correction: { kind: "adopted", chainNonce: 6, workerNonce: 4 },
    });
  });

  it("never goes below an in-flight nonce the node has not counted yet (stored, not yet broadcast)", () => {
    expect(planNonces({ chainLatest: 2, chainPending: 2, inFlight: [2, 3, 4], expected: 5 })).toEqual({
      next: 5,
    });
  });
});
