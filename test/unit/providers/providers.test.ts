import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOAuth, parseProvider } from "../../../src/config/providers/parse.js";
import { customFetch, type OAuthProviderConfig } from "../../../src/config/providers/provider-types.js";
import type { ProviderCase } from "./case.js";
import { startFakeApi, type FakeApi } from "./fake-api.js";

const casesDir = new URL("./cases/", import.meta.url);
const cases: [string, ProviderCase][] = await Promise.all(
  readdirSync(casesDir)
    .filter((file) => file.endsWith(".ts"))
    .sort()
    .map(async (file) => [file.slice(0, -3), (await import(new URL(file, casesDir).href)).default] as [string, ProviderCase]),
);

function endpointUrl(endpoint: OAuthProviderConfig["authorization"]): string | undefined {
  return typeof endpoint === "string" ? endpoint : endpoint?.url;
}

function endpointUrls(config: OAuthProviderConfig): string[] {
  return [config.authorization, config.token, config.userinfo, config.wellKnown]
    .map((endpoint) => endpointUrl(endpoint as OAuthProviderConfig["authorization"]))
    .filter((url): url is string => url !== undefined);
}

function onHost(url: string, hosts: string[]): boolean {
  const { hostname } = new URL(url);
  return hosts.some((host) => hostname === host || hostname.endsWith(`.${host}`));
}

const overrides = {
  clientId: "client-123",
  clientSecret: "secret-456",
  authorization: { params: { scope: "custom scope", prompt: "consent" } },
  checks: ["state"],
  allowDangerousEmailAccountLinking: true,
};

describe.each(cases)("provider %s", (module, c) => {
  const config = c.provider(c.options);

  it("has its id, name and type", () => {
    expect(config.id).toBe(c.id);
    expect(config.name).toBe(c.name);
    expect(config.type).toBe(c.type);
    expect(c.provider().id).toBe(c.id);
  });

  it("is published under a module named for its id", () => {
    // The one exception keeps the reference's module name for its "hydra" id.
    expect(module === "ory-hydra" ? "hydra" : module).toBe(c.id);
  });

  it("reaches the provider only over https, on its own domain or issuer", () => {
    const urls = endpointUrls(config);
    for (const url of urls) expect(new URL(url).protocol, url).toBe("https:");
    if (c.type === "oauth") {
      expect(endpointUrl(config.authorization)).toBeDefined();
      expect(endpointUrl(config.token)).toBeDefined();
      expect(c.hosts?.length).toBeGreaterThan(0);
      for (const url of urls) expect(onHost(url, c.hosts!), url).toBe(true);
    } else {
      const parsed = parseProvider(config, {}) as OAuthProviderConfig;
      expect(parsed.issuer).toBe(c.issuer);
      expect(new URL(parsed.issuer!).protocol).toBe("https:");
      for (const url of urls) expect(onHost(url, [new URL(c.issuer!).hostname]), url).toBe(true);
    }
  });

  if (c.type === "oidc") {
    it("takes the issuer from the options or from AUTH_{ID}_ISSUER", () => {
      const issuer = "https://idp.example.org/tenants/acme";
      const parsed = parseProvider(c.provider({ ...c.options, issuer }), {}) as OAuthProviderConfig;
      expect(parsed.issuer).toBe(issuer);
      for (const url of endpointUrls(parsed)) expect(url.startsWith(issuer), url).toBe(true);
      if (!c.provider().issuer) {
        const envKey = `AUTH_${c.id.toUpperCase().replace(/-/g, "_")}_ISSUER`;
        expect((parseProvider(c.provider(), { [envKey]: issuer }) as OAuthProviderConfig).issuer).toBe(issuer);
      }
    });
  }

  if (c.baseOption) {
    it(`moves every endpoint with the ${c.baseOption} option`, () => {
      const base = "https://self-hosted.example.net/prefix";
      const moved = c.provider({ ...c.options, [c.baseOption!]: `${base}/` });
      const urls = endpointUrls(moved);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(`${base}/`) && !url.includes("prefix//"), url).toBe(true);
    });
  }

  it("maps a realistic profile to {id, name, email, image}", async () => {
    expect(config.profile).toBeTypeOf("function");
    const user = await config.profile!(c.payload as any, c.tokens ?? { access_token: "at-1", token_type: "bearer" });
    expect(user).toEqual(c.user);
    expect(typeof user.id).toBe("string");
  });

  it("carries the user's overrides, which win over the defaults", () => {
    const options = { ...c.options, ...overrides };
    const withOverrides = c.provider(options);
    expect(withOverrides.options).toBe(options);
    const parsed = parseProvider(withOverrides, {}) as ReturnType<typeof parseProvider> & Record<string, any>;
    expect(parsed.clientId).toBe("client-123");
    expect(parsed.clientSecret).toBe("secret-456");
    expect(parsed.checks).toEqual(["state"]);
    expect(parsed.allowDangerousEmailAccountLinking).toBe(true);
    expect(parsed.authorization.params).toMatchObject({ scope: "custom scope", prompt: "consent" });
    expect(parsed.authorization.url).toBe(endpointUrl(config.authorization));
  });

  it("has a logo (its brand mark, or a monogram) served as a data: URI, and no third-party host in its style", () => {
    const style = config.style!;
    expect(style.logo).toMatch(/^data:image\/svg\+xml,/);
    const svg = decodeURIComponent(style.logo!.slice("data:image/svg+xml,".length));
    expect(svg).toMatch(/^<svg [^>]*>.*<\/svg>$/);
    // A mark is drawn in the button's text colour (on the button's colour); a monogram on a square of the brand colour.
    expect(svg).toMatch(svg.includes("<path d=") ? new RegExp(`<path d="[^"]+" fill="${style.text}"/>`) : new RegExp(`fill="${style.bg}"`));
    // The text on the button reads at 4.5:1 or more (WCAG AA).
    expect(contrast(style.bg!, style.text!)).toBeGreaterThanOrEqual(4.5);
    const withoutNamespace = JSON.stringify({ ...style, logo: svg }).replace('xmlns=\\"http://www.w3.org/2000/svg\\"', "");
    expect(withoutNamespace).not.toMatch(/https?:|\/\//);
  });
});

