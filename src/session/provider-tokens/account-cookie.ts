/**
 * Database strategy with a reference adapter that has `getAccount`: the Auth.js contract cannot list a user's
 * accounts, so the browser keeps which account (`providerAccountId`) at each provider its session's user signed
 * in with, sealed with the secret (encrypted and authenticated, like the check cookies) and bound to the session
 * and the user. What it names is only a lead: the account read back must belong to the session's user.
 */
import { storeOf, type Store } from "../../config/store.js";
import type { AdapterAccount } from "../../adapters/adapter-contract.js";
import type { AuthContext } from "../../http/context.js";
import type { OutCookie } from "../../http/cookies.js";
import { openedOrNone, sealedUntil } from "../../http/sealed-cookie.js";
import type { SignInSource } from "../records/record.js";

interface AccountsOfSession {
  /** The session's public id (records/record.ts). */
  sid: string;
  uid: string;
  /** providerId → providerAccountId */
  accounts: Record<string, string>;
}

/** Whether provider tokens are found through this cookie: a reference adapter that can read an account by its key. */
export function findsAccountsByCookie(store: Store): boolean {
  return !store.accountUpdates && store.provides.getAccount;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    !!value &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.values(value).every((each) => typeof each === "string")
  );
}

/** The cookie's content; undefined when absent, not sealed with the secret, expired or malformed. */
async function readCookie(ctx: AuthContext): Promise<AccountsOfSession | undefined> {
  const { sid, uid, accounts } = (await openedOrNone(ctx, ctx.cookies.providerAccounts.name)) ?? {};
  if (typeof sid !== "string" || typeof uid !== "string" || !isStringRecord(accounts)) return undefined;
  return { sid, uid, accounts };
}

/**
 * At a database sign-in through an OAuth/OIDC account: the new session's cookie names that account, and keeps
 * those the same user's previous session named (a sign-in that links a second provider keeps the first).
 */
export async function accountsCookieOf(
  ctx: AuthContext,
  session: { id: string; userId: string; expires: Date },
  signIn: SignInSource,
): Promise<OutCookie[]> {
  const { provider, providerSub } = signIn;
  if (!findsAccountsByCookie(storeOf(ctx.config)) || !provider || providerSub === undefined) return [];
  const uid = String(session.userId);
  const previous = await readCookie(ctx);
  const configured = (id: string) => ctx.config.providers.some((each) => each.id === id);
  const kept = previous?.uid === uid ? Object.entries(previous.accounts).filter(([id]) => configured(id)) : [];
  const accounts = { ...Object.fromEntries(kept), [provider]: providerSub };
  return [await sealedUntil(ctx, "providerAccounts", { sid: session.id, uid, accounts }, session.expires)];
}

/** When the session's expiry moves, the cookie's moves with it. */
export async function extendAccountsCookie(ctx: AuthContext, sessionId: string, expires: Date): Promise<OutCookie[]> {
  const content = await readCookie(ctx);
  return content?.sid === sessionId ? [await sealedUntil(ctx, "providerAccounts", { ...content }, expires)] : [];
}

/** The providerAccountId the cookie names at `provider`, when the cookie was issued for this session and user. */
async function rememberedAccountId(
  ctx: AuthContext,
  session: { sessionId: string; userId: string },
  provider: string,
): Promise<string | undefined> {
  const content = await readCookie(ctx);
  if (content?.sid !== session.sessionId || content.uid !== String(session.userId)) return undefined;
  return Object.hasOwn(content.accounts, provider) ? content.accounts[provider] : undefined;
}

/**
 * The account at `provider` the cookie names, read by `getAccount`: null when the cookie names none for this
 * session, or names an account of another user than the session's.
 */
export async function rememberedAccount(
  ctx: AuthContext,
  session: { sessionId: string; userId: string },
  provider: string,
): Promise<AdapterAccount | null> {
  const providerAccountId = await rememberedAccountId(ctx, session, provider);
  if (providerAccountId === undefined) return null;
  const getAccount = storeOf(ctx.config).getAccount;
  let account = await getAccount(providerAccountId, provider);
  // A refresh writes a reference adapter's row back by unlink and link: a read between the two finds none.
  for (let retry = 0; !account && retry < rereadsWhileRelinked; retry++) {
    await new Promise((resolve) => setTimeout(resolve, rereadDelayMs));
    account = await getAccount(providerAccountId, provider);
  }
  return account && String(account.userId) === String(session.userId) ? account : null;
}

const rereadsWhileRelinked = 3;
const rereadDelayMs = 20;
