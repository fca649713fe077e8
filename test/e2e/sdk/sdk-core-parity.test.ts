// The SDK restates a few closed lists of the server so it can run without any server package.
// Nothing but this test keeps the copies equal: it fails when the server's list changes and the
// SDK's does not (or the other way round), naming the list and the difference.
import { EVENT_NAMES, HTTP_ERROR_CODES, VERIFICATION_CHECK_NAMES } from "@ctxlog/core";
import { API_ERROR_CODES, CHECK_NAMES, WEBHOOK_EVENT_NAMES } from "@ctxlog/sdk";
import { ALL_CHECKS } from "../../../apps/api/src/testing/verification-helpers";

describe("the SDK's closed lists equal the server's (packages/core)", () => {
  it("verification check names, in the order they run", () => {
    expect([...CHECK_NAMES]).toEqual([...VERIFICATION_CHECK_NAMES]);
    // the API tests' expected list is a third copy: it too must follow core
    expect(ALL_CHECKS).toEqual([...VERIFICATION_CHECK_NAMES]);
  });

  it("API error codes", () => {
    expect([...API_ERROR_CODES].sort()).toEqual([...HTTP_ERROR_CODES].sort());
  });

  it("webhook event names", () => {
    expect([...WEBHOOK_EVENT_NAMES].sort()).toEqual([...EVENT_NAMES].sort());
  });
});
