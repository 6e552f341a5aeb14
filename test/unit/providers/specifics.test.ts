import { describe, expect, it } from "vitest";
import Apple from "../../../src/providers/apple.js";
import AzureAD from "../../../src/providers/azure-ad.js";
import Discord from "../../../src/providers/discord.js";
import ReferenceGitLab from "@auth/core/providers/gitlab";
import GitLab from "../../../src/providers/gitlab.js";
import MicrosoftEntraID from "../../../src/providers/microsoft-entra-id.js";
import { parseProvider } from "../../../src/config/providers/parse.js";
import TikTok from "../../../src/providers/tiktok.js";
import type { OAuthProviderConfig } from "../../../src/config/providers/provider-types.js";
import WeChat from "../../../src/providers/wechat.js";
import discordCase from "./cases/discord.js";

const tokens = { access_token: "at", token_type: "bearer" };

describe("Microsoft Entra ID", () => {
  const tenant = "9188040d-6c67-4c5b-b112-36a304b66dad";

  it("signs in to any tenant by default, or to the one named in the issuer", () => {
    expect(MicrosoftEntraID().issuer).toBe("https://login.microsoftonline.com/common/v2.0");
    const issuer = `https://login.microsoftonline.com/${tenant}/v2.0`;
    expect((parseProvider(MicrosoftEntraID({ issuer }), {}) as OAuthProviderConfig).issuer).toBe(issuer);
  });

  it("asks for Microsoft Graph's User.Read with the OpenID scopes and fetches no photo", async () => {
    const config = MicrosoftEntraID();
    expect(config.authorization).toEqual({ params: { scope: "openid profile email User.Read" } });
    const user = await config.profile!({ sub: "s", oid: "o", tid: tenant, name: "N", ver: "2.0" } as any, tokens);
    expect(user).toEqual({ id: "s", name: "N", email: null, image: null });
  });

  it("lives on under its old name azure-ad, with the same endpoints", () => {
    const legacy = AzureAD({ issuer: `https://login.microsoftonline.com/${tenant}/v2.0` });
    expect(legacy).toMatchObject({ id: "azure-ad", name: "Azure Active Directory", type: "oidc" });
    expect(legacy.issuer).toBe(`https://login.microsoftonline.com/${tenant}/v2.0`);
  });
});

describe("Apple", () => {
  it("is posted back (form_post), checks nonce and state, and sends its JWT secret in the body", () => {
    const config = Apple();
    expect(config.authorization).toEqual({ params: { scope: "name email", response_mode: "form_post" } });
    expect(config.checks).toEqual(["nonce", "state"]);
    expect(config.client?.token_endpoint_auth_method).toBe("client_secret_post");
  });

  it("has no name after the first sign-in, when Apple no longer sends `user`", async () => {
    const user = await Apple().profile!({ sub: "001.abc", email: "a@privaterelay.appleid.com" } as any, tokens);
    expect(user).toEqual({ id: "001.abc", name: null, email: "a@privaterelay.appleid.com", image: null });
  });
});

describe("Discord avatars", () => {
  const base = discordCase.payload;
  const image = async (changes: Record<string, unknown>) => (await Discord().profile!({ ...base, ...changes } as any, tokens)).image;

  it("serves an animated avatar as a gif", async () => {
    expect(await image({ avatar: "a_1269e74af4df7417b13759eae50c83dc" })).toBe(
      "https://cdn.discordapp.com/avatars/80351110224678912/a_1269e74af4df7417b13759eae50c83dc.gif",
    );
  });

  it("picks the default avatar from the id for new usernames, from the discriminator for old ones", async () => {
    // (80351110224678912 >> 22) % 6 = 19157197529 % 6 = 5
    expect(await image({ avatar: null, discriminator: "0" })).toBe("https://cdn.discordapp.com/embed/avatars/5.png");
    expect(await image({ avatar: null, discriminator: "1337" })).toBe("https://cdn.discordapp.com/embed/avatars/2.png");
  });

  it("falls back to the username when there is no display name", async () => {
    expect((await Discord().profile!({ ...base, global_name: null } as any, tokens)).name).toBe("nelly");
  });
});

describe("providers that name the client themselves", () => {
  it("TikTok sends the client id as client_key", () => {
    const config = TikTok({ clientId: "aw41ps" });
    expect(config.authorization).toMatchObject({ params: { client_key: "aw41ps" } });
    expect(config.token).toMatchObject({ params: { client_key: "aw41ps" } });
  });

  it("WeChat sends appid and secret", () => {
    const config = WeChat({ clientId: "wx52", clientSecret: "s3" });
    expect(config.authorization).toMatchObject({ params: { appid: "wx52", scope: "snsapi_userinfo" } });
    expect(config.token).toMatchObject({ params: { appid: "wx52", secret: "s3" } });
  });
});

describe("GitLab self-managed", () => {
  it("moves every endpoint to the instance, its authorization one string as the reference's", () => {
    const config = GitLab({ baseUrl: "https://git.example.org/" });
    expect(config.authorization).toBe(ReferenceGitLab({ baseUrl: "https://git.example.org/" }).authorization);
    expect(config.authorization).toBe("https://git.example.org/oauth/authorize?scope=read_user");
    expect(config.token).toBe("https://git.example.org/oauth/token");
    expect(config.userinfo).toBe("https://git.example.org/api/v4/user");
  });
});
