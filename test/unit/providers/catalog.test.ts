import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { oauthProviderModules } from "../../../src/providers/catalog.js";

const providersDir = new URL("../../../src/providers/", import.meta.url);
const casesDir = new URL("./cases/", import.meta.url);

/** Modules whose default export is declared to return an OAuth/OIDC provider config. */
function providerModulesOnDisk(): string[] {
  return readdirSync(providersDir)
    .filter((file) => file.endsWith(".ts"))
    .filter((file) =>
      /export default function \w+\([\s\S]*?\):\s*OAuthProviderConfig\b/.test(readFileSync(new URL(file, providersDir), "utf8")),
    )
    .map((file) => file.slice(0, -3))
    .sort();
}

describe("the provider catalogue", () => {
  it("lists every provider module in src/providers, once", () => {
    expect([...oauthProviderModules].sort()).toEqual(providerModulesOnDisk());
    expect(new Set(oauthProviderModules).size).toBe(oauthProviderModules.length);
  });

  it("has a test case for every provider it lists", () => {
    const cases = readdirSync(casesDir).map((file) => file.replace(/\.ts$/, "")).sort();
    expect(cases).toEqual([...oauthProviderModules].sort());
  });

  it("grows towards the reference: the most used providers first, and over ninety in all", () => {
    expect(oauthProviderModules.slice(0, 5)).toEqual(["github", "google", "apple", "discord", "microsoft-entra-id"]);
    expect(oauthProviderModules.length).toBeGreaterThanOrEqual(90);
  });

  it("gives every module a default export whose id is unique", async () => {
    const ids = await Promise.all(
      oauthProviderModules.map(async (name) => {
        const module = await import(new URL(`${name}.ts`, providersDir).href);
        return module.default().id as string;
      }),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
