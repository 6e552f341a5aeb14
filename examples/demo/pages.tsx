import type { Child } from "hono/jsx";
import type { AdapterAuthenticator } from "../../src/adapters/adapter-contract.js";
import type { Session } from "../../src/index.js";
import { demoAccount, type Mailbox } from "./auth.js";

const css = `
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1f2328}
nav{display:flex;gap:1rem;align-items:center;border-bottom:1px solid #d0d7de;padding-bottom:.5rem}
nav .who{margin-left:auto;color:#59636e}
pre{background:#f6f8fa;padding:1rem;overflow:auto;border-radius:6px}
code{background:#f6f8fa;padding:0 .25rem;border-radius:4px}
`;

export interface Links {
  signIn: string;
  signOut: string;
  /** The built-in session list, which links back here. */
  sessions: string;
  basePath: string;
  /** The dev-only mailbox page, when it is on. */
  mailbox?: string;
}

function Layout({ title, session, links, children }: { title: string; session: Session | null; links: Links; children?: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · sekisho demo`}</title>
        <link rel="icon" href="/favicon.ico" type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <nav>
          <a href="/">Home</a>
          <a href="/protected">Protected page</a>
          {links.mailbox && <a href={links.mailbox}>Mailbox</a>}
          {session?.user ? (
            <>
              <span class="who">Signed in as {session.user.name ?? session.user.email}</span>
              <a href={links.sessions}>Your sessions</a>
              <a href={links.signOut}>Sign out</a>
            </>
          ) : (
            <a class="who" href={links.signIn}>
              Sign in
            </a>
          )}
        </nav>
        <main>{children}</main>
      </body>
    </html>
  );
}

export function HomePage({ session, links }: { session: Session | null; links: Links }) {
  return (
    <Layout title="Home" session={session} links={links}>
      <h1>sekisho demo</h1>
      <p>
        This page is public. The <a href="/protected">protected page</a> shows your session, and sends you to sign in
        first when you have none. Users, accounts, sessions and passkeys are kept in a local SQLite file, so they
        survive a restart.
      </p>
      <p>Ways to sign in, all on the <a href={links.signIn}>sign-in page</a>:</p>
      <ul>
        <li>
          the demo account: username <code>{demoAccount.username}</code>, password <code>{demoAccount.password}</code>;
        </li>
        <li>
          <strong>Demo IdP</strong>, a real OpenID provider the demo runs on your machine: type any login name and any
          password there;
        </li>
        <li>
          <strong>Email</strong>: the link and a one-time code are printed in the terminal
          {links.mailbox && (
            <>
              {" "}
              and shown in the <a href={links.mailbox}>mailbox</a>
            </>
          )}
          ;
        </li>
        <li>
          <strong>a passkey</strong>, once you have added one on the protected page (open the demo at
          <code>localhost</code>, not <code>127.0.0.1</code>).
        </li>
      </ul>
      <p>{session?.user ? `You are signed in as ${session.user.name ?? session.user.email}.` : "You are not signed in."}</p>
    </Layout>
  );
}

function PasskeyList({ passkeys }: { passkeys: AdapterAuthenticator[] }) {
  if (passkeys.length === 0) return <p id="passkeys">This account has no passkey yet.</p>;
  return (
    <ul id="passkeys">
      {passkeys.map((passkey, index) => (
        <li>
          Passkey {index + 1}: {passkey.credentialBackedUp ? "synced" : "on one device"}, ID <code>{passkey.credentialID.slice(0, 12)}…</code>
        </li>
      ))}
    </ul>
  );
}

export function ProtectedPage({ session, links, passkeys, added }: { session: Session; links: Links; passkeys: AdapterAuthenticator[]; added: boolean }) {
  return (
    <Layout title="Protected" session={session} links={links}>
      <h1>Protected page</h1>
      <p id="greeting">Welcome, {session.user?.name ?? "unknown user"}.</p>
      <p>Your session, as the server sees it:</p>
      <pre id="session">{JSON.stringify(session, null, 2)}</pre>
      <h2>Passkeys</h2>
      <p>Add a passkey to this account, then sign out and use "Sign in with a passkey" on the sign-in page.</p>
      <PasskeyList passkeys={passkeys} />
      <button id="add-passkey" type="button">
        Add a passkey
      </button>
      <p id="passkey-status" role="status">
        {added ? "Passkey added. It is in the list above." : ""}
      </p>
      <script src={`${links.basePath}/webauthn-script`}></script>
      <script dangerouslySetInnerHTML={{ __html: addPasskeyScript(links.basePath) }} />
    </Layout>
  );
}

/** Registers a passkey for the signed-in user: options from sekisho, the browser's ceremony, a form POST back. */
function addPasskeyScript(basePath: string): string {
  return `
document.getElementById("add-passkey").addEventListener("click", async () => {
  const status = document.getElementById("passkey-status");
  try {
    const base = ${JSON.stringify(basePath)};
    status.textContent = "Follow your browser's prompt to create the passkey…";
    const { csrfToken } = await (await fetch(base + "/csrf")).json();
    const answer = await fetch(base + "/webauthn-options/passkey?action=register");
    if (!answer.ok) throw new Error("this account cannot add a passkey");
    const { options } = await answer.json();
    const data = JSON.stringify(await SimpleWebAuthnBrowser.startRegistration({ optionsJSON: options }));
    const form = document.createElement("form");
    form.method = "post";
    form.action = base + "/callback/passkey";
    for (const [name, value] of Object.entries({ action: "register", data, csrfToken, callbackUrl: "/protected?passkey=added" })) {
      const input = document.createElement("input");
      input.type = "hidden"; input.name = name; input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  } catch (error) {
    status.textContent = "Could not add a passkey: " + error.message;
  }
});`;
}

export function MailboxPage({ session, links, messages }: { session: Session | null; links: Links; messages: Mailbox["messages"] }) {
  return (
    <Layout title="Mailbox" session={session} links={links}>
      <h1>Mailbox</h1>
      <p>The sign-in emails the demo would have sent, newest first. This page exists only outside production.</p>
      {messages.length === 0 && <p>No email yet: ask for a sign-in link on the sign-in page.</p>}
      <ul>
        {messages.map((message) => (
          <li>
            To {message.to}, {message.at.toLocaleTimeString()}: <a href={message.url}>sign-in link</a>
            {message.code && (
              <>
                , code <code>{message.code}</code>
              </>
            )}
          </li>
        ))}
      </ul>
    </Layout>
  );
}
