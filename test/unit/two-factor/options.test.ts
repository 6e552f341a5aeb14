import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { MissingAdapter } from "../../../src/configuration-errors.js";
import { makeAuth } from "../../helpers/auth-client.js";
import { twoFactor } from "../../../src/two-factor/index.js";

describe("the twoFactor option at start-up", () => {
  it("needs a store for the factors, and says how to get one", () => {
    expect(() => makeAuth({ twoFactor: twoFactor() })).toThrow(MissingAdapter);
    expect(() => makeAuth({ twoFactor: twoFactor() })).toThrow(/sekisho's adapters/);
    expect(() => makeAuth({ adapter: MemoryAdapter(), twoFactor: twoFactor() })).not.toThrow();
  });

  it.each([
    [{ backupCodes: 0 }, /backupCodes must be a whole number from 4 to 30/],
    [{ backupCodes: 2.5 }, /backupCodes/],
    [{ pendingMaxAge: 10 }, /pendingMaxAge must be a whole number from 60 to 3600/],
    [{ issuer: "Acme:Corp" }, /issuer must be a non-empty name without a colon/],
    [{ issuer: " " }, /issuer/],
    [{ required: "yes" }, /twoFactor\.required must be true, false or a function of the user/],
    [{ trustedDevices: true }, /twoFactor\.trustedDevices must be false or `\{ maxAge: seconds \}`/],
    [{ trustedDevices: { maxAge: 10 } }, /twoFactor\.trustedDevices\.maxAge must be a whole number from 60 to 31536000/],
    [{ trustedDevices: { maxAge: "30d" } }, /trustedDevices\.maxAge/],
  ])("refuses %o, naming the option", (options, message) => {
    expect(() => makeAuth({ adapter: MemoryAdapter(), twoFactor: twoFactor(options as never) })).toThrow(message);
  });

  it.each([[{}], [{ issuer: "Example" }], [true]])("refuses the plain-object form %o, naming the fix", (plain) => {
    const start = () => makeAuth({ adapter: MemoryAdapter(), twoFactor: plain as never });
    expect(start).toThrow(TypeError);
    expect(start).toThrow(
      'twoFactor takes the feature module: import { twoFactor } from "sekisho/two-factor" and set `twoFactor: twoFactor({ ... })`',
    );
  });

  it("leaves the configuration without a twoFactor key when the option is not set", async () => {
    const config = await makeAuth({ adapter: MemoryAdapter() }).resolveConfig();
    expect("twoFactor" in config).toBe(false);
  });
});
