/**
 * The local IdP's own pages: login, consent, errors and logout, plain HTML with system fonts and nothing
 * loaded from elsewhere. Form field names are the ones the test suites post (prompt, login, password).
 */
import { html, raw } from "hono/html";

type Markup = ReturnType<typeof html>;

const css = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#eef1f5;color:#1f2328;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
main{width:100%;max-width:360px;margin:16px;background:#fff;border:1px solid #d5d9df;border-radius:12px;padding:28px}
h1{font-size:1.25rem;margin:0 0 4px}
.sub{color:#5a6470;font-size:.875rem;margin:0 0 20px}
form{display:flex;flex-direction:column;gap:12px;margin:0}
label{font-size:.875rem;font-weight:500;display:flex;flex-direction:column;gap:4px}
input{font:inherit;padding:9px 12px;border:1px solid #d5d9df;border-radius:8px}
button{font:inherit;font-weight:500;padding:10px 16px;border:0;border-radius:8px;background:#6b3fd4;color:#fff;cursor:pointer}
ul{padding-left:20px;margin:0 0 8px}
`;

function page(title: string, body: Markup): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Demo IdP</title>
<style>${raw(css)}</style>
</head>
<body><main>${body}</main></body>
</html>`.toString();
}

export function loginPage(action: string, client: string): string {
  return page(
    "Sign in",
    html`<h1>Demo IdP</h1>
<p class="sub">Sign in to continue to ${client}. Any login name and any password work here.</p>
<form method="post" action="${action}">
<input type="hidden" name="prompt" value="login">
<label>Login name<input name="login" autocomplete="username" required autofocus></label>
<label>Password<input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function consentPage(action: string, client: string, scopes: string[]): string {
  return page(
    "Allow access",
    html`<h1>Allow access</h1>
<p class="sub">${client} asks to see:</p>
<ul>${scopes.map((scope) => html`<li>${scope}</li>`)}</ul>
<form method="post" action="${action}">
<input type="hidden" name="prompt" value="consent">
<button type="submit">Continue</button>
</form>`,
  );
}

export function errorPage(message: string): string {
  return page("Error", html`<h1>Something went wrong</h1><p class="sub">${message}</p>`);
}

/** The sign-out confirmation: oidc-provider hands over its form, which only holds its own hidden fields. */
export function logoutPage(form: string): string {
  return page(
    "Sign out",
    html`<h1>Sign out of Demo IdP?</h1>${raw(form)}<button type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>`,
  );
}

export function loggedOutPage(): string {
  return page("Signed out", html`<h1>Signed out</h1><p class="sub">You have signed out of Demo IdP.</p>`);
}
