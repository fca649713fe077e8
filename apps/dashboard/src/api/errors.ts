/** An answer of the API that is not a success, in the API's own words (its error envelope). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Envelope = { error?: { code?: unknown; message?: unknown; request_id?: unknown } };

/** Turns an error body (or its absence: a proxy page, a network failure) into an ApiError. */
export function toApiError(status: number, body: unknown, requestId: string | null): ApiError {
  const error = (body as Envelope | undefined)?.error;
  if (error && typeof error.code === "string" && typeof error.message === "string") {
    const id = typeof error.request_id === "string" ? error.request_id : requestId;
    return new ApiError(status, error.code, error.message, id);
  }
  return new ApiError(
    status,
    "HTTP_ERROR",
    `The server answered ${status} without an error message.`,
    requestId,
  );
}

/** openapi-fetch's result → the data, or a thrown ApiError for TanStack Query to hold. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError(0, "NETWORK_ERROR", `The API could not be reached (${reason}).`, null);
  }
  const { data, error, response } = result;
  if (!response.ok) throw toApiError(response.status, error, response.headers.get("x-request-id"));
  return data as T;
}

export function describeError(error: unknown): { title: string; message: string; requestId: string | null } {
  if (error instanceof ApiError) {
    return { title: error.code, message: error.message, requestId: error.requestId };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { title: "Unexpected error", message, requestId: null };
}
