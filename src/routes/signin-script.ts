import type { AuthContext } from "../http/context.js";
import type { Outcome } from "../http/outcome.js";

/*
 * The sign-in page's own script, served from sekisho's routes so that a Content-Security-Policy without
 * 'unsafe-inline' allows it. Static: it finds its buttons by their data-* attributes. A revealed password
 * is hidden again before its form is sent, so the browser still offers to save it.
 */
const script = `for (const button of document.querySelectorAll("[data-reveal]")) {
  const input = document.getElementById(button.dataset.reveal);
  if (!input) continue;
  button.hidden = false;
  button.addEventListener("click", () => {
    const reveal = input.type === "password";
    input.type = reveal ? "text" : "password";
    button.setAttribute("aria-pressed", String(reveal));
  });
  if (input.form) input.form.addEventListener("submit", () => {
    input.type = "password";
    button.setAttribute("aria-pressed", "false");
  });
}
`;

/** `GET /signin-script`: the show-password buttons' script, cacheable for a day. */
export function signInScriptRoute(_ctx: AuthContext): Outcome {
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=86400",
    "X-Content-Type-Options": "nosniff",
  };
  return { kind: "reply", status: 200, body: script, headers, cookies: [] };
}
