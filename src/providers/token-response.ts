/** A JSON answer standing in for a provider's token answer after it has been put right. */
export function jsonResponse(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A `token.conform` that rewrites a provider's successful JSON token answer; error answers pass untouched. */
export function conformSuccess(
  fix: (body: Record<string, unknown>) => Record<string, unknown>,
): (response: Response) => Promise<Response> {
  return async (response) => {
    if (!response.ok) return response;
    return jsonResponse(fix((await response.clone().json()) as Record<string, unknown>), response.status);
  };
}

/** For providers whose token answer leaves out `token_type`, which RFC 6749 requires: theirs are bearer tokens. */
export function withBearerType(body: Record<string, unknown>): Record<string, unknown> {
  return { token_type: "bearer", ...body };
}
