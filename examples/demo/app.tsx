import { Hono } from "hono";
import { html } from "hono/html";
import type { JSX } from "hono/jsx/jsx-runtime";
import type { SessionVariables } from "../../shims/hono/index.js";
import type { DemoAuth, Mailbox } from "./auth.js";
import { favicon } from "./favicon.js";
import { HomePage, MailboxPage, ProtectedPage, type Links } from "./pages.js";

function page(element: JSX.Element) {
  return html`<!DOCTYPE html>${element}`;
}

export interface DemoAppOptions {
  mailbox: Mailbox;
  /** The mailbox page; never on in production. */
  devTools: boolean;
}

/** The demo's pages around the mounted auth routes. */
export function createDemoApp(auth: DemoAuth, { mailbox, devTools }: DemoAppOptions): Hono<{ Variables: SessionVariables }> {
  const links: Links = {
    signIn: `${auth.basePath}/signin?${new URLSearchParams({ callbackUrl: "/protected" })}`,
    signOut: `${auth.basePath}/signout?${new URLSearchParams({ callbackUrl: "/" })}`,
    sessions: `${auth.basePath}/sessions?${new URLSearchParams({ callbackUrl: "/protected" })}`,
    basePath: auth.basePath,
    mailbox: devTools ? "/dev/mailbox" : undefined,
  };
  const app = new Hono<{ Variables: SessionVariables }>();
  app.route("/", auth.app);
  app.get("/", auth.session, (c) => c.html(page(<HomePage session={c.var.session} links={links} />)));
  app.get("/favicon.ico", () => new Response(favicon, { headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" } }));
  app.get("/protected", auth.requireAuth({ api: false }), async (c) => {
    const session = c.var.session!;
    // The default session shows no user id; every demo user has an email.
    const user = session.user?.email ? await auth.adapter.getUserByEmail!(session.user.email) : null;
    const passkeys = user ? await auth.adapter.listAuthenticatorsByUserId!(user.id) : [];
    return c.html(page(<ProtectedPage session={session} links={links} passkeys={passkeys} added={c.req.query("passkey") === "added"} />));
  });
  if (devTools) app.get("/dev/mailbox", auth.session, (c) => c.html(page(<MailboxPage session={c.var.session} links={links} messages={mailbox.messages} />)));
  return app;
}
