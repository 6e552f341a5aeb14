import { Hidden, Layout } from "./layout.js";
import type { EmailConfirmPageProps, Texted } from "./props.js";

/**
 * The page an emailed link opens when confirmation is on. Link scanners fetch with GET and do not
 * submit forms, so only a person pressing the button uses the token.
 */
export function EmailConfirmPage({
  theme,
  text: { lang, messages },
  actionUrl,
  token,
  email,
  callbackUrl,
  csrfToken,
}: Texted<EmailConfirmPageProps>) {
  return (
    <Layout theme={theme} lang={lang} title={messages.emailConfirm.title}>
      <h1>{messages.emailConfirm.heading}</h1>
      <p class="center">{messages.emailConfirm.question(email)}</p>
      <form action={actionUrl} method="post">
        <Hidden name="token" value={token} />
        <Hidden name="email" value={email} />
        <Hidden name="callbackUrl" value={callbackUrl} />
        <Hidden name="csrfToken" value={csrfToken} />
        <button class="button" type="submit">
          {messages.emailConfirm.button}
        </button>
      </form>
      <p class="muted center note">{messages.emailConfirm.explanation}</p>
    </Layout>
  );
}
