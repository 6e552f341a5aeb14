import { Field } from "./fields.js";
import { Alert, Divider, Hidden, Layout } from "./layout.js";
import { signInErrorText, type Messages } from "./messages.js";
import type { VerifyRequestPageProps, Texted } from "./props.js";

function CodeForm({
  messages,
  otpUrl,
  email,
  csrfToken,
  confirms,
}: {
  messages: Messages;
  otpUrl: string;
  email?: string;
  csrfToken?: string;
  confirms?: boolean;
}) {
  return (
    <form action={otpUrl} method="post">
      <p class="muted center">{messages.verifyRequest.codeIntro}</p>
      {csrfToken !== undefined && <Hidden name="csrfToken" value={csrfToken} />}
      {email !== undefined ? (
        <Hidden name="email" value={email} />
      ) : (
        <Field
          id="otp-email"
          name="email"
          label={messages.common.emailLabel}
          attributes={{ type: "email", autocomplete: "email", placeholder: messages.common.emailPlaceholder, required: true }}
        />
      )}
      <Field
        id="otp-code"
        name="code"
        label={messages.verifyRequest.codeLabel}
        attributes={{ type: "text", inputmode: "numeric", autocomplete: "one-time-code", required: true }}
      />
      <button class="button" type="submit">
        {confirms ? messages.verifyRequest.confirmCodeButton : messages.verifyRequest.codeButton}
      </button>
    </form>
  );
}

/** "Check your email", naming the address when it is known, with a form for the one-time code when the provider sends one. */
export function VerifyRequestPage(props: Texted<VerifyRequestPageProps>) {
  const {
    theme,
    text: { lang, messages },
    host,
    signinUrl,
    otpUrl,
    email,
    csrfToken,
    error,
    triesLeft,
    confirms,
  } = props;
  return (
    <Layout theme={theme} lang={lang} title={messages.verifyRequest.title}>
      <h1>{messages.verifyRequest.heading}</h1>
      {error && (
        <Alert>
          {signInErrorText(messages, error)}
          {triesLeft !== undefined && ` ${messages.verifyRequest.triesLeft(triesLeft)}`}
        </Alert>
      )}
      <p class="center">{email !== undefined ? messages.verifyRequest.sentTo(email, host) : messages.verifyRequest.sent(host)}</p>
      {otpUrl !== undefined && (
        <>
          <Divider text={messages.common.or} />
          <CodeForm messages={messages} otpUrl={otpUrl} email={email} csrfToken={csrfToken} confirms={confirms} />
        </>
      )}
      {signinUrl !== undefined && (
        <p class="center muted back">
          <a href={signinUrl}>{messages.common.backToSignIn}</a>
        </p>
      )}
    </Layout>
  );
}
