import { CodeForm } from "./code-form.js";
import { Alert, Hidden, Layout } from "./layout.js";
import type { EmailChangePageProps, Texted } from "./props.js";

/**
 * Each step of changing the email address. `confirm` is the emailed link's page: a button whose POST makes the
 * change, since mail scanners fetch links but do not submit forms. With codes on, `sent` (and `wrongCode`) take the
 * emailed code in the browser that asked. Every step leads back to the account page.
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
  const [heading, message] = {
    sent: [text.sentHeading, text.sent(email)],
    wrongCode: [text.sentHeading, undefined],
    confirm: [text.confirmHeading, text.confirmQuestion(email)],
    done: [text.doneHeading, text.done(email)],
    invalid: [text.invalidHeading, text.invalid],
    taken: [text.takenHeading, text.taken],
    otherUser: [text.otherUserHeading, text.otherUser],
    badAddress: [text.badAddressHeading, text.badAddress],
    unchanged: [text.unchangedHeading, text.unchanged],
  }[state];
  const form = actionUrl !== undefined && csrfToken !== undefined;
  return (
    <Layout theme={theme} lang={lang} title={text.title}>
      <h1>{heading}</h1>
      {state === "wrongCode" && <Alert>{text.wrongCode}</Alert>}
      {message && <p class="center">{message}</p>}
      {state === "confirm" && form && token && (
        <form action={actionUrl} method="post">
          <Hidden name="token" value={token} />
          <Hidden name="csrfToken" value={csrfToken} />
          <button class="button" type="submit">
            {text.confirmButton}
          </button>
        </form>
      )}
      {state !== "confirm" && form && (
        <CodeForm
          action={actionUrl}
          intro={text.codeIntro}
          csrfToken={csrfToken}
          id="email-change-code"
          label={text.codeLabel}
          button={text.codeButton}
        />
      )}
      <p class="center muted back">
        <a href={accountUrl}>{text.toAccount}</a>
      </p>
    </Layout>
  );
}
