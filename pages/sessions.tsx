import { Hidden, Layout } from "./layout.js";
import type { SessionsPageProps, Texted } from "./props.js";

/** A date and time in the page's language, in UTC: the server does not know the reader's time zone. */
function formatter(lang: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat(lang, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
  return (iso) => format.format(new Date(iso));
}

/** The user's sessions, each with a sign-out button but the current one, and one button for all the others. */
export function SessionsPage({ theme, text: { lang, messages }, csrfToken, revokeUrl, sessions }: Texted<SessionsPageProps>) {
  const text = messages.sessions;
  const when = formatter(lang);
  return (
    <Layout theme={theme} lang={lang} title={text.title}>
      <h1>{text.heading}</h1>
      <p class="muted">{text.intro}</p>
      {sessions.length === 0 && <p class="center">{text.none}</p>}
      <ul class="sessions">
        {sessions.map((session) => (
          <li class="session">
            <p>
              <strong>{session.userAgent ?? text.unknownDevice}</strong>
              {session.current && <span class="badge">{text.current}</span>}
            </p>
            <p class="muted">
              {text.signedIn(when(session.createdAt))}
              {session.ip && ` · ${session.ip}`}
            </p>
            <p class="muted">{text.lastActive(when(session.lastActiveAt))}</p>
            {!session.current && (
              <form action={revokeUrl} method="post">
                <Hidden name="csrfToken" value={csrfToken} />
                <Hidden name="id" value={session.id} />
                <button class="button secondary" type="submit">
                  {text.revoke}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
      {sessions.some((session) => !session.current) && (
        <form action={revokeUrl} method="post">
          <Hidden name="csrfToken" value={csrfToken} />
          <Hidden name="others" value="true" />
          <button class="button" type="submit">
            {text.revokeOthers}
          </button>
        </form>
      )}
    </Layout>
  );
}
