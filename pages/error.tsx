import { Layout } from "./layout.js";
import { errorPageText } from "./messages.js";
import type { ErrorPageProps, Texted } from "./props.js";

const statusByCode: Record<string, number> = { Configuration: 500, AccessDenied: 403, Verification: 403, InvalidRequest: 400 };

/** The HTTP status of the error page for a code. */
export function errorPageStatus(code: string | undefined): number {
  return code !== undefined && Object.hasOwn(statusByCode, code) ? statusByCode[code] : 200;
}

/** Title, message and a way back for an `?error=` code; the code itself is never shown. */
export function ErrorPage({ theme, text: { lang, messages }, error, signinUrl, developerHint }: Texted<ErrorPageProps>) {
  const page = errorPageText(messages, error);
  const back =
    page.back === "signIn" && signinUrl
      ? { href: signinUrl, label: messages.common.backToSignIn }
      : { href: "/", label: messages.common.backHome };
  return (
    <Layout theme={theme} lang={lang} title={messages.error.title(page.title)}>
      <h1>{page.title}</h1>
      <p class="center">{page.message}</p>
      {developerHint && (
        <p class="developer-hint" lang="en">
          <strong>For the developer</strong> (shown outside production only): {developerHint}
        </p>
      )}
      <a class="button" href={back.href}>
        {back.label}
      </a>
    </Layout>
  );
}
