import { Hidden, Layout } from "./layout.js";
import type { SignOutPageProps, Texted } from "./props.js";

/** Asks for confirmation, then POSTs the CSRF token to the signout route. */
export function SignOutPage({ theme, text: { lang, messages }, csrfToken, url, callbackUrl }: Texted<SignOutPageProps>) {
  return (
    <Layout theme={theme} lang={lang} title={messages.signOut.title}>
      <h1>{messages.signOut.heading}</h1>
      <p class="center">{messages.signOut.question}</p>
      <form action={url} method="post">
        <Hidden name="csrfToken" value={csrfToken} />
        {callbackUrl !== undefined && <Hidden name="callbackUrl" value={callbackUrl} />}
        <button class="button" type="submit">
          {messages.signOut.button}
        </button>
      </form>
    </Layout>
  );
}
