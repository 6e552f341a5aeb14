import { Field } from "./fields.js";
import { Alert, Hidden, Layout } from "./layout.js";
import type { PasswordPageProps, Texted } from "./props.js";
import type { Messages } from "./messages.js";

type Text = Messages["password"];

function errorText(text: Text, code: string): string {
  return Object.hasOwn(text.errors, code) ? text.errors[code as keyof Text["errors"]] : text.errors.default;
}

/** The new-password field: `new-password` for password managers, the length rule as its only hint. */
function NewPassword({ text, minLength, maxLength }: { text: Text; minLength: number; maxLength: number }) {
  return (
    <>
      <Field
        id="password-new"
        name="password"
        label={text.newPasswordLabel}
        attributes={{
          type: "password",
          autocomplete: "new-password",
          minlength: minLength,
          maxlength: maxLength * 4,
          required: true,
          "aria-describedby": "password-hint",
        }}
      />
      <p id="password-hint" class="muted">
        {text.lengthHint(minLength, maxLength)}
      </p>
    </>
  );
}

/** The Password provider's forms: sign-up, forgot, reset (with the link's token) and change. Plain forms; no script. */
export function PasswordPage(props: Texted<PasswordPageProps>) {
  const { theme, text: page, form, action, csrfToken, error, minLength, maxLength, token, email, done, passkeyUrl } = props;
  const text = page.messages.password;
  const common = page.messages.common;
  const title = { signUp: text.signUpTitle, forgot: text.forgotTitle, reset: text.resetTitle, change: text.changeTitle }[form];
  const button = { signUp: text.signUpButton, forgot: text.forgotButton, reset: text.resetButton, change: text.changeButton }[
    form
  ];
  return (
    <Layout theme={theme} lang={page.lang} title={title}>
      <h1>{title}</h1>
      {error && <Alert>{errorText(text, error)}</Alert>}
      {done && <p class="center">{text.changed}</p>}
      {done && passkeyUrl && (
        <p class="center muted">
          {text.passkeyOffer} <a href={passkeyUrl}>{text.passkeyButton}</a>
        </p>
      )}
      <form action={action} method="post">
        <Hidden name="csrfToken" value={csrfToken} />
        {token !== undefined && <Hidden name="token" value={token} />}
        {form === "forgot" && <p class="muted center">{text.forgotIntro}</p>}
        {form === "signUp" && (
          <Field id="password-name" name="name" label={text.nameLabel} attributes={{ type: "text", autocomplete: "name" }} />
        )}
        {(form === "signUp" || form === "forgot") && (
          <Field
            id="password-email"
            name="email"
            label={common.emailLabel}
            attributes={{ type: "email", autocomplete: "username", required: true, value: email, autofocus: true }}
          />
        )}
        {form === "change" && (
          <Field
            id="password-current"
            name="current"
            label={text.currentPasswordLabel}
            attributes={{ type: "password", autocomplete: "current-password", required: true, autofocus: true }}
          />
        )}
        {form !== "forgot" && <NewPassword text={text} minLength={minLength} maxLength={maxLength} />}
        {form === "change" && (
          <div class="field">
            <label>
              <input type="checkbox" name="keepOtherSessions" value="true" /> {text.keepOtherSessions}
            </label>
          </div>
        )}
        <button class="button" type="submit">
          {button}
        </button>
      </form>
      <p class="center muted back">
        {form === "signUp" ? <a href={props.forgotUrl}>{text.forgotLink}</a> : <a href={props.signUpUrl}>{text.signUpLink}</a>}
        {" · "}
        <a href={props.signinUrl}>{common.backToSignIn}</a>
      </p>
    </Layout>
  );
}
