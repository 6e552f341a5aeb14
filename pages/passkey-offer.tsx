import { Hidden, Layout } from "./layout.js";
import type { PasskeyOfferPageProps, Texted } from "./props.js";

/** Offered once after a password sign-in to a user without a passkey: add one, or go on. Plain links and a form; no script. */
export function PasskeyOfferPage(props: Texted<PasskeyOfferPageProps>) {
  const { theme, text: page, addUrl, action, csrfToken, callbackUrl } = props;
  const text = page.messages.password;
  return (
    <Layout theme={theme} lang={page.lang} title={text.passkeyOfferTitle}>
      <h1>{text.passkeyOfferTitle}</h1>
      <p class="center">{text.passkeyOffer}</p>
      <a class="button" href={addUrl}>
        {text.passkeyButton}
      </a>
      <form action={action} method="post">
        <Hidden name="csrfToken" value={csrfToken} />
        <Hidden name="callbackUrl" value={callbackUrl} />
        <button class="button secondary" type="submit">
          {text.notNow}
        </button>
      </form>
    </Layout>
  );
}
