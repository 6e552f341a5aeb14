import { loadPages } from "../../pages/load.js";
import { MissingAdapter } from "../errors.js";
import type { AuthContext } from "../http/context.js";
import { html, json, noCacheHeaders, redirect, withQuery } from "../http/respond.js";
import { clearSessionCookie } from "../session/cookie.js";
import { currentSession } from "../session/index.js";
import { sessionRecordStore } from "../session/records/instance.js";
import { isSessionId } from "../session/records/session-id.js";
import type { SessionRecord } from "../session/records/store.js";
import { endOtherSessions, endSessions } from "../session/revocation/revoke.js";
import { csrfTokenForForm } from "../http/csrf-for-form.js";

/** A browser navigating (or posting a form), rather than a script that reads JSON. */
function wantsPage(ctx: AuthContext): boolean {
  return !ctx.inProcess && /\btext\/html\b/i.test(ctx.request.headers.get("accept") ?? "");
}

/** A refused request: JSON with the status for scripts, the InvalidRequest error page for browsers. */
async function refuse(ctx: AuthContext, status: number, error: string, message: string): Promise<Response> {
  if (!wantsPage(ctx)) return json(ctx, { error, message }, status, noCacheHeaders);
  const { errorPage } = await loadPages(ctx.config);
  return html(ctx, await errorPage(ctx.config, ctx.request, "InvalidRequest", { signinUrl: `${ctx.baseUrl}/signin` }));
}

/** The signed-in user and their recorded sessions, or the response for a visitor who is not signed in. */
async function signedIn(ctx: AuthContext): Promise<{ userId: string; sessionId?: string; records: SessionRecord[] } | Response> {
  const { store, shared } = sessionRecordStore(ctx.config);
  if (!shared) {
    throw new MissingAdapter(
      "The session list needs an adapter that records sessions: sekisho's own adapters (Memory, SQLite, PostgreSQL, MySQL, D1, Redis) do.",
    );
  }
  const current = await currentSession(ctx);
  if (!current) {
    if (!wantsPage(ctx))
      return json(ctx, { error: "SessionRequired", message: "Sign in to see your sessions." }, 401, noCacheHeaders);
    return redirect(
      ctx,
      withQuery(ctx.config.pages.signIn ?? `${ctx.baseUrl}/signin`, { callbackUrl: `${ctx.baseUrl}/sessions` }),
    );
  }
  return { ...current, records: await store.list(current.userId) };
}

/** `GET /sessions`: the signed-in user's sessions, as JSON or the built-in page (or a redirect to `pages.sessions`). */
export async function sessionsRoute(ctx: AuthContext): Promise<Response> {
  if (ctx.config.pages.sessions && wantsPage(ctx)) return redirect(ctx, ctx.config.pages.sessions);
  const found = await signedIn(ctx);
  if (found instanceof Response) return found;
  const sessions = found.records.map((record) => ({
    id: record.id,
    createdAt: new Date(record.createdAt).toISOString(),
    lastActiveAt: new Date(record.lastActiveAt).toISOString(),
    userAgent: record.userAgent ?? null,
    ip: record.ip ?? null,
    current: record.id === found.sessionId,
  }));
  if (!wantsPage(ctx)) return json(ctx, sessions, 200, noCacheHeaders);
  const { sessionsPage } = await loadPages(ctx.config);
  const csrfToken = await csrfTokenForForm(ctx);
  return html(
    ctx,
    await sessionsPage(ctx.config, ctx.request, { csrfToken, revokeUrl: `${ctx.baseUrl}/sessions/revoke`, sessions }),
  );
}

/**
 * `POST /sessions/revoke`: CSRF-checked; ends the session `id` of the signed-in user, or with `others`
 * every one of theirs but the current. An id that is not one of the user's sessions is 404, whoever's it is.
 */
export async function revokeSessionsRoute(ctx: AuthContext): Promise<Response> {
  if (!ctx.inProcess && !ctx.config.skipCSRFCheck && !(await ctx.csrf()).verified) {
    return refuse(ctx, 403, "MissingCSRF", "The CSRF token is missing or does not match the cookie.");
  }
  const { id, others } = ctx.body;
  const allOthers = others === true || others === "true";
  if (!allOthers && !isSessionId(id)) return refuse(ctx, 400, "InvalidRequest", "Give the `id` of a session, or `others: true`.");
  const found = await signedIn(ctx);
  if (found instanceof Response) return found;
  let revoked: number;
  if (allOthers) revoked = await endOtherSessions(ctx.config, found.userId, found.sessionId, found.records);
  else {
    const chosen = found.records.filter((record) => record.id === id);
    if (chosen.length === 0) return refuse(ctx, 404, "SessionNotFound", "You have no session with this id.");
    revoked = await endSessions(ctx.config, chosen);
    if (id === found.sessionId) clearSessionCookie(ctx);
  }
  if (wantsPage(ctx)) return redirect(ctx, `${ctx.baseUrl}/sessions`);
  return json(ctx, { revoked }, 200, noCacheHeaders);
}
