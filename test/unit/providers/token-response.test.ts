import { describe, expect, it } from "vitest";
import Instagram from "../../../src/providers/instagram.js";
import Twitch from "../../../src/providers/twitch.js";
import { conformSuccess, withBearerType } from "../../../src/providers/token-response.js";
import type { OAuthProviderConfig } from "../../../src/config/providers/provider-types.js";

type Conform = (response: Response) => Promise<Response | undefined>;

function conformOf(config: OAuthProviderConfig<any>): Conform {
  const token = config.token;
  if (typeof token !== "object" || !token.conform) throw new Error(`${config.id} has no token.conform`);
  return token.conform as Conform;
}

async function bodyOf(response: Response | undefined): Promise<unknown> {
  return response!.json();
}

describe("conformSuccess(withBearerType)", () => {
  const conform = conformSuccess(withBearerType);

  it("adds the token_type a provider left out, keeping status and fields", async () => {
    const fixed = await conform(Response.json({ access_token: "at", expires_in: 3600, user_id: 7 }));
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get("content-type")).toBe("application/json");
    expect(await fixed.json()).toEqual({ token_type: "bearer", access_token: "at", expires_in: 3600, user_id: 7 });
  });

  it("keeps a token_type the provider did send", async () => {
    expect(await bodyOf(await conform(Response.json({ access_token: "at", token_type: "Bearer" })))).toEqual({
      access_token: "at",
      token_type: "Bearer",
    });
  });

  it("passes error answers through untouched", async () => {
    const error = Response.json({ error: "invalid_grant" }, { status: 400 });
    expect(await conform(error)).toBe(error);
  });
});

describe("Twitch's token answer", () => {
  const conform = conformOf(Twitch());

  it("joins the scope array into the space-separated string of RFC 6749", async () => {
    const answer = Response.json({ access_token: "at", scope: ["openid", "user:read:email"], token_type: "bearer" });
    expect(await bodyOf(await conform(answer))).toMatchObject({ scope: "openid user:read:email", access_token: "at" });
  });

  it("turns an error without `error` into an RFC 6749 error answer", async () => {
    const fixed = await conform(Response.json({ status: 400, message: "Invalid authorization code" }, { status: 400 }));
    expect(fixed!.status).toBe(400);
    expect(await bodyOf(fixed)).toEqual({ error: "invalid_request", error_description: "Invalid authorization code" });
  });

  it("leaves answers already in shape alone", async () => {
    const ok = Response.json({ access_token: "at", scope: "openid", token_type: "bearer" });
    expect(await conform(ok)).toBe(ok);
    const error = Response.json({ error: "Bad Request", status: 400, message: "x" }, { status: 400 });
    expect(await conform(error)).toBe(error);
  });
});

describe("Instagram's token answer", () => {
  const conform = conformOf(Instagram());

  it("unwraps the data array and adds token_type", async () => {
    const answer = Response.json({ data: [{ access_token: "IGQ", user_id: "1784", permissions: "instagram_business_basic" }] });
    expect(await bodyOf(await conform(answer))).toEqual({
      token_type: "bearer",
      access_token: "IGQ",
      user_id: "1784",
      permissions: "instagram_business_basic",
    });
  });

  it("also accepts the flat answer", async () => {
    expect(await bodyOf(await conform(Response.json({ access_token: "IGQ", user_id: 1784 })))).toEqual({
      token_type: "bearer",
      access_token: "IGQ",
      user_id: 1784,
    });
  });
});
