import { raw } from "hono/html";
import { MethodsSection } from "./account-methods.js";
import { Field } from "./fields.js";
import { Alert, Hidden, Layout } from "./layout.js";
import type { AccountPageProps, Texted } from "./props.js";
import { LocalTimes, SessionList, SignOutOthers } from "./session-list.js";
import { DELETE_CONFIRMATION } from "../src/account/form-limits.js";

type Props = Texted<AccountPageProps>;

/** The current address and, with an email provider, a form to change it (the change is proved through the new address). */
function EmailSection({ text: { messages }, csrfToken, baseUrl, view, emailChange }: Props) {
  const text = messages.account;
  return (
    <section class="account-section">
      <h2>{text.emailHeading}</h2>
      <p>{view.user.email ?? text.noEmail}</p>
      {emailChange && (
        <form action={`${baseUrl}/account/email`} method="post">
          <Hidden name="csrfToken" value={csrfToken} />
          <Field
            id="account-email"
            name="email"
            label={text.newEmail}
            attributes={{ type: "email", autocomplete: "email", required: true }}
          />
          <button class="button secondary" type="submit">
            {text.changeEmail}
          </button>
        </form>
      )}
    </section>
  );
}

/** The sessions, this device's first, and one button that signs out every other (it keeps this one). */
function SessionsSection({ text: { lang, messages }, csrfToken, baseUrl, view }: Props) {
  const revokeUrl = `${baseUrl}/sessions/revoke`;
  return (
    <section class="account-section">
      <h2>{messages.account.sessionsHeading}</h2>
      <SessionList
        lang={lang}
        messages={messages}
        csrfToken={csrfToken}
        revokeUrl={revokeUrl}
        sessions={view.sessions}
        onAccountPage
      />
      {view.sessions.some((session) => !session.current) && (
        <SignOutOthers messages={messages} csrfToken={csrfToken} revokeUrl={revokeUrl} onAccountPage />
      )}
    </section>
  );
}

/** Deleting the account: an "I understand" checkbox (it sends `confirm`), then the button. */
function DeleteSection({ text: { messages }, csrfToken, baseUrl }: Props) {
  const text = messages.account;
  return (
    <section class="account-section">
      <h2>{text.deleteHeading}</h2>
      <p class="muted">{text.deleteWarning}</p>
      <form action={`${baseUrl}/account/delete`} method="post">
        <Hidden name="csrfToken" value={csrfToken} />
        <div class="field">
          <label>
            <input type="checkbox" name="confirm" value={DELETE_CONFIRMATION} required /> {text.deleteUnderstand}
          </label>
        </div>
        <button class="button" type="submit">
          {text.deleteButton}
        </button>
      </form>
    </section>
  );
}

/** The account page: plain forms, each with the CSRF token, so that every change works without JavaScript. */
export function AccountPage(props: Props) {
  const { theme, text, notice, factorsSection } = props;
  const { lang, messages } = text;
  return (
    <Layout theme={theme} lang={lang} title={messages.account.title} scripts={<LocalTimes />}>
      <h1>{messages.account.heading}</h1>
      {notice === "LastWayIn" && <Alert>{messages.account.lastWayIn}</Alert>}
      {notice === "MissingCSRF" && <Alert>{messages.signIn.errors.MissingCSRF}</Alert>}
      {notice === "ConfirmationRequired" && <Alert>{messages.account.deleteNotConfirmed}</Alert>}
      <MethodsSection {...props} />
      {factorsSection && raw(factorsSection)}
      <EmailSection {...props} />
      <SessionsSection {...props} />
      <DeleteSection {...props} />
    </Layout>
  );
}
