import {
  AppError,
  ERROR_CODES,
  ERROR_STATUS,
  HTTP_ERROR_CODES,
  isAppError,
  isErrorCode,
  isHttpErrorCode,
} from "./errors";

describe("ERROR_STATUS", () => {
  it("maps every HTTP code to the status in the design", () => {
    expect(ERROR_STATUS).toEqual({
      INVALID_API_KEY: 401,
      INVALID_CREDENTIALS: 401,
      INVALID_SESSION: 401,
      INSUFFICIENT_PERMISSIONS: 403,
      CSRF_TOKEN_INVALID: 403,
      RATE_LIMIT_EXCEEDED: 429,
      VALIDATION_ERROR: 400,
      INVALID_JSON: 400,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      NOT_FOUND: 404,
      CONFLICT: 409,
      SERVICE_UNAVAILABLE: 503,
      INTERNAL_ERROR: 500,
    });
    expect(Object.isFrozen(ERROR_STATUS)).toBe(true);
  });

  it("keeps BLOCKCHAIN_ERROR in the closed list but without an HTTP status", () => {
    expect(ERROR_CODES).toContain("BLOCKCHAIN_ERROR");
    expect(HTTP_ERROR_CODES).not.toContain("BLOCKCHAIN_ERROR");
    expect(ERROR_CODES).toHaveLength(15);
    expect(isErrorCode("BLOCKCHAIN_ERROR")).toBe(true);
    expect(isHttpErrorCode("BLOCKCHAIN_ERROR")).toBe(false);
    expect(isHttpErrorCode("NOT_FOUND")).toBe(true);
    // Inherited names must not pass as codes.
    expect(isHttpErrorCode("toString")).toBe(false);
    expect(isErrorCode("__proto__")).toBe(false);
  });
});

describe("AppError", () => {
  it("carries code, status, details and a native cause", () => {
    const cause = new Error("socket hang up");
    const err = new AppError("SERVICE_UNAVAILABLE", "database unavailable", {
      details: { retry: true },
      cause,
    });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe("AppError");
    expect(err.code).toBe("SERVICE_UNAVAILABLE");
    expect(err.status).toBe(503);
    expect(err.message).toBe("database unavailable");
    expect(err.details).toEqual({ retry: true });
    expect(err.cause).toBe(cause);
    expect(err.stack).toContain("database unavailable");
  });

  it("has no details or cause properties unless given", () => {
    const err = new AppError("NOT_FOUND", "no such context");
    expect("details" in err).toBe(false);
    expect("cause" in err).toBe(false);
    expect(new AppError("NOT_FOUND", "x", { details: undefined })).toHaveProperty("details", undefined);
  });

  it("is recognised by isAppError, also when it comes from another copy of the module", () => {
    expect(isAppError(new AppError("CONFLICT", "dup"))).toBe(true);
    expect(isAppError(new Error("plain"))).toBe(false);
    expect(isAppError({ code: "CONFLICT", status: 409 })).toBe(false);
    expect(isAppError(null)).toBe(false);

    let Other: typeof AppError | undefined;
    jest.isolateModules(() => {
      Other = (jest.requireActual("./errors") as typeof import("./errors")).AppError;
    });
    if (!Other) throw new Error("isolateModules did not run");
    expect(Other).not.toBe(AppError);
    const foreign = new Other("CONFLICT", "from elsewhere");
    expect(foreign instanceof AppError).toBe(false);
    expect(isAppError(foreign)).toBe(true);
  });
});
