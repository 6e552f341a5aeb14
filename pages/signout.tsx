import { Hidden, Layout } from "./layout.js";
import { messages } from "./messages.js";
import type { SignOutPageProps } from "./props.js";

/** Asks for confirmation, then POSTs the CSRF token to the signout route. */
export function SignOutPage({ theme, csrfToken, url, callbackUrl }: SignOutPageProps) {
  return (
    <Layout theme={theme} title={messages.signOut.title}>
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
