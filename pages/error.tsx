import { Layout } from "./layout.js";
import { errorPageText, messages } from "./messages.js";
import type { ErrorPageProps } from "./props.js";

const statusByCode: Record<string, number> = { Configuration: 500, AccessDenied: 403, Verification: 403 };

/** The HTTP status of the error page for a code. */
export function errorPageStatus(code: string | undefined): number {
  return code !== undefined && Object.hasOwn(statusByCode, code) ? statusByCode[code] : 200;
}

/** Title and message for an `?error=` code; the code itself is never shown. */
export function ErrorPage({ theme, error, signinUrl }: ErrorPageProps) {
  const text = errorPageText(error);
  return (
    <Layout theme={theme} title={messages.error.title(text.title)}>
      <h1>{text.title}</h1>
      <p class="center">{text.message}</p>
      {text.showSignInLink && (
        <a class="button" href={signinUrl}>
          {messages.common.backToSignIn}
        </a>
      )}
    </Layout>
  );
}
