/**
 * A revoked jwt session must stay revoked. A thief who re-issues a stolen cookie every day holds a copy issued a
 * second before the owner signs out; that copy expires one `maxAge` later and still decodes for the clock
 * tolerance after. A revocation forgotten before then let the copy back in, re-issued for another full `maxAge`.
 * Each store is asked by a second instance, so the record comes from the store, not from an instance's memory.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { withService } from "../../helpers/services.js";
import { localClient, makeAuth, type Client, type FetchLike } from "../../helpers/auth-client.js";
import { revocationStores } from "./revocation-stores.js";

const cookieName = "authjs.session-token";
const day = 24 * 60 * 60 * 1000;
const maxAge = 30 * day;

afterEach(() => {
  vi.useRealTimers();
});

/** A client of `fetch` holding a copy of `holder`'s session cookie. */
function copyOf(holder: Client, fetch: FetchLike): Client {
  const thief = localClient(fetch);
  thief.jar.set(cookieName, holder.jar.get(cookieName) ?? "");
  return thief;
}

describe("a revoked jwt session does not come back once its revocation would have expired", async () => {
  for (const store of revocationStores) {
    const register = () =>
    it(`${store.name}: the copy re-issued a second before the sign-out is refused at maxAge + 10 s and 15 days later`, async () => {
      const { adapter, close } = await store.open();
      try {
        vi.useFakeTimers({ toFake: ["Date"] });
        const start = Date.now();
        const config = { adapter, session: { strategy: "jwt" as const, absoluteMaxAge: Number.POSITIVE_INFINITY } };
        const app = makeAuth(config);
        const owner = localClient(app.fetch);
        await owner.signIn();
        const thief = copyOf(owner, app.fetch);
        // the thief keeps the copy fresh: a re-issue a day for nine days, the last a second before the sign-out
        for (let days = 1; days <= 9; days += 1) {
          vi.setSystemTime(start + days * day + 1000);
          expect(await thief.session()).not.toBeNull();
        }
        const signOutAt = start + 9 * day + 2000;
        vi.setSystemTime(signOutAt);
        await owner.signOut();
        // another instance, later: what it knows of the revocation comes from the store
        const later = makeAuth(config);
        const thiefLater = copyOf(thief, later.fetch);
        expect(await thief.session()).toBeNull();
        vi.setSystemTime(signOutAt - 1000 + maxAge + 10_000);
        expect(await thiefLater.session()).toBeNull();
        vi.setSystemTime(signOutAt + 15 * day);
        expect(await thiefLater.session()).toBeNull();
      } finally {
        vi.useRealTimers();
        await close();
      }
    });
    await (store.service ? withService(store.service, register) : register());
  }
});
