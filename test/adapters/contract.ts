/**
 * The adapter contract (spec: "Adapter contract"), as one suite any adapter can be run through.
 * Every method is optional in the contract, so each group of tests is registered only when the
 * adapter has the methods it needs; `transaction` and `purgeExpired` are sekisho's extensions and are
 * tested the same way.
 */
import { afterAll, describe, expect, it as vitestIt } from "vitest";
import type { AdapterAccounts, AdapterDetach, AdapterPurge, AdapterTransactions, SessionAndUser } from "../../src/adapters/extensions.js";
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterMethod,
  AdapterUser,
  VerificationToken,
} from "../../src/adapters/adapter-contract.js";

export interface AdapterUnderTest {
  adapter: Adapter;
  cleanup(): Promise<void>;
}

/**
 * Tests a published adapter is known to fail, by title, each with the reason. Such a test still runs
 * whole and must fail on an assertion: should the adapter be fixed, the listing fails instead.
 */
export type Deviations = Record<string, string>;

type Method = AdapterMethod | keyof AdapterTransactions | keyof AdapterPurge | keyof AdapterDetach | keyof AdapterAccounts;
type Full = Required<Adapter> & AdapterTransactions & AdapterPurge & AdapterDetach;

const DAY = 86_400_000;

function unique(label: string): string {
  return `${label}-${crypto.randomUUID()}`;
}

/** A future instant with whole milliseconds, so every store can hold it exactly. */
function inDays(days: number): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000 + days * DAY);
}

function userInput(overrides: Partial<AdapterUser> = {}): AdapterUser {
  return {
    id: unique("profile-id"),
    name: "Ada Lovelace",
    email: `${unique("ada")}@example.com`,
    emailVerified: null,
    image: "https://example.com/ada.png",
    ...overrides,
  };
}

function oauthAccount(userId: string, overrides: Partial<AdapterAccount> = {}): AdapterAccount {
  return {
    userId,
    type: "oidc",
    provider: "example-idp",
    providerAccountId: unique("sub"),
    access_token: "access-token-value",
    refresh_token: "refresh-token-value",
    id_token: "header.payload.signature",
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: "bearer",
    scope: "openid email profile",
    session_state: "session-state-value",
    ...overrides,
  };
}

function authenticatorInput(userId: string, overrides: Partial<AdapterAuthenticator> = {}): AdapterAuthenticator {
  return {
    credentialID: unique("credential"),
    userId,
    providerAccountId: unique("credential-account"),
    credentialPublicKey: "pQECAyYgASFYIBase64PublicKey",
    counter: 0,
    credentialDeviceType: "multiDevice",
    credentialBackedUp: true,
    transports: "internal,hybrid",
    ...overrides,
  };
}

function tokenInput(overrides: Partial<VerificationToken> = {}): VerificationToken {
  return { identifier: `${unique("mail")}@example.com`, token: unique("hashed-token"), expires: inDays(1), ...overrides };
}

/** Void, null or the record itself are all allowed by the contract for these return values. */
function expectVoidOr(value: unknown, record: object): void {
  if (value !== undefined && value !== null) expect(value).toMatchObject(record);
}

export interface ContractOptions {
  /**
   * Whether an account comes back with every field it was linked with, as sekisho's adapters keep them; a published
   * adapter keeps the columns of its table, the absent ones as null.
   * @default true
   */
  keepsEveryAccountField?: boolean;
  /**
   * The largest signature counter the store holds: WebAuthn's is unsigned 32-bit; a published adapter whose column is
   * a signed `integer` (Drizzle's on PostgreSQL) holds 2^31 - 1.
   * @default 4_294_967_295
   */
  largestCounter?: number;
  /** Where a published adapter falls short of the contract. */
  deviations?: Deviations;
}

/** The columns every Auth.js adapter's account table has. */
const accountColumns = [
  "userId",
  "type",
  "provider",
  "providerAccountId",
  "refresh_token",
  "access_token",
  "expires_at",
  "token_type",
  "scope",
  "id_token",
  "session_state",
] as const;

/** An account as a table of the Auth.js columns holds it: those columns, the absent ones left out. */
function asColumns(account: AdapterAccount | null): Partial<AdapterAccount> | null {
  if (!account) return account;
  return Object.fromEntries(accountColumns.flatMap((column) => (account[column] == null ? [] : [[column, account[column]]])));
}

