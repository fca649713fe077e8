/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import {
  dropEarlyRequests,
  fetchWithEarlyResponses,
  startEarlyRequest,
  takeEarlyResponse,
} from "./early-requests";

const ORIGIN = window.location.origin;
let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn(async () => new Response("{}", { status: 200 }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  dropEarlyRequests();
});

describe("early requests (started by the boot script, taken by the API client)", () => {
  it("gives a GET the response started for the same URL, its parameters in any order, once", async () => {
    startEarlyRequest("/v1/contexts?limit=25&status=failed");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = new Request(`${ORIGIN}/v1/contexts?status=failed&limit=25`);
    const early = takeEarlyResponse(request);
    expect(early).toBe(fetchMock.mock.results[0]?.value);
    expect(takeEarlyResponse(request)).toBeUndefined(); // a second ask is a new request
  });

  it("gives nothing for another URL, another method, or after who is signed in changed", () => {
    startEarlyRequest("/v1/overview");
    expect(takeEarlyResponse(new Request(`${ORIGIN}/v1/overview?x=1`))).toBeUndefined();
    expect(takeEarlyResponse(new Request(`${ORIGIN}/v1/overview`, { method: "POST" }))).toBeUndefined();
    dropEarlyRequests();
    expect(takeEarlyResponse(new Request(`${ORIGIN}/v1/overview`))).toBeUndefined();
  });

  it("gives nothing once the page has been open a while (it would be stale)", () => {
    startEarlyRequest("/v1/overview");
    jest.spyOn(performance, "now").mockReturnValue(60_000);
    expect(takeEarlyResponse(new Request(`${ORIGIN}/v1/overview`))).toBeUndefined();
    jest.restoreAllMocks();
  });

  it("fetchWithEarlyResponses takes the early response, and fetches anything else", async () => {
    startEarlyRequest("/v1/auth/session");
    const early = fetchMock.mock.results[0]?.value;
    expect(fetchWithEarlyResponses(new Request(`${ORIGIN}/v1/auth/session`))).toBe(early);
    await fetchWithEarlyResponses(new Request(`${ORIGIN}/v1/auth/session`));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
