import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { signInMethod, type OAuthProviderConfig } from "../../../src/config/providers/provider-types.js";

const providersDir = new URL("../../../src/providers/", import.meta.url);
const casesDir = new URL("./cases/", import.meta.url);

/**
 * The catalogue: every module in src/providers whose default export is declared to return an OAuth/OIDC
 * provider config. The build publishes each as `sekisho/providers/<name>`; there is no list to edit.
 */
function providerModulesOnDisk(): string[] {
  return readdirSync(providersDir)
    .filter((file) => file.endsWith(".ts"))
    .filter((file) =>
      /export default function \w+\([\s\S]*?\):\s*OAuthProviderConfig\b/.test(readFileSync(new URL(file, providersDir), "utf8")),
    )
    .map((file) => file.slice(0, -3))
    .sort();
}

const modules = providerModulesOnDisk();

async function providerOf(name: string): Promise<OAuthProviderConfig> {
  const module = await import(new URL(`${name}.ts`, providersDir).href);
  return module.default();
}

describe("the provider catalogue", () => {
  it("has a test case for every provider module, and none without one", () => {
    const cases = readdirSync(casesDir).map((file) => file.replace(/\.ts$/, "")).sort();
    expect(cases).toEqual(modules);
  });

  it("grows towards the reference: over ninety providers", () => {
    expect(modules).toEqual(expect.arrayContaining(["github", "google", "apple", "discord", "microsoft-entra-id"]));
    expect(modules.length).toBeGreaterThanOrEqual(90);
  });

  it("gives every module a default export whose id is unique", async () => {
    const ids = await Promise.all(modules.map(async (name) => (await providerOf(name)).id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("has every OpenID Connect module bring the OIDC method, and OAuth modules rely on the core's", async () => {
    for (const name of modules) {
      const provider = await providerOf(name);
      expect(provider[signInMethod]?.type, name).toBe(provider.type === "oidc" ? "oidc" : undefined);
    }
  });
});
