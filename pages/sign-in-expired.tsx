import { Hidden, Layout } from "./layout.js";
import type { SignInExpiredPageProps, Texted } from "./props.js";

/**
 * A sign-in whose check cookies did not match: started in another tab, or left too long. The user's own
 * situation, so it says so and starts the same provider again (or leads back to the sign-in page).
 */
export function SignInExpiredPage(props: Texted<SignInExpiredPageProps>) {
  const {
    theme,
    text: { lang, messages },
    signinUrl,
    action,
    provider,
    csrfToken,
    callbackUrl,
  } = props;
  const text = messages.signInExpired;
  const again = action !== undefined && provider !== undefined && csrfToken !== undefined;
  return (
    <Layout theme={theme} lang={lang} title={text.title}>
      <h1>{text.heading}</h1>
      <p class="center">{text.message}</p>
      {again && (
        <form action={action} method="post">
          <Hidden name="csrfToken" value={csrfToken} />
          {callbackUrl !== undefined && <Hidden name="callbackUrl" value={callbackUrl} />}
          <button class="button" type="submit">
            {text.again(provider)}
          </button>
        </form>
      )}
      <p class="center back">
        <a href={signinUrl}>{again ? text.otherWays : messages.common.backToSignIn}</a>
      </p>
    </Layout>
  );
}
