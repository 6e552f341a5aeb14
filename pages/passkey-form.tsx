import type { CredentialInput, PasskeyFormProps } from "../src/config/providers/provider-view.js";
import { CredentialFields } from "./fields.js";
import { Hidden } from "./layout.js";
import type { Messages } from "./messages.js";

/*
 * Static: every value the script needs is read from the escaped data-* attributes of the form,
 * so nothing is ever interpolated into script text. The group stays hidden until the script
 * finds WebAuthn support, so without JavaScript no dead button shows.
 */
const passkeyScript = `(() => {
  const lib = window.SimpleWebAuthnBrowser;
  if (!lib || !lib.browserSupportsWebAuthn()) return;
  const field = (form, name) => form.elements.namedItem(name).value;
  const carried = (form) => [...form.querySelectorAll("[data-webauthn-carry] [name]")];
  const post = (form, action, data) => {
    const out = document.createElement("form");
    out.method = "post";
    out.action = new URL(form.getAttribute("action"), location.href).href;
    out.hidden = true;
    const values = {};
    for (const input of carried(form)) if (input.type !== "checkbox" || input.checked) values[input.name] = input.value;
    Object.assign(values, { action, data: JSON.stringify(data), csrfToken: field(form, "csrfToken"), callbackUrl: field(form, "callbackUrl") });
    for (const [name, value] of Object.entries(values)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      out.append(input);
    }
    document.body.append(out);
    out.submit();
  };
  const run = async (form, autofill) => {
    const url = new URL(form.dataset.webauthnOptions, location.href);
    if (autofill) {
      url.searchParams.set("action", "authenticate");
    } else {
      const skip = new Set(["csrfToken", "callbackUrl", ...carried(form).map((input) => input.name)]);
      for (const [name, value] of new FormData(form)) {
        if (!skip.has(name) && typeof value === "string" && value !== "") url.searchParams.set(name, value);
      }
      const shared = form.dataset.emailInput && document.getElementById(form.dataset.emailInput);
      if (shared && shared.value !== "") url.searchParams.set("email", shared.value);
    }
    const response = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
    if (!response.ok) throw new Error("options request failed: " + response.status);
    const { action, options } = await response.json();
    const data = action === "register"
      ? await lib.startRegistration({ optionsJSON: options })
      : await lib.startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
    post(form, action, data);
  };
  // Browsers refuse passkeys on a page opened at an IP address (such as 127.0.0.1): that gets its own text.
  const showError = (form, error) => {
    const box = form.querySelector("[data-webauthn-error]");
    box.textContent = error && error.code === "ERROR_INVALID_DOMAIN" ? form.dataset.errorDomain : form.dataset.error;
    box.hidden = false;
  };
  for (const group of document.querySelectorAll("[data-webauthn]")) {
    const form = group.querySelector("form");
    group.hidden = false;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      run(form, false).catch((error) => showError(form, error));
    });
    if (form.hasAttribute("data-conditional")) {
      lib.browserSupportsWebAuthnAutofill().then((supported) => {
        if (supported) run(form, true).catch(() => {});
      });
    }
  }
})();`;

/** Only a new account needs an email: an existing passkey names its user. */
function defaultFields(messages: Messages): Record<string, CredentialInput> {
  return { email: { label: messages.signIn.passkeyEmailLabel, type: "email" } };
}

/** The passkey form: its inputs go to the options request, the ceremony result is POSTed by the script. */
export function PasskeyForm({
  messages,
  provider,
  optionsUrl,
  csrfToken,
  callbackUrl,
  emailInput,
  buttonText,
  children,
}: PasskeyFormProps) {
  const autofill = provider.enableConditionalUI ? { autocomplete: "username webauthn" } : undefined;
  return (
    <form
      action={provider.callbackUrl}
      method="post"
      data-webauthn-options={optionsUrl}
      data-conditional={provider.enableConditionalUI ? "" : undefined}
      data-email-input={emailInput}
      data-error={messages.signIn.passkeyFailed}
      data-error-domain={messages.signIn.passkeyIpAddress}
    >
      {emailInput === undefined && (
        <CredentialFields
          messages={messages}
          providerId={provider.id}
          inputs={provider.credentials ?? defaultFields(messages)}
          extra={autofill}
        />
      )}
      <Hidden name="csrfToken" value={csrfToken} />
      <Hidden name="callbackUrl" value={callbackUrl} />
      {children && <div data-webauthn-carry="">{children}</div>}
      <div class="alert" role="alert" data-webauthn-error hidden />
      <button class={emailInput === undefined ? "button" : "button secondary"} type="submit">
        {buttonText ?? messages.signIn.passkeyButton}
      </button>
    </form>
  );
}

/** The browser helper (served by sekisho) and the script that drives the passkey forms. */
export function PasskeyScripts({ scriptUrl }: { scriptUrl: string }) {
  return (
    <>
      <script src={scriptUrl} />
      <script dangerouslySetInnerHTML={{ __html: passkeyScript }} />
    </>
  );
}
