import type { JSX } from "hono/jsx/jsx-runtime";
import { Hidden } from "./layout.js";
import type { Messages } from "./messages.js";
import type { SessionView } from "./props.js";

const timeFormat: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
};

/** A date and time in the page's language, in UTC until the page's script shows it in the reader's time zone. */
export function formatter(lang: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat(lang, { ...timeFormat, timeZone: "UTC" });
  return (iso) => format.format(new Date(iso));
}

/*
 * The server does not know the reader's time zone: this script, run under the page's CSP nonce, rewrites
 * each <time> in it with the same format. Without JavaScript the UTC text stays, which says it is UTC.
 */
const localTimes = `(() => {
  const lang = document.documentElement.lang;
  const format = new Intl.DateTimeFormat(lang, ${JSON.stringify(timeFormat)});
  for (const time of document.querySelectorAll("time[datetime]")) time.textContent = format.format(new Date(time.dateTime));
})();`;

/** The script that shows each `<time>` of the page in the reader's time zone. */
export const LocalTimes = () => <script dangerouslySetInnerHTML={{ __html: localTimes }} />;

/** "Chrome on Linux" as recorded, in the page's language; names the recorder did not join are shown as they are. */
function deviceName(messages: Messages, recorded: string | null): string {
  if (recorded === null) return messages.sessions.unknownDevice;
  const at = recorded.indexOf(" on ");
  return at > 0 ? messages.sessions.device(recorded.slice(0, at), recorded.slice(at + 4)) : recorded;
}

/** A message of one argument with an element in the argument's place. */
export function around(message: (value: string) => string, element: JSX.Element) {
  const [before, after] = message("\u0000").split("\u0000");
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}

/** A `<time>` of an ISO instant, in UTC text until the page's script rewrites it. */
export const When = ({ iso, lang }: { iso: string; lang: string }) => <time datetime={iso}>{formatter(lang)(iso)}</time>;

export interface SessionListProps {
  lang: string;
  messages: Messages;
  csrfToken: string;
  revokeUrl: string;
  sessions: SessionView[];
  /** On the account page: shows how each session signed in, and a sign-out comes back to the account page. */
  onAccountPage?: boolean;
}

/**
 * The user's sessions, this device's first, each with a sign-out button but the current one. Each button's
 * accessible name is its row's: "Sign out", the device, when it signed in.
 */
export function SessionList({ lang, messages, csrfToken, revokeUrl, sessions, onAccountPage }: SessionListProps) {
  const text = messages.sessions;
  const ordered = [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
  return (
    <ul class="sessions">
      {ordered.map((session, index) => (
        <li class="session">
          <p>
            <strong id={`device-${index}`}>{deviceName(messages, session.userAgent)}</strong>
            {session.current && <span class="badge">{text.current}</span>}
          </p>
          <p class="muted">
            <span id={`signed-in-${index}`}>{around(text.signedIn, <When iso={session.createdAt} lang={lang} />)}</span>
            {session.ip && ` · ${session.ip}`}
          </p>
          {onAccountPage && session.method && <p class="muted">{messages.account.signedInWith(session.method)}</p>}
          <p class="muted">{around(text.lastActive, <When iso={session.lastActiveAt} lang={lang} />)}</p>
          {!session.current && (
            <form action={revokeUrl} method="post">
              <Hidden name="csrfToken" value={csrfToken} />
              <Hidden name="id" value={session.id} />
              {onAccountPage && <Hidden name="from" value="account" />}
              <button
                class="button secondary"
                type="submit"
                id={`revoke-${index}`}
                aria-labelledby={`revoke-${index} device-${index} signed-in-${index}`}
              >
                {text.revoke}
              </button>
            </form>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One button that signs out every session of the user but this one; on the account page it comes back there. */
export function SignOutOthers({
  messages,
  csrfToken,
  revokeUrl,
  onAccountPage,
}: Pick<SessionListProps, "messages" | "csrfToken" | "revokeUrl" | "onAccountPage">) {
  return (
    <form action={revokeUrl} method="post">
      {onAccountPage && <p class="muted">{messages.account.signOutOthersHint}</p>}
      <Hidden name="csrfToken" value={csrfToken} />
      <Hidden name="others" value="true" />
      {onAccountPage && <Hidden name="from" value="account" />}
      <button class={onAccountPage ? "button secondary" : "button"} type="submit">
        {messages.sessions.revokeOthers}
      </button>
    </form>
  );
}