/** The WCAG contrast ratio of two #rgb or #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const full = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join("") : hex.slice(1);
    const [r, g, b] = [0, 2, 4].map((at) => {
      const c = Number.parseInt(full.slice(at, at + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe("userinfo requests of the providers that make their own", () => {
  const withApi = cases.filter(([, c]) => c.api);
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi();
  });
  afterAll(() => api.close());

  it.each(withApi)("%s reads the profile through [customFetch]", async (_module, c) => {
    api.answer(c.api!.answers);
    const parsed = parseProvider(c.provider(c.options), {}) as OAuthProviderConfig & { userinfo: { request: any } };
    expect(parsed.userinfo.request).toBeTypeOf("function");
    const provider = { ...parsed, [customFetch]: api.fetch };
    const profile = await parsed.userinfo.request({ tokens: c.api!.tokens, provider });
    expect(api.requests.length).toBeGreaterThan(0);
    expect(await parsed.profile!(profile, c.api!.tokens)).toEqual(c.user);
    c.api!.check?.(api.requests);
  });

  it.each(withApi)("%s fails on an error answer without leaking the token", async (_module, c) => {
    api.answer({});
    const parsed = parseProvider(c.provider(c.options), {}) as OAuthProviderConfig & { userinfo: { request: any } };
    const provider = { ...parsed, [customFetch]: api.fetch };
    const failure = await parsed.userinfo.request({ tokens: c.api!.tokens, provider }).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.message).not.toContain(String(c.api!.tokens.access_token));
  });
});

describe("parsing a provider typed with its own profile", () => {
  interface OwnProfile {
    login: string;
    name: { display: string };
  }
  const config: OAuthProviderConfig<OwnProfile> = {
    id: "own",
    name: "Own",
    type: "oauth",
    profile: (profile) => ({ id: profile.login, name: profile.name.display }),
  };

  it("keeps its profile callback, which gets the provider's answer as sent", async () => {
    const parsed = parseProvider(config, {});
    if (!isOAuth(parsed)) throw new Error(`parsed as ${parsed.type}`);
    expect(parsed.profile).toBe(config.profile);
    const answer = JSON.parse('{"login":"ada","name":{"display":"Ada"}}');
    expect(await parsed.profile(answer, { access_token: "at" })).toEqual({ id: "ada", name: "Ada" });
  });

  it("accepts it as a provider function's result, with the environment's credentials", () => {
    const parsed = parseProvider(() => config, { AUTH_OWN_ID: "id-1" });
    expect(isOAuth(parsed) && [parsed.clientId, parsed.profile]).toEqual(["id-1", config.profile]);
  });
});
