/**
 * An OAuth provider without its client id or secret starts, and then cannot sign anyone in: GitHub without
 * AUTH_GITHUB_ID sends the browser to github.com with `client_id=`. Start-up says so once, naming the provider and
 * the variables to set.
 */
import { describe, expect, it } from "vitest";
import type { AuthConfig } from "../../../src/index.js";
import type { Env } from "../../../src/config/env-vars.js";
import GitHub from "../../../src/providers/github.js";
import Google from "../../../src/providers/google.js";
import MicrosoftEntraID from "../../../src/providers/microsoft-entra-id.js";
import { createAuth } from "../../helpers/plain-providers.js";
import { captureOutput, credentialsProvider, secret } from "../../helpers/auth-client.js";

type Warning = [code: string, detail?: string];

function warningsOf(providers: AuthConfig["providers"], env: Env = {}): Warning[] {
  const warnings: Warning[] = [];
  const warn = (...args: [string, string?]) => void warnings.push(args.length > 1 ? [args[0], args[1]] : [args[0]]);
  createAuth({ providers, secret, logger: { error: () => {}, warn } }, { env });
  return warnings.filter(([code]) => code === "missing-client-credentials");
}

describe("missing-client-credentials", () => {
  it("names the provider and both variables when GitHub has neither", () => {
    const [warning, ...more] = warningsOf([GitHub]);
    expect(more).toEqual([]);
    expect(warning[1]).toContain('providers[id="github"]');
    expect(warning[1]).toContain("AUTH_GITHUB_ID and AUTH_GITHUB_SECRET");
    expect(warning[1]).toContain("`clientId` and `clientSecret`");
  });

  it("names only the secret when the id is set, and nothing when both are, from the environment or the options", () => {
    const [[, detail]] = warningsOf([GitHub], { AUTH_GITHUB_ID: "id" });
    expect(detail).toContain("AUTH_GITHUB_SECRET");
    expect(detail).not.toContain("AUTH_GITHUB_ID");
    expect(warningsOf([GitHub], { AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "s" })).toEqual([]);
    expect(warningsOf([GitHub({ clientId: "id", clientSecret: "s" })])).toEqual([]);
  });

  it("lists every provider that lacks them in one warning, with the variable names of ids that have a dash", () => {
    const [[, detail], ...more] = warningsOf([GitHub, Google({ clientId: "id", clientSecret: "s" }), MicrosoftEntraID], {
      AUTH_GITHUB_ID: "id",
    });
    expect(more).toEqual([]);
    expect(detail).toContain("AUTH_GITHUB_SECRET");
    expect(detail).toContain("AUTH_MICROSOFT_ENTRA_ID_ID and AUTH_MICROSOFT_ENTRA_ID_SECRET");
    expect(detail).not.toContain("google");
  });

  it("asks no secret of a provider that declares itself a public client, and nothing of credentials", () => {
    expect(warningsOf([GitHub({ clientId: "id", client: { token_endpoint_auth_method: "none" } })])).toEqual([]);
    expect(warningsOf([credentialsProvider()])).toEqual([]);
  });

  it("warns once per instance, though a lazy configuration is resolved on every request", async () => {
    const warnings: string[] = [];
    const auth = createAuth(() => ({ providers: [GitHub], secret, logger: { warn: (code) => void warnings.push(code) } }), {
      env: {},
    });
    for (let i = 0; i < 3; i++) expect((await auth.fetch(new Request("http://localhost/auth/providers"))).status).toBe(200);
    expect(warnings.filter((code) => code === "missing-client-credentials")).toHaveLength(1);
  });

  it("prints the variables on the console by default", async () => {
    const lines = await captureOutput(async () => {
      createAuth({ providers: [GitHub], secret }, { env: {} });
    });
    expect(lines.join("\n")).toMatch(/\[sekisho\]\[warn\]\[missing-client-credentials\].*AUTH_GITHUB_ID and AUTH_GITHUB_SECRET/);
  });
});
