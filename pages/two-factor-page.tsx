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

type CodeFormsProps = Pick<TwoFactorPageProps, "action" | "csrfToken" | "enrollment" | "trustDevice"> & { messages: Messages };

/** The authenticator app's code (or, enrolling, the new key and its first code), then a backup code. */
function CodeForms({ action, csrfToken, enrollment, trustDevice, messages }: CodeFormsProps) {
  const text = messages.twoFactor;
  return (
    <>
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
    </>
  );
}

/**
 * The second step of a sign-in: the authenticator app's code, a backup code, or (when offered) a passkey; for a
 * user the app requires a second factor of, the enrollment's key and first code instead, or only their passkey when
 * that is the second factor they have. The code forms are plain forms; only the passkey needs the script.
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
  passkeyOnly,
}: Texted<TwoFactorPageProps>) {
  const text = messages.twoFactor;
  const scripts = passkey && <passkey.view.PasskeyScripts scriptUrl={passkey.scriptUrl} />;
  const heading = enrollment ? text.enrollHeading : passkeyOnly ? text.passkeyHeading : text.heading;
  return (
    <Layout theme={theme} lang={lang} title={text.title} scripts={scripts}>
      <h1>{heading}</h1>
      {error && <Alert>{text.invalid}</Alert>}
      {passkeyOnly ? (
        <p>{text.passkeyOnlyIntro}</p>
      ) : (
        <CodeForms action={action} csrfToken={csrfToken} enrollment={enrollment} trustDevice={trustDevice} messages={messages} />
      )}
      {passkey && (
        <div data-webauthn hidden>
          {!passkeyOnly && <Divider text={messages.common.or} />}
          {!passkeyOnly && <p class="muted center">{text.passkeyIntro}</p>}
          <passkey.view.PasskeyForm
            messages={messages}
            provider={{ id: passkey.providerId, callbackUrl: action, credentials: {} }}
            optionsUrl={passkey.optionsUrl}
            csrfToken={csrfToken}
            callbackUrl={action}
            buttonText={text.passkeyButton}
          >
            {trustDevice && <TrustDevice messages={messages} />}
          </passkey.view.PasskeyForm>
        </div>
      )}
      <p class="center muted back">
        <a href={signinUrl}>{messages.common.backToSignIn}</a>
      </p>
    </Layout>
  );
}
