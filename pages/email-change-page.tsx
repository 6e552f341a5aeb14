import { Hidden, Layout } from "./layout.js";
import type { EmailChangePageProps, Texted } from "./props.js";

/**
 * Each step of changing the email address. `confirm` is the emailed link's page: a button whose POST makes the
 * change, since mail scanners fetch links but do not submit forms. Every other step leads back to the account page.
 */
export function EmailChangePage({
  theme,
  text: { lang, messages },
  state,
  accountUrl,
  email = "",
  token,
  csrfToken,
  actionUrl,
}: Texted<EmailChangePageProps>) {
  const text = messages.emailChange;
  const content = {
    sent: [text.sentHeading, text.sent(email)],
    confirm: [text.confirmHeading, text.confirmQuestion(email)],
    done: [text.doneHeading, text.done(email)],
    invalid: [text.invalidHeading, text.invalid],
    taken: [text.takenHeading, text.taken],
    otherUser: [text.otherUserHeading, text.otherUser],
  }[state];
  return (
    <Layout theme={theme} lang={lang} title={text.title}>
      <h1>{content[0]}</h1>
      <p class="center">{content[1]}</p>
      {state === "confirm" && actionUrl && token && csrfToken && (
        <form action={actionUrl} method="post">
          <Hidden name="token" value={token} />
          <Hidden name="csrfToken" value={csrfToken} />
          <button class="button" type="submit">
            {text.confirmButton}
          </button>
        </form>
      )}
      <p class="center muted back">
        <a href={accountUrl}>{text.toAccount}</a>
      </p>
    </Layout>
  );
}
