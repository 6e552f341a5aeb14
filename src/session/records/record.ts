import type { AuthContext } from "../../http/context.js";
import { clientAddress } from "../../rate-limit/client-ip.js";
import { truncateAddress } from "./address.js";
import { sessionRecordStore } from "./instance.js";
import { describeUserAgent } from "./user-agent.js";

/** What a sign-in knows about where the session came from, for revoking it by provider later. */
export interface SignInSource {
  provider?: string;
  providerSid?: string;
  providerSub?: string;
  /** When the user proved who they are (ms), and with which methods. */
  provedAt?: number;
  methods?: string[];
}

/**
 * Records a session at sign-in or re-issue, for the session list and revocation by provider; never on a
 * plain read. The jwt strategy records only in a shared (adapter) store: there is no list without one.
 */
export async function recordSession(
  ctx: AuthContext,
  session: { id: string; userId: string; expires: Date; signIn?: SignInSource },
): Promise<void> {
  const { store, shared } = sessionRecordStore(ctx.config);
  if (!shared) return;
  const now = Date.now();
  const client = ctx.peer?.request ?? ctx.request;
  await store.save({
    id: session.id,
    userId: session.userId,
    createdAt: now,
    lastActiveAt: now,
    expires: session.expires.getTime(),
    userAgent: describeUserAgent(client.headers.get("user-agent")),
    ip: truncateAddress(await clientAddress(ctx)),
    ...session.signIn,
  });
}

/** At a re-issue the record only moves `lastActiveAt`: a failure is logged, and the session stands. */
export async function recordReissue(ctx: AuthContext, session: { id: string; userId: string; expires: Date }): Promise<void> {
  try {
    await recordSession(ctx, session);
  } catch (error) {
    ctx.config.logger.error(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Removes the record of a session that has just ended, so the list shows no ghost of it. The session is refused
 * either way: a failure is logged.
 */
export async function forgetRecord(ctx: AuthContext, id: string): Promise<void> {
  const { store, shared } = sessionRecordStore(ctx.config);
  if (!shared) return;
  try {
    await store.remove([id]);
  } catch (error) {
    ctx.config.logger.error(error instanceof Error ? error : new Error(String(error)));
  }
}
