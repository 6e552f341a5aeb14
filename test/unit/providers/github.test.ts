import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import GitHub from "../../../src/providers/github.js";
import { parseProvider } from "../../../src/config/providers/parse.js";
import { customFetch, type OAuthProviderConfig } from "../../../src/config/providers/provider-types.js";
import type { Profile } from "../../../src/shared-types.js";
import { startFakeApi, type FakeApi } from "./fake-api.js";

const tokens = { access_token: "gho_test0000000000000000000000000000", token_type: "bearer" };
const user = { login: "hubot", id: 42, name: null, email: null, avatar_url: "https://avatars.githubusercontent.com/u/42" };

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());

async function requestProfile(options: Parameters<typeof GitHub>[0] = {}, customized = true): Promise<Profile> {
  const parsed = parseProvider(GitHub(options), {}) as OAuthProviderConfig & { userinfo: { request: any } };
  const provider = customized ? { ...parsed, [customFetch]: api.fetch } : parsed;
  return parsed.userinfo.request({ tokens, provider });
}

describe("GitHub's userinfo request", () => {
  beforeEach(() => api.answer({}));

  it("asks /user/emails when the profile hides the email, and takes the primary verified one", async () => {
    api.answer({
      "GET api.github.com/user": user,
      "GET api.github.com/user/emails": [
        { email: "old@example.com", primary: false, verified: true, visibility: null },
        { email: "unverified@example.com", primary: true, verified: false, visibility: null },
        { email: "hubot@example.com", primary: true, verified: true, visibility: "private" },
      ],
    });
    const profile = await requestProfile();
    expect(profile.email).toBe("hubot@example.com");
    expect(api.requests.map((r) => `${r.host}${r.path}`)).toEqual(["api.github.com/user", "api.github.com/user/emails"]);
    for (const request of api.requests) {
      expect(request.headers.get("authorization")).toBe(`Bearer ${tokens.access_token}`);
      expect(request.headers.get("user-agent")).toBe("sekisho");
    }
    const mapped = await GitHub().profile!(profile as any, tokens);
    expect(mapped).toEqual({ id: "42", name: "hubot", email: "hubot@example.com", image: user.avatar_url });
  });

  it("falls back to the first address when none is primary and verified", async () => {
    api.answer({
      "GET api.github.com/user": user,
      "GET api.github.com/user/emails": [
        { email: "first@example.com", primary: false, verified: false, visibility: null },
        { email: "second@example.com", primary: true, verified: false, visibility: null },
      ],
    });
    expect((await requestProfile()).email).toBe("first@example.com");
  });

  it("keeps a null email when /user/emails is refused or empty", async () => {
    api.answer({ "GET api.github.com/user": user });
    expect((await requestProfile()).email).toBeNull();
    api.answer({ "GET api.github.com/user": user, "GET api.github.com/user/emails": [] });
    expect((await requestProfile()).email).toBeNull();
  });

  it("does not ask for emails when the profile has one", async () => {
    api.answer({ "GET api.github.com/user": { ...user, email: "public@example.com" } });
    expect((await requestProfile()).email).toBe("public@example.com");
    expect(api.requests).toHaveLength(1);
  });

  it("uses the userinfo URL the user overrides", async () => {
    api.answer({ "GET api.example.com/v3/user": { ...user, email: "override@example.com" } });
    const profile = await requestProfile({ userinfo: { url: "https://api.example.com/v3/user" } });
    expect(profile.email).toBe("override@example.com");
  });

  it("talks to a GitHub Enterprise Server under its /api/v3 path", async () => {
    api.answer({
      "GET github.acme.test/api/v3/user": user,
      "GET github.acme.test/api/v3/user/emails": [{ email: "ghe@acme.test", primary: true, verified: true, visibility: null }],
    });
    const options = { enterprise: { baseUrl: "https://github.acme.test/" } };
    expect((await requestProfile(options)).email).toBe("ghe@acme.test");
    const config = GitHub(options);
    expect(config.authorization).toMatchObject({ url: "https://github.acme.test/login/oauth/authorize" });
    expect(config.token).toBe("https://github.acme.test/login/oauth/access_token");
  });

  it("fails when /user itself fails, naming the status but not the token", async () => {
    await expect(requestProfile()).rejects.toThrow(/github.*404/);
    await expect(requestProfile()).rejects.not.toThrow(tokens.access_token);
  });
});