export async function runAdapterContract(
  name: string,
  makeAdapter: () => Promise<AdapterUnderTest>,
  { keepsEveryAccountField = true, largestCounter = 4_294_967_295, deviations = {} }: ContractOptions = {},
): Promise<void> {
  const { adapter, cleanup } = await makeAdapter();
  const unclaimed = new Set(Object.keys(deviations));
  const it = (title: string, body: () => Promise<void>) => {
    if (!(title in deviations)) return vitestIt(title, body);
    unclaimed.delete(title);
    vitestIt(`${title} [deviation: ${deviations[title]}]`, async () => {
      const failure = await body().then(() => null, (error: unknown) => error);
      expect((failure as Error | null)?.name, "the listed deviation no longer shows").toBe("AssertionError");
    });
  };
  const a = adapter as Full;
  const has = (methods: Method[]) => methods.every((m) => typeof (adapter as Record<string, unknown>)[m] === "function");
  const group = (title: string, methods: Method[], body: () => void) => {
    if (has(methods)) describe(title, body);
  };
  const createUser = async (overrides?: Partial<AdapterUser>) => a.createUser(userInput(overrides));

  describe(`adapter contract: ${name}`, () => {
    afterAll(cleanup);

    group("users", ["createUser", "getUser", "getUserByEmail", "updateUser"], () => {
      it("createUser returns the stored user with an id of its own", async () => {
        const input = userInput();
        const user = await a.createUser(input);
        expect(typeof user.id).toBe("string");
        expect(user.id.length).toBeGreaterThan(0);
        expect(user).toMatchObject({ name: input.name, email: input.email, image: input.image });
      });

      it("getUser returns the user, with emailVerified as a Date", async () => {
        const verified = inDays(-3);
        const user = await createUser({ emailVerified: verified });
        const found = await a.getUser(user.id);
        expect(found).toMatchObject({ id: user.id, email: user.email, name: user.name, image: user.image });
        expect(found!.emailVerified).toBeInstanceOf(Date);
        expect(found!.emailVerified!.getTime()).toBe(verified.getTime());
      });

      it("getUser returns null for an unknown id", async () => {
        expect(await a.getUser(crypto.randomUUID())).toBeNull();
      });

      it("getUserByEmail returns the user, or null for an unknown email", async () => {
        const user = await createUser();
        expect(await a.getUserByEmail(user.email)).toMatchObject({ id: user.id, email: user.email });
        expect(await a.getUserByEmail(`${unique("nobody")}@example.com`)).toBeNull();
      });

      it("createUser keeps optional fields as null when they are absent", async () => {
        const user = await a.createUser({ id: unique("profile"), email: `${unique("bare")}@example.com`, emailVerified: null });
        expect(user.emailVerified).toBeNull();
        const found = await a.getUser(user.id);
        expect(found!.name ?? null).toBeNull();
        expect(found!.image ?? null).toBeNull();
        expect(found!.emailVerified).toBeNull();
      });

      it("createUser refuses a second user with the same email", async () => {
        const user = await createUser();
        await expect(async () => a.createUser(userInput({ email: user.email }))).rejects.toThrow();
      });

      it("updateUser changes only the given fields and returns the whole user", async () => {
        const user = await createUser();
        const verified = inDays(-1);
        const updated = await a.updateUser({ id: user.id, name: "Countess of Lovelace", emailVerified: verified });
        expect(updated).toMatchObject({ id: user.id, name: "Countess of Lovelace", email: user.email, image: user.image });
        expect(updated.emailVerified!.getTime()).toBe(verified.getTime());
        const found = await a.getUser(user.id);
        expect(found).toMatchObject({ name: "Countess of Lovelace", email: user.email, image: user.image });
        expect(found!.emailVerified).toBeInstanceOf(Date);
      });

      it("updateUser can clear a field and change the email", async () => {
        const user = await createUser();
        const email = `${unique("renamed")}@example.com`;
        await a.updateUser({ id: user.id, image: null, email });
        expect(await a.getUserByEmail(user.email)).toBeNull();
        const found = await a.getUserByEmail(email);
        expect(found).toMatchObject({ id: user.id });
        // image is optional in the contract: cleared, it may come back null or absent
        expect(found!.image ?? null).toBeNull();
      });
    });

    group("accounts", ["createUser", "linkAccount", "getUserByAccount", "unlinkAccount"], () => {
      it("getUserByAccount finds the owner of a linked account", async () => {
        const user = await createUser();
        const account = oauthAccount(user.id);
        expectVoidOr(await a.linkAccount(account), { provider: account.provider, userId: user.id });
        const found = await a.getUserByAccount({ provider: account.provider, providerAccountId: account.providerAccountId });
        expect(found).toMatchObject({ id: user.id, email: user.email });
      });

      it("getUserByAccount returns null for an unknown account", async () => {
        const user = await createUser();
        const account = oauthAccount(user.id);
        await a.linkAccount(account);
        expect(await a.getUserByAccount({ provider: "example-idp", providerAccountId: unique("sub") })).toBeNull();
        expect(await a.getUserByAccount({ provider: "other-idp", providerAccountId: account.providerAccountId })).toBeNull();
      });

      it("a user can have several accounts", async () => {
        const user = await createUser();
        const first = oauthAccount(user.id);
        const second = oauthAccount(user.id, { provider: "other-idp", type: "oauth" });
        await a.linkAccount(first);
        await a.linkAccount(second);
        for (const account of [first, second]) {
          expect(await a.getUserByAccount(account)).toMatchObject({ id: user.id });
        }
      });

      it("linking the same provider account twice fails", async () => {
        const user = await createUser();
        const account = oauthAccount(user.id);
        await a.linkAccount(account);
        const other = await createUser();
        await expect(async () => a.linkAccount({ ...account, userId: other.id })).rejects.toThrow();
      });

      it("unlinkAccount removes the link", async () => {
        const user = await createUser();
        const account = oauthAccount(user.id);
        await a.linkAccount(account);
        const removed = await a.unlinkAccount({ provider: account.provider, providerAccountId: account.providerAccountId });
        expectVoidOr(removed, { provider: account.provider, providerAccountId: account.providerAccountId });
        expect(await a.getUserByAccount(account)).toBeNull();
        expect(await a.getUser(user.id)).not.toBeNull();
      });
    });

    group("account updates (sekisho)", ["createUser", "linkAccount", "unlinkAccount", "getAccount", "getUserAccount", "listUserAccounts", "updateAccount"], () => {
      const accounts = adapter as Full & AdapterAccounts;
      it("getUserAccount finds the user's account at a provider, or null", async () => {
        const user = await createUser();
        const account = oauthAccount(user.id);
        await a.linkAccount(account);
        expect(await accounts.getUserAccount(user.id, account.provider)).toEqual(account);
        expect(await accounts.getUserAccount(user.id, "other-idp")).toBeNull();
        expect(await accounts.getUserAccount(unique("user"), account.provider)).toBeNull();
      });

      it("listUserAccounts lists every account of the user, and [] for a user without any", async () => {
        const [user, other] = [await createUser(), await createUser()];
        const github = oauthAccount(user.id, { provider: "github", type: "oauth" });
        const email: AdapterAccount = { userId: user.id, type: "email", provider: "email", providerAccountId: user.email };
        for (const account of [github, email, oauthAccount(other.id)]) await a.linkAccount(account);
        const byProvider = (list: AdapterAccount[]) => [...list].sort((x, y) => x.provider.localeCompare(y.provider));
        expect(byProvider(await accounts.listUserAccounts(user.id))).toEqual(byProvider([email, github]));
        await a.unlinkAccount(github);
        expect(await accounts.listUserAccounts(user.id)).toEqual([email]);
        expect(await accounts.listUserAccounts(unique("user"))).toEqual([]);
      });

      it("updateAccount changes the given token fields, clears those given as null, and keeps the rest", async () => {
        const user = await createUser();
        const account = oauthAccount(user.id);
        await a.linkAccount(account);
        const { provider, providerAccountId } = account;
        const updated = await accounts.updateAccount({ provider, providerAccountId, access_token: "new-access", expires_at: 2_000_000_000, refresh_token: null });
        const { refresh_token: _cleared, ...kept } = account;
        const expected = { ...kept, access_token: "new-access", expires_at: 2_000_000_000 };
        expect(updated).toMatchObject(expected);
        const stored = await a.getAccount(providerAccountId, provider);
        expect(stored).toMatchObject(expected);
        expect(stored?.refresh_token ?? null).toBeNull();
      });

      it("updateAccount of an unknown account returns null and creates nothing", async () => {
        const provider = "idp";
        const providerAccountId = unique("sub");
        expect(await accounts.updateAccount({ provider, providerAccountId, access_token: "x" })).toBeNull();
        expect(await a.getAccount(providerAccountId, provider)).toBeNull();
      });
    });

    group("refused refreshes (sekisho)", ["createUser", "linkAccount", "unlinkAccount", "updateAccount", "getUserAccount", "createSession", "getSessionAndUser"], () => {
      const accounts = adapter as Full & AdapterAccounts;
      it("getSessionAndUser carries an account's refresh_error, for that user only, until it is cleared or the account unlinked", async () => {
        const [user, someoneElse] = [await createUser(), await createUser()];
        const account = oauthAccount(user.id);
        await a.linkAccount(account);
        await a.linkAccount(oauthAccount(user.id, { provider: "other-idp" }));
        await a.linkAccount(oauthAccount(someoneElse.id));
        const sessions = [user, someoneElse].map((owner) => ({ sessionToken: unique("session"), userId: owner.id, expires: inDays(30) }));
        for (const session of sessions) await a.createSession(session);
        const read = async (i: number) => (await a.getSessionAndUser(sessions[i].sessionToken)) as SessionAndUser;
        const key = { provider: account.provider, providerAccountId: account.providerAccountId };
        expect(await read(0)).not.toHaveProperty("refreshError");

        await accounts.updateAccount({ ...key, access_token: null, refresh_token: null, refresh_error: "RefreshTokenError" });
        expect((await read(0)).refreshError).toBe("RefreshTokenError");
        expect((await read(0)).user).toMatchObject({ id: user.id });
        expect(await read(1)).not.toHaveProperty("refreshError");
        expect(await accounts.getUserAccount(user.id, account.provider)).toMatchObject({ refresh_error: "RefreshTokenError" });

        await accounts.updateAccount({ ...key, access_token: "fresh", obtained_at: 1_900_000_000, refresh_error: null });
        expect(await read(0)).not.toHaveProperty("refreshError");
        expect(await accounts.getUserAccount(user.id, account.provider)).toMatchObject({ access_token: "fresh", obtained_at: 1_900_000_000 });

        await accounts.updateAccount({ ...key, refresh_error: "RefreshTokenError" });
        await a.unlinkAccount(key);
        expect(await read(0)).not.toHaveProperty("refreshError");
      });
    });

    group("getAccount", ["createUser", "linkAccount", "getAccount"], () => {
      it("returns the account with its token fields", async () => {
        const user = await createUser();
        const account = oauthAccount(user.id, {
          authorization_details: [{ type: "payment_initiation", locations: ["https://example.com/payments"] }],
        });
        await a.linkAccount(account);
        const found = await a.getAccount(account.providerAccountId, account.provider);
        if (keepsEveryAccountField) expect(found).toEqual(account);
        else expect(asColumns(found)).toEqual(asColumns(account));
        expect(typeof found!.expires_at).toBe("number");
      });

      it("returns an account that has only the required fields as given", async () => {
        const user = await createUser();
        const account: AdapterAccount = { userId: user.id, type: "email", provider: "email", providerAccountId: user.email };
        await a.linkAccount(account);
        const found = await a.getAccount(user.email, "email");
        expect(keepsEveryAccountField ? found : asColumns(found)).toEqual(account);
      });

      it("returns null when not found", async () => {
        const user = await createUser();
        const account = oauthAccount(user.id);
        await a.linkAccount(account);
        expect(await a.getAccount(unique("sub"), account.provider)).toBeNull();
        expect(await a.getAccount(account.providerAccountId, "other-idp")).toBeNull();
      });
    });

    group("sessions", ["createUser", "createSession", "getSessionAndUser", "updateSession", "deleteSession"], () => {
      it("createSession returns the session and getSessionAndUser finds it with its user", async () => {
        const user = await createUser();
        const session = { sessionToken: unique("session"), userId: user.id, expires: inDays(30) };
        expect(await a.createSession(session)).toMatchObject(session);
        const found = await a.getSessionAndUser(session.sessionToken);
        expect(found).not.toBeNull();
        expect(found!.session).toMatchObject({ sessionToken: session.sessionToken, userId: user.id });
        expect(found!.session.expires).toBeInstanceOf(Date);
        expect(found!.session.expires.getTime()).toBe(session.expires.getTime());
        expect(found!.user).toMatchObject({ id: user.id, email: user.email, name: user.name });
      });

      it("getSessionAndUser returns null for an unknown token", async () => {
        expect(await a.getSessionAndUser(unique("session"))).toBeNull();
      });

      it("updateSession moves the expiry", async () => {
        const user = await createUser();
        const session = await a.createSession({ sessionToken: unique("session"), userId: user.id, expires: inDays(1) });
        const expires = inDays(60);
        expectVoidOr(await a.updateSession({ sessionToken: session.sessionToken, expires }), {
          sessionToken: session.sessionToken,
          expires,
        });
        const found = await a.getSessionAndUser(session.sessionToken);
        expect(found!.session.expires.getTime()).toBe(expires.getTime());
        expect(found!.session.userId).toBe(user.id);
      });

      it("updateSession of an unknown token returns null or undefined", async () => {
        expect((await a.updateSession({ sessionToken: unique("session"), expires: inDays(1) })) ?? null).toBeNull();
      });

      it("deleteSession removes the session", async () => {
        const user = await createUser();
        const session = await a.createSession({ sessionToken: unique("session"), userId: user.id, expires: inDays(1) });
        expectVoidOr(await a.deleteSession(session.sessionToken), { sessionToken: session.sessionToken });
        expect(await a.getSessionAndUser(session.sessionToken)).toBeNull();
        expect(await a.getUser(user.id)).not.toBeNull();
      });

      it("an expired session is returned with its past expiry for the caller to judge, or is gone", async () => {
        const user = await createUser();
        const session = await a.createSession({ sessionToken: unique("session"), userId: user.id, expires: new Date(Date.now() - 10) });
        const found = await a.getSessionAndUser(session.sessionToken);
        if (found) expect(found.session.expires.getTime()).toBeLessThan(Date.now());
      });
    });

    group("verification tokens", ["createVerificationToken", "useVerificationToken"], () => {
      it("useVerificationToken returns the token once, then null", async () => {
        const token = tokenInput();
        expectVoidOr(await a.createVerificationToken(token), token);
        const used = await a.useVerificationToken({ identifier: token.identifier, token: token.token });
        expect(used).toEqual(token);
        expect(used!.expires).toBeInstanceOf(Date);
        expect(await a.useVerificationToken({ identifier: token.identifier, token: token.token })).toBeNull();
      });

      it("useVerificationToken needs both the identifier and the token to match", async () => {
        const token = tokenInput();
        await a.createVerificationToken(token);
        expect(await a.useVerificationToken({ identifier: `${unique("other")}@example.com`, token: token.token })).toBeNull();
        expect(await a.useVerificationToken({ identifier: token.identifier, token: unique("wrong") })).toBeNull();
        expect(await a.useVerificationToken(token)).toEqual(token);
      });

      it("an expired token is handed back for the caller to reject, or is already gone; never usable twice", async () => {
        const token = tokenInput({ expires: new Date(Date.now() - 1000) });
        await a.createVerificationToken(token);
        const used = await a.useVerificationToken(token);
        if (used) expect(used.expires.getTime()).toBe(token.expires.getTime());
        expect(await a.useVerificationToken(token)).toBeNull();
      });

      it("50 concurrent uses of one token: exactly one gets it", async () => {
        const token = tokenInput();
        await a.createVerificationToken(token);
        const results = await Promise.all(
          Array.from({ length: 50 }, () => a.useVerificationToken({ identifier: token.identifier, token: token.token })),
        );
        const winners = results.filter((r) => r !== null);
        expect(winners).toHaveLength(1);
        expect(winners[0]).toEqual(token);
      });
    });

    group("deleteUser", ["createUser", "getUser", "deleteUser"], () => {
      it("deleteUser removes the user and everything that belongs to them", async () => {
        const user = await createUser();
        const other = await createUser();
        const account = oauthAccount(user.id);
        const keptAccount = oauthAccount(other.id);
        const sessionToken = unique("session");
        const keptSessionToken = unique("session");
        const authenticator = authenticatorInput(user.id);
        if (has(["linkAccount"])) {
          await a.linkAccount(account);
          await a.linkAccount(keptAccount);
        }
        if (has(["createSession"])) {
          await a.createSession({ sessionToken, userId: user.id, expires: inDays(1) });
          await a.createSession({ sessionToken: keptSessionToken, userId: other.id, expires: inDays(1) });
        }
        if (has(["createAuthenticator"])) await a.createAuthenticator(authenticator);

        expectVoidOr(await a.deleteUser(user.id), { id: user.id, email: user.email });

        expect(await a.getUser(user.id)).toBeNull();
        expect(await a.getUser(other.id)).not.toBeNull();
        if (has(["linkAccount", "getUserByAccount"])) {
          expect(await a.getUserByAccount(account)).toBeNull();
          expect(await a.getUserByAccount(keptAccount)).toMatchObject({ id: other.id });
        }
        if (has(["linkAccount", "getAccount"])) expect(await a.getAccount(account.providerAccountId, account.provider)).toBeNull();
        if (has(["createSession", "getSessionAndUser"])) {
          expect(await a.getSessionAndUser(sessionToken)).toBeNull();
          expect(await a.getSessionAndUser(keptSessionToken)).not.toBeNull();
        }
        if (has(["createAuthenticator", "getAuthenticator", "listAuthenticatorsByUserId"])) {
          expect(await a.getAuthenticator(authenticator.credentialID)).toBeNull();
          expect(await a.listAuthenticatorsByUserId(user.id)).toEqual([]);
        }
      });

      it("deleteUser of an unknown id does not throw", async () => {
        expect((await a.deleteUser(crypto.randomUUID())) ?? null).toBeNull();
      });
    });

    group("detachUser", ["createUser", "getUser", "linkAccount", "getAccount", "createSession", "getSessionAndUser", "createAuthenticator", "getAuthenticator", "detachUser"], () => {
      it("detachUser removes the user's accounts, sessions and authenticators, and keeps the user and everyone else's", async () => {
        const user = await createUser();
        const other = await createUser();
        const [account, keptAccount] = [oauthAccount(user.id), oauthAccount(other.id)];
        const [sessionToken, keptSessionToken] = [unique("session"), unique("session")];
        const [authenticator, keptAuthenticator] = [authenticatorInput(user.id), authenticatorInput(other.id)];
        await a.linkAccount(account);
        await a.linkAccount(keptAccount);
        await a.createSession({ sessionToken, userId: user.id, expires: inDays(1) });
        await a.createSession({ sessionToken: keptSessionToken, userId: other.id, expires: inDays(1) });
        await a.createAuthenticator(authenticator);
        await a.createAuthenticator(keptAuthenticator);

        await a.detachUser(user.id);

        expect(await a.getUser(user.id)).toMatchObject({ id: user.id, email: user.email });
        expect(await a.getAccount(account.providerAccountId, account.provider)).toBeNull();
        expect(await a.getSessionAndUser(sessionToken)).toBeNull();
        expect(await a.getAuthenticator(authenticator.credentialID)).toBeNull();
        expect(await a.getAccount(keptAccount.providerAccountId, keptAccount.provider)).toMatchObject({ userId: other.id });
        expect(await a.getSessionAndUser(keptSessionToken)).not.toBeNull();
        expect(await a.getAuthenticator(keptAuthenticator.credentialID)).toMatchObject({ userId: other.id });
        await a.detachUser(user.id);
      });
    });

    group(
      "authenticators",
      ["createUser", "createAuthenticator", "getAuthenticator", "listAuthenticatorsByUserId", "updateAuthenticatorCounter"],
      () => {
        it("createAuthenticator returns it and getAuthenticator finds it with its types intact", async () => {
          const user = await createUser();
          const authenticator = authenticatorInput(user.id, { counter: 7 });
          expect(await a.createAuthenticator(authenticator)).toEqual(authenticator);
          const found = await a.getAuthenticator(authenticator.credentialID);
          expect(found).toEqual(authenticator);
          expect(typeof found!.counter).toBe("number");
          expect(typeof found!.credentialBackedUp).toBe("boolean");
        });

        it("keeps credentialBackedUp false and transports absent as such", async () => {
          const user = await createUser();
          const { transports: _, ...authenticator } = authenticatorInput(user.id, {
            credentialBackedUp: false,
            credentialDeviceType: "singleDevice",
          });
          await a.createAuthenticator(authenticator);
          const found = await a.getAuthenticator(authenticator.credentialID);
          expect(found).toMatchObject({ ...authenticator, credentialBackedUp: false });
          expect(found!.transports ?? null).toBeNull();
        });

        it("getAuthenticator returns null when not found", async () => {
          expect(await a.getAuthenticator(unique("credential"))).toBeNull();
        });

        it("listAuthenticatorsByUserId lists the user's authenticators, and [] for an unknown user", async () => {
          const user = await createUser();
          const other = await createUser();
          const first = authenticatorInput(user.id);
          const second = authenticatorInput(user.id, { transports: "usb" });
          await a.createAuthenticator(first);
          await a.createAuthenticator(second);
          await a.createAuthenticator(authenticatorInput(other.id));
          const listed = await a.listAuthenticatorsByUserId(user.id);
          const byId = (x: AdapterAuthenticator, y: AdapterAuthenticator) => x.credentialID.localeCompare(y.credentialID);
          expect([...listed].sort(byId)).toEqual([first, second].sort(byId));
          expect(await a.listAuthenticatorsByUserId(crypto.randomUUID())).toEqual([]);
        });

        it("updateAuthenticatorCounter stores and returns the new counter", async () => {
          const user = await createUser();
          const authenticator = authenticatorInput(user.id);
          await a.createAuthenticator(authenticator);
          const counter = largestCounter;
          expect(await a.updateAuthenticatorCounter(authenticator.credentialID, counter)).toEqual({ ...authenticator, counter });
          expect((await a.getAuthenticator(authenticator.credentialID))!.counter).toBe(counter);
        });

        it("updateAuthenticatorCounter throws for an unknown credential", async () => {
          await expect(async () => a.updateAuthenticatorCounter(unique("credential"), 1)).rejects.toThrow();
        });

        it("createAuthenticator throws for a credential ID already registered", async () => {
          const user = await createUser();
          const authenticator = authenticatorInput(user.id);
          await a.createAuthenticator(authenticator);
          await expect(async () => a.createAuthenticator({ ...authenticator })).rejects.toThrow();
        });
      },
    );

    group("purgeExpired", ["createUser", "createSession", "getSessionAndUser", "createVerificationToken", "useVerificationToken", "purgeExpired"], () => {
      // Purged as of 2000: no other test's records expire that early, so the counts are this group's alone.
      const cutoff = new Date("2000-01-01T00:00:00.000Z");
      const around = (ms: number) => new Date(cutoff.getTime() + ms);
      const nothing = { sessions: 0, verificationTokens: 0 };

      const sessionUntil = async (expires: Date) => {
        const user = await createUser();
        return a.createSession({ sessionToken: unique("session"), userId: user.id, expires });
      };

      /** Whether the store keeps an expired record until it is deleted; Redis drops it by itself. */
      const keepsExpired = async (sessionToken: string) => (await a.getSessionAndUser(sessionToken)) !== null;

      it("deletes what expired before `now`, keeps the rest, counts what it deleted, and the second run deletes nothing", async () => {
        const [long, just, atCutoff, after] = await Promise.all([-DAY, -1, 0, DAY].map((ms) => sessionUntil(around(ms))));
        const tokens = [
          tokenInput({ expires: around(-DAY) }),
          tokenInput({ identifier: "webauthn-challenge:passkey", expires: around(-1) }),
          tokenInput({ expires: around(0) }),
          tokenInput({ expires: around(DAY) }),
        ];
        for (const token of tokens) await a.createVerificationToken(token);
        const stored = await keepsExpired(long.sessionToken);

        expect(await a.purgeExpired(cutoff)).toEqual(stored ? { sessions: 2, verificationTokens: 2 } : nothing);
        expect(await a.purgeExpired(cutoff)).toEqual(nothing);
        expect(await a.getSessionAndUser(long.sessionToken)).toBeNull();
        expect(await a.getSessionAndUser(just.sessionToken)).toBeNull();
        expect(await a.useVerificationToken(tokens[0])).toBeNull();
        expect(await a.useVerificationToken(tokens[1])).toBeNull();
        if (stored) {
          expect(await a.getSessionAndUser(atCutoff.sessionToken)).not.toBeNull();
          expect(await a.getSessionAndUser(after.sessionToken)).not.toBeNull();
          expect(await a.useVerificationToken(tokens[2])).toEqual(tokens[2]);
          expect(await a.useVerificationToken(tokens[3])).toEqual(tokens[3]);
        }
      });

      it("by default deletes what has expired by now and keeps the live records", async () => {
        const expired = await sessionUntil(new Date(Date.now() - DAY));
        const live = await sessionUntil(inDays(1));
        const expiredToken = tokenInput({ expires: new Date(Date.now() - DAY) });
        const liveToken = tokenInput();
        await a.createVerificationToken(expiredToken);
        await a.createVerificationToken(liveToken);
        const stored = await keepsExpired(expired.sessionToken);

        const purged = await a.purgeExpired();
        if (stored) {
          // other tests' expired records go too: at least these
          expect(purged.sessions).toBeGreaterThanOrEqual(1);
          expect(purged.verificationTokens).toBeGreaterThanOrEqual(1);
        } else {
          expect(purged).toEqual(nothing);
        }
        expect(await a.purgeExpired()).toEqual(nothing);
        expect(await a.getSessionAndUser(expired.sessionToken)).toBeNull();
        expect(await a.getSessionAndUser(live.sessionToken)).toMatchObject({ session: { sessionToken: live.sessionToken } });
        expect(await a.useVerificationToken(expiredToken)).toBeNull();
        expect(await a.useVerificationToken(liveToken)).toEqual(liveToken);
      });

      it("with a limit, deletes at most that many of each kind per call, and the rest on later calls", async () => {
        const sessions = await Promise.all([-3, -2, -1].map((ms) => sessionUntil(around(ms))));
        const tokens = [-3, -2, -1].map((ms) => tokenInput({ expires: around(ms) }));
        for (const token of tokens) await a.createVerificationToken(token);
        const stored = await keepsExpired(sessions[0].sessionToken);

        expect(await a.purgeExpired(cutoff, 2)).toEqual(stored ? { sessions: 2, verificationTokens: 2 } : nothing);
        expect(await a.purgeExpired(cutoff, 2)).toEqual(stored ? { sessions: 1, verificationTokens: 1 } : nothing);
        expect(await a.purgeExpired(cutoff, 2)).toEqual(nothing);
        for (const { sessionToken } of sessions) expect(await a.getSessionAndUser(sessionToken)).toBeNull();
        for (const token of tokens) expect(await a.useVerificationToken(token)).toBeNull();
      });

      it("refuses a limit that is not a positive whole number", async () => {
        for (const limit of [0, -1, 1.5, Number.NaN]) await expect(a.purgeExpired(cutoff, limit)).rejects.toThrow(RangeError);
      });

      it("refuses a `now` that is not a valid Date, or that is still to come", async () => {
        const live = await sessionUntil(inDays(1));
        await expect(a.purgeExpired(new Date(Number.NaN))).rejects.toThrow(TypeError);
        await expect(a.purgeExpired(inDays(2))).rejects.toThrow(RangeError);
        expect(await a.getSessionAndUser(live.sessionToken)).not.toBeNull();
      });

      if (has(["transaction"])) {
        it("a transaction that fails undoes its purge", async () => {
          const expired = await sessionUntil(around(-1));
          const token = tokenInput({ expires: around(-1) });
          await a.createVerificationToken(token);
          const stored = await keepsExpired(expired.sessionToken);
          const counted = stored ? { sessions: 1, verificationTokens: 1 } : nothing;
          await expect(
            a.transaction(async (tx) => {
              expect(await (tx as Full).purgeExpired(cutoff)).toEqual(counted);
              throw new Error("abort");
            }),
          ).rejects.toThrow("abort");
          expect(await a.purgeExpired(cutoff)).toEqual(counted);
        });
      }
    });

    const transactionMethods: Method[] = [
      "transaction",
      "createUser",
      "getUser",
      "getUserByEmail",
      "updateUser",
      "deleteUser",
      "linkAccount",
      "unlinkAccount",
      "getUserByAccount",
      "createSession",
      "getSessionAndUser",
      "updateSession",
      "createVerificationToken",
      "useVerificationToken",
    ];
    group("transactions", transactionMethods, () => {
      it("commits every write when the function succeeds, and reads inside see earlier writes", async () => {
        const input = userInput();
        const account = oauthAccount("");
        const user = await a.transaction(async (tx) => {
          const created = await tx.createUser!(input);
          expect(await tx.getUser!(created.id)).toMatchObject({ email: input.email });
          await tx.linkAccount!({ ...account, userId: created.id });
          return created;
        });
        expect(await a.getUser(user.id)).toMatchObject({ email: input.email });
        expect(await a.getUserByAccount(account)).toMatchObject({ id: user.id });
      });

      it("createUser then a failing linkAccount leaves no user behind", async () => {
        const owner = await createUser();
        const taken = oauthAccount(owner.id);
        await a.linkAccount(taken);
        const input = userInput();
        await expect(
          a.transaction(async (tx) => {
            const user = await tx.createUser!(input);
            await tx.linkAccount!({ ...taken, userId: user.id });
          }),
        ).rejects.toThrow();
        expect(await a.getUserByEmail(input.email)).toBeNull();
        expect(await a.getUserByAccount(taken)).toMatchObject({ id: owner.id });
      });

      it("a thrown error undoes creations, updates and deletions", async () => {
        const user = await createUser();
        const account = oauthAccount(user.id);
        await a.linkAccount(account);
        const input = userInput();
        const failure = new Error("abort the transaction");
        await expect(
          a.transaction(async (tx) => {
            await tx.createUser!(input);
            await tx.updateUser!({ id: user.id, name: "Changed inside" });
            await tx.unlinkAccount!(account);
            await tx.deleteUser!(user.id);
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await a.getUserByEmail(input.email)).toBeNull();
        expect(await a.getUser(user.id)).toMatchObject({ name: user.name, email: user.email });
        expect(await a.getUserByAccount(account)).toMatchObject({ id: user.id });
      });

      it("undoes session and verification-token writes too", async () => {
        const user = await createUser();
        const kept = await a.createSession({ sessionToken: unique("session"), userId: user.id, expires: inDays(1) });
        const token = tokenInput();
        await a.createVerificationToken(token);
        const addedToken = unique("session");
        await expect(
          a.transaction(async (tx) => {
            await tx.createSession!({ sessionToken: addedToken, userId: user.id, expires: inDays(1) });
            await tx.updateSession!({ sessionToken: kept.sessionToken, expires: inDays(90) });
            expect(await tx.useVerificationToken!(token)).toEqual(token);
            throw new Error("abort");
          }),
        ).rejects.toThrow("abort");
        expect(await a.getSessionAndUser(addedToken)).toBeNull();
        expect((await a.getSessionAndUser(kept.sessionToken))!.session.expires.getTime()).toBe(kept.expires.getTime());
        expect(await a.useVerificationToken(token)).toEqual(token);
      });

      it("writes made outside a transaction while it is open survive its rollback", async () => {
        const inside = userInput();
        const outside = userInput();
        let opened!: () => void;
        const open = new Promise<void>((resolve) => (opened = resolve));
        const failed = a.transaction(async (tx) => {
          await tx.createUser!(inside);
          opened();
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error("abort");
        });
        const written = open.then(() => a.createUser(outside));
        const [transaction, concurrent] = await Promise.allSettled([failed, written]);
        expect(transaction.status).toBe("rejected");
        expect(concurrent.status).toBe("fulfilled");
        expect(await a.getUserByEmail(inside.email)).toBeNull();
        expect(await a.getUserByEmail(outside.email)).toMatchObject({ email: outside.email });
      });

      it("lockUser, where offered, holds the user: a second locking transaction reads only after the first committed", async () => {
        const full = a as Full & { lockUser?: (userId: string) => Promise<void> };
        if (!full.lockUser) return;
        const user = await createUser();
        let locked!: () => void;
        const holding = new Promise<void>((resolve) => (locked = resolve));
        const first = full.transaction(async (tx) => {
          await (tx as typeof full).lockUser!(user.id);
          locked();
          await new Promise((resolve) => setTimeout(resolve, 100));
          await tx.updateUser!({ id: user.id, name: "Written first" });
        });
        await holding;
        const seen = await full.transaction(async (tx) => {
          await (tx as typeof full).lockUser!(user.id);
          return (await tx.getUser!(user.id))?.name;
        });
        await first;
        expect(seen).toBe("Written first");
      });

      it("a nested transaction joins the outer one", async () => {
        const input = userInput();
        await expect(
          a.transaction(async (tx) => {
            await (tx as Full).transaction(async (inner) => inner.createUser!(input));
            throw new Error("abort");
          }),
        ).rejects.toThrow("abort");
        expect(await a.getUserByEmail(input.email)).toBeNull();
      });
    });

    if (Object.keys(deviations).length > 0) {
      vitestIt("every listed deviation names a test of this suite", () => expect([...unclaimed]).toEqual([]));
    }
  });
}
