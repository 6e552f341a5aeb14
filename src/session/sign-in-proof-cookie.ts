/**
 * Database sessions without sekisho's session records (an adapter written for Auth.js): the session row keeps no
 * sign-in time, so the browser keeps when and how its user proved who they are, sealed with the secret (encrypted and
 * authenticated, salted with the cookie's name) and bound to the session and its user. It is read only for the recent
 * sign-in a sensitive action asks, and proves nothing for another session: a later sign-in is a new session.
 */
import type { AuthContext } from "../http/context.js";
import type { OutCookie } from "../http/cookies.js";
import { openedOrNone, sealedUntil } from "../http/sealed-cookie.js";
import { type SignInSource, sessionRecordStore } from "./records/record.js";
import type { SignedIn, SignInProof } from "./strategy.js";

interface ProofOfSession {
  /** The session's public id (records/record.ts). */
  sid: string;
  uid: string;
  /** Seconds since the epoch. */
  provedAt: number;
  methods: string[];
}

/** Whether the session's proof lives in this cookie: database sessions whose records are not shared. */
function keptByBrowser(ctx: AuthContext): boolean {
  return !sessionRecordStore(ctx.config).shared;
}

/** The cookie's content; undefined when absent, not sealed with the secret, expired or malformed. */
async function readCookie(ctx: AuthContext): Promise<ProofOfSession | undefined> {
  const { sid, uid, provedAt, methods } = (await openedOrNone(ctx, ctx.cookies.sessionProof.name)) ?? {};
  if (typeof sid !== "string" || typeof uid !== "string" || typeof provedAt !== "number" || !Array.isArray(methods))
    return undefined;
  return { sid, uid, provedAt, methods: methods.filter((method) => typeof method === "string") };
}

/** At a database sign-in whose records are not shared: the new session's proof, for the browser to keep. */
export async function proofCookieOf(
  ctx: AuthContext,
  session: { id: string; userId: string; expires: Date },
  signIn: SignInSource,
): Promise<OutCookie[]> {
  if (!keptByBrowser(ctx) || signIn.provedAt === undefined) return [];
  const content = {
    sid: session.id,
    uid: String(session.userId),
    provedAt: Math.floor(signIn.provedAt / 1000),
    methods: signIn.methods ?? [],
  };
  return [await sealedUntil(ctx, "sessionProof", content, session.expires)];
}

/** When the session's expiry moves, the cookie's moves with it. */
export async function extendProofCookie(ctx: AuthContext, sessionId: string, expires: Date): Promise<OutCookie[]> {
  if (!keptByBrowser(ctx)) return [];
  const content = await readCookie(ctx);
  return content?.sid === sessionId ? [await sealedUntil(ctx, "sessionProof", { ...content }, expires)] : [];
}

/** The signed-in session's proof from the cookie, when the cookie was issued for this session and its user. */
export async function proofFromCookie(ctx: AuthContext, signedIn: Required<SignedIn>): Promise<SignInProof | undefined> {
  const content = await readCookie(ctx);
  if (content?.sid !== signedIn.sessionId || content.uid !== String(signedIn.userId)) return undefined;
  return { userId: signedIn.userId, sessionId: signedIn.sessionId, provedAt: content.provedAt, methods: content.methods };
}
