import { describe, expect, it } from "vitest";
import { isDueForUpdate } from "../../../src/session/strategy.js";

const session = { strategy: "jwt", maxAge: 3600, updateAge: 60 } as Parameters<typeof isDueForUpdate>[0];

describe("the updateAge rule", () => {
  it("is not due before updateAge has passed since the session was issued", () => {
    expect(isDueForUpdate(session, 1_000_000, 1_000_000 + 59_999)).toBe(false);
  });

  it("is due once updateAge has passed, to the millisecond", () => {
    expect(isDueForUpdate(session, 1_000_000, 1_000_000 + 60_000)).toBe(true);
    expect(isDueForUpdate(session, 1_000_000, 1_000_000 + 600_000)).toBe(true);
  });

  it("with updateAge 0 is due at every read", () => {
    expect(isDueForUpdate({ ...session, updateAge: 0 }, 1_000_000, 1_000_000)).toBe(true);
  });
});
