import { Layout } from "./layout.js";
import type { SessionsPageProps, Texted } from "./props.js";
import { LocalTimes, SessionList, SignOutOthers } from "./session-list.js";

/** The user's sessions, this device's first, each with a sign-out button but the current one, and one button for all the others. */
export function SessionsPage({
  theme,
  text: { lang, messages },
  csrfToken,
  revokeUrl,
  sessions,
  backUrl,
}: Texted<SessionsPageProps>) {
  const text = messages.sessions;
  return (
    <Layout theme={theme} lang={lang} title={text.title} scripts={<LocalTimes />}>
      <h1>{text.heading}</h1>
      <p class="muted">{text.intro}</p>
      {sessions.length === 0 && <p class="center">{text.none}</p>}
      <SessionList lang={lang} messages={messages} csrfToken={csrfToken} revokeUrl={revokeUrl} sessions={sessions} />
      {sessions.some((session) => !session.current) && (
        <SignOutOthers messages={messages} csrfToken={csrfToken} revokeUrl={revokeUrl} />
      )}
      <p class="center back">
        <a href={backUrl}>{text.back}</a>
      </p>
    </Layout>
  );
}
