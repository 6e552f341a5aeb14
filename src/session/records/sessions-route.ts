import { emit } from "../../config/events.js";
import { MissingAdapter } from "../../configuration-errors.js";
import { type AuthContext, csrfTokenForForm } from "../../http/context.js";
import type { OutCookie } from "../../http/cookies.js";
import { json, keeping, noCacheHeaders, page, redirect, type Outcome } from "../../http/outcome.js";
import { withQuery } from "../../http/url.js";
import { clearSessionCookie } from "../cookie.js";
import { strategyOf, type SignedIn } from "../strategy.js";
import { sessionRecordStore, isSessionId } from "./record.js";
import type { SessionRecord } from "../../adapters/session-records/session-record-store.js";
import { resolveCallbackUrl } from "../../http/callback-url.js";
import { errorPage } from "../../http/error-response.js";
import { wantsPage } from "../../http/wants-page.js";
import type { SessionView } from "../../http/page-description.js";

/** A refused request: JSON with the status for scripts, the InvalidRequest error page (or the app's) for browsers. */
export function refuse(ctx: AuthContext, status: number, error: string, message: string): Outcome {
  if (!wantsPage(ctx)) return json({ error, message }, { status, headers: noCacheHeaders });
  return errorPage(ctx, "InvalidRequest");
}

/** What a visitor who is not signed in gets: 401 JSON for scripts, the sign-in page for browsers. */
function signInFirst(ctx: AuthContext, cookies: OutCookie[]): Outcome {
  if (!wantsPage(ctx)) {
    return json(
      { error: "SessionRequired", message: "Sign in to see your sessions." },
      { status: 401, headers: noCacheHeaders, cookies },
    );
  }
  return redirect(
    withQuery(ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`, { callbackUrl: `${ctx.baseUrl}/sessions` }),
    cookies,
  );
}

/**
 * Runs `next` for the signed-in user with their recorded sessions; a visitor who is not signed in is sent to
 * sign in. Reading the session may clear its cookie: that change joins the outcome.
 */
async function forSignedIn(
  ctx: AuthContext,
  next: (found: SignedIn & { records: SessionRecord[] }) => Promise<Outcome>,
): Promise<Outcome> {
  const { store, shared } = sessionRecordStore(ctx.config);
  if (!shared) {
    throw new MissingAdapter(
      "The session list needs an adapter that records sessions: sekisho's own adapters (Memory, SQLite, PostgreSQL, MySQL, D1, Redis) do.",
    );
  }
  const { signedIn, cookies } = await strategyOf(ctx.config).current(ctx);
  if (!signedIn) return signInFirst(ctx, cookies);
  return keeping(cookies, async () => next({ ...signedIn, records: await store.list(signedIn.userId) }));
}

/** `GET /sessions`: the signed-in user's sessions, as JSON or the built-in page (or a redirect to `pages.sessions`). */
export async function sessionsRoute(ctx: AuthContext): Promise<Outcome> {
  if (ctx.config.pages.sessions && wantsPage(ctx)) return redirect(ctx.config.pages.sessions);
  return forSignedIn(ctx, (found) => listSessions(ctx, found));
}

/** The sessions as the list shows them, in the records' order; `current` marks the one with public id `currentId`. */
export function sessionViews(records: readonly SessionRecord[], currentId: string | undefined): SessionView[] {
  return records.map((record) => ({
    id: record.id,
    createdAt: new Date(record.createdAt).toISOString(),
    lastActiveAt: new Date(record.lastActiveAt).toISOString(),
    userAgent: record.userAgent ?? null,
    ip: record.ip ?? null,
    current: record.id === currentId,
    method: record.methods?.[0] ?? record.provider ?? null,
  }));
}

async function listSessions(ctx: AuthContext, found: SignedIn & { records: SessionRecord[] }): Promise<Outcome> {
  const sessions = sessionViews(found.records, found.sessionId);
  if (!wantsPage(ctx)) return json(sessions, { headers: noCacheHeaders });
  const form = await csrfTokenForForm(ctx);
  // The way back to the app: `?callbackUrl=`, else where the last sign-in went, else the site; nothing is remembered.
  const { url: backUrl } = await resolveCallbackUrl(ctx);
  return page(
    { name: "sessions", slots: { csrfToken: form.token, revokeUrl: `${ctx.baseUrl}/sessions/revoke`, sessions, backUrl } },
    form.cookies,
  );
}

/** Where a browser goes after signing a session out: the list it came from, the account page's (`from: "account"`) or this one. */
function listPage(ctx: AuthContext): string {
  if (ctx.body.from === "account") return ctx.config.pages.account ?? `${ctx.baseUrl}/account`;
  return `${ctx.baseUrl}/sessions`;
}

/**
 * `POST /sessions/revoke`: CSRF-checked; ends the session `id` of the signed-in user, or with `others`
 * every one of theirs but the current. An id that is not one of the user's sessions is 404, whoever's it is.
 */
export async function revokeSessionsRoute(ctx: AuthContext): Promise<Outcome> {
  if (ctx.checksCsrf && !ctx.config.skipCSRFCheck && !(await ctx.csrf()).verified) {
    return refuse(ctx, 403, "MissingCSRF", "The CSRF token is missing or does not match the cookie.");
  }
  const { id, others } = ctx.body;
  const allOthers = others === true || others === "true";
  if (!allOthers && !isSessionId(id)) return refuse(ctx, 400, "InvalidRequest", "Give the `id` of a session, or `others: true`.");
  return forSignedIn(ctx, async (found) => {
    let revoked: number;
    let cleared: OutCookie[] = [];
    if (allOthers) {
      revoked = await strategyOf(ctx.config).endOtherSessions(ctx.config, found.userId, found.sessionId, found.records);
      await emit(ctx.config, "otherSessionsEnded", { userId: found.userId, ended: revoked });
    } else {
      const chosen = found.records.filter((record) => record.id === id);
      if (chosen.length === 0) return refuse(ctx, 404, "SessionNotFound", "You have no session with this id.");
      revoked = await strategyOf(ctx.config).endSessions(ctx.config, chosen);
      if (id === found.sessionId) cleared = clearSessionCookie(ctx);
    }
    if (wantsPage(ctx)) return redirect(listPage(ctx), cleared);
    return json({ revoked }, { headers: noCacheHeaders, cookies: cleared });
  });
}
