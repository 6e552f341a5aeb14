import { Field, oneTimeCodeAttributes } from "./fields.js";
import { Alert, Divider, Hidden, Layout } from "./layout.js";
import type { TwoFactorPageProps, Texted } from "./props.js";

/** The second step of a sign-in: the authenticator app's code, or a backup code. Two plain forms; no script. */
export function TwoFactorPage({
  theme,
  text: { lang, messages },
  csrfToken,
  action,
  signinUrl,
  error,
}: Texted<TwoFactorPageProps>) {
  const text = messages.twoFactor;
  return (
    <Layout theme={theme} lang={lang} title={text.title}>
      <h1>{text.heading}</h1>
      {error && <Alert>{text.invalid}</Alert>}
      <form action={action} method="post">
        <p class="muted center">{text.intro}</p>
        <Hidden name="csrfToken" value={csrfToken} />
        <Field id="two-factor-code" name="code" label={text.codeLabel} attributes={oneTimeCodeAttributes} />
        <button class="button" type="submit">
          {text.button}
        </button>
      </form>
      <Divider text={messages.common.or} />
      <form action={action} method="post">
        <p class="muted center">{text.backupIntro}</p>
        <Hidden name="csrfToken" value={csrfToken} />
        <Field
          id="two-factor-backup"
          name="backupCode"
          label={text.backupLabel}
          attributes={{ type: "text", autocomplete: "off", spellcheck: "false", required: true }}
        />
        <button class="button secondary" type="submit">
          {text.backupButton}
        </button>
      </form>
      <p class="center muted back">
        <a href={signinUrl}>{messages.common.backToSignIn}</a>
      </p>
    </Layout>
  );
}
