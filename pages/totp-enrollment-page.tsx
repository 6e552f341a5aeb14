import { Field, oneTimeCodeAttributes } from "./fields.js";
import { Alert, Hidden, Layout } from "./layout.js";
import type { Texted, TotpEnrollmentPageProps } from "./props.js";

/** The key as an authenticator app's form asks for it: blocks of four, easier to type and to check. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * Turning on an authenticator app: the QR code (inline SVG, nothing loaded), the key to type instead, the
 * otpauth:// link for an app on this device, and a form for the first code. When the setup is gone (expired,
 * or finished in another tab) the page says so and offers to start again; when TOTP is on already, it says that. No
 * script.
 */
export function TotpEnrollmentPage({
  theme,
  text: { lang, messages },
  csrfToken,
  action,
  startUrl,
  backUrl,
  callbackUrl,
  secret,
  uri,
  qrSvg,
  error,
}: Texted<TotpEnrollmentPageProps>) {
  const text = messages.totpEnrollment;
  const back = (
    <p class="center muted back">
      <a href={backUrl}>{text.back}</a>
    </p>
  );
  if (error === "TwoFactorAlreadyOn") {
    return (
      <Layout theme={theme} lang={lang} title={text.title}>
        <h1>{text.alreadyOnHeading}</h1>
        <p class="muted center">{text.alreadyOnMessage}</p>
        {back}
      </Layout>
    );
  }
  if (error === "NoEnrollment" || !secret || !uri || !qrSvg) {
    return (
      <Layout theme={theme} lang={lang} title={text.title}>
        <h1>{text.staleHeading}</h1>
        <p class="muted center">{text.staleMessage}</p>
        <form action={startUrl} method="post">
          <Hidden name="csrfToken" value={csrfToken} />
          {callbackUrl && <Hidden name="callbackUrl" value={callbackUrl} />}
          <button class="button" type="submit">
            {text.startAgain}
          </button>
        </form>
        {back}
      </Layout>
    );
  }
  return (
    <Layout theme={theme} lang={lang} title={text.title}>
      <h1>{text.heading}</h1>
      {error && <Alert>{text.invalid}</Alert>}
      <p class="muted center">{text.intro}</p>
      <div class="qr" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p class="center">
        <span class="muted">{text.secretLabel}</span>
        <br />
        <code class="key" id="totp-key">
          {grouped(secret)}
        </code>
      </p>
      <p class="center muted">
        <a href={uri}>{text.openInApp}</a>
      </p>
      <form action={action} method="post">
        <p class="muted center">{text.codeIntro}</p>
        <Hidden name="csrfToken" value={csrfToken} />
        {callbackUrl && <Hidden name="callbackUrl" value={callbackUrl} />}
        <Field id="totp-code" name="code" label={text.codeLabel} attributes={oneTimeCodeAttributes} />
        <button class="button" type="submit">
          {text.button}
        </button>
      </form>
      {back}
    </Layout>
  );
}
