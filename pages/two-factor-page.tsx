import { CodeForm } from "./code-form.js";
import { Field } from "./fields.js";
import { Alert, Divider, Hidden, Layout } from "./layout.js";
import type { Messages } from "./messages.js";
import type { TwoFactorPageProps, Texted } from "./props.js";
import { TotpEnrollment } from "./totp-enrollment.js";

function TrustDevice({ messages }: { messages: Messages }) {
  return (
    <div class="field">
      <label>
        <input type="checkbox" name="trustDevice" value="1" /> {messages.twoFactor.trustDevice}
      </label>
    </div>
  );
}

/**
 * The second step of a sign-in: the authenticator app's code, a backup code, or (when offered) a passkey; for a
 * user the app requires a second factor of, the enrollment's key and first code instead. The code forms are plain
 * forms; only the passkey needs the script.
 */
export function TwoFactorPage({
  theme,
  text: { lang, messages },
  csrfToken,
  action,
  signinUrl,
  error,
  enrollment,
  trustDevice,
  passkey,
}: Texted<TwoFactorPageProps>) {
  const text = messages.twoFactor;
  const scripts = passkey && <passkey.view.PasskeyScripts scriptUrl={passkey.scriptUrl} />;
  return (
    <Layout theme={theme} lang={lang} title={text.title} scripts={scripts}>
      <h1>{enrollment ? text.enrollHeading : text.heading}</h1>
      {error && <Alert>{text.invalid}</Alert>}
      <CodeForm
        action={action}
        intro={enrollment ? <TotpEnrollment messages={messages} {...enrollment} /> : text.intro}
        csrfToken={csrfToken}
        id="two-factor-code"
        label={text.codeLabel}
        button={enrollment ? text.enrollButton : text.button}
        digits={6}
      >
        {trustDevice && <TrustDevice messages={messages} />}
      </CodeForm>
      {!enrollment && (
        <>
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
            {trustDevice && <TrustDevice messages={messages} />}
            <button class="button secondary" type="submit">
              {text.backupButton}
            </button>
          </form>
        </>
      )}
      {passkey && (
        <div data-webauthn hidden>
          <Divider text={messages.common.or} />
          <p class="muted center">{text.passkeyIntro}</p>
          <passkey.view.PasskeyForm
            messages={messages}
            provider={{ id: passkey.providerId, callbackUrl: action, credentials: {} }}
            optionsUrl={passkey.optionsUrl}
            csrfToken={csrfToken}
            callbackUrl={action}
            buttonText={text.passkeyButton}
          />
        </div>
      )}
      <p class="center muted back">
        <a href={signinUrl}>{messages.common.backToSignIn}</a>
      </p>
    </Layout>
  );
}
