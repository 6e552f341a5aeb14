import type { Child } from "hono/jsx";
import { CredentialFields, Field, fieldId } from "./fields.js";
import { Alert, Divider, Hidden, Layout } from "./layout.js";
import { messages, signInErrorText } from "./messages.js";
import type { SignInPageProps, SignInPageProvider } from "./props.js";
import { safeColor, safeImageUrl } from "./sanitize.js";

/** The passkey parts of the page, passed in so that ./webauthn.js loads only for a WebAuthn provider. */
export type PasskeyView = Pick<typeof import("./webauthn.js"), "PasskeyForm" | "PasskeyScripts">;

interface FormContext {
  csrfToken: string;
  callbackUrl: string;
}

function providerColors(provider: SignInPageProvider): Record<string, string> | undefined {
  const background = safeColor(provider.style?.bg) ?? safeColor(provider.style?.brandColor);
  const text = safeColor(provider.style?.text);
  if (!background && !text) return undefined;
  const style: Record<string, string> = {};
  if (background) style["--provider-bg"] = background;
  if (text) style["--provider-text"] = text;
  return style;
}

function OAuthForm({ provider, csrfToken, callbackUrl }: FormContext & { provider: SignInPageProvider }) {
  const logo = safeImageUrl(provider.style?.logo);
  return (
    <form action={provider.signinUrl} method="post">
      <Hidden name="csrfToken" value={csrfToken} />
      <Hidden name="callbackUrl" value={callbackUrl} />
      <button class="button provider" type="submit" style={providerColors(provider)}>
        {logo && <img src={logo} alt="" width={20} height={20} referrerpolicy="no-referrer" />}
        <span>{messages.common.signInWith(provider.name)}</span>
      </button>
    </form>
  );
}

function EmailForm({ provider, csrfToken, callbackUrl, email }: FormContext & { provider: SignInPageProvider; email?: string }) {
  return (
    <form action={provider.signinUrl} method="post">
      <Hidden name="csrfToken" value={csrfToken} />
      <Hidden name="callbackUrl" value={callbackUrl} />
      <Field
        id={fieldId(provider.id, "email")}
        name="email"
        label={messages.common.emailLabel}
        attributes={{
          type: "email",
          autocomplete: "email",
          placeholder: messages.common.emailPlaceholder,
          required: true,
          value: email,
        }}
      />
      <button class="button" type="submit">
        {messages.common.signInWith(provider.name)}
      </button>
    </form>
  );
}

function CredentialsForm({ provider, csrfToken, callbackUrl }: FormContext & { provider: SignInPageProvider }) {
  return (
    <form action={provider.callbackUrl} method="post">
      <Hidden name="csrfToken" value={csrfToken} />
      <Hidden name="callbackUrl" value={callbackUrl} />
      <CredentialFields providerId={provider.id} inputs={provider.credentials ?? {}} />
      <button class="button" type="submit">
        {messages.common.signInWith(provider.name)}
      </button>
    </form>
  );
}

type SignInPageInput = SignInPageProps & { passkeyView?: PasskeyView };

interface Passkeys {
  view: PasskeyView;
  providers: SignInPageProvider[];
  scriptUrl: string;
  optionsUrl: string;
}

function passkeysOf({ passkeyView, providers, webauthnScriptUrl, webauthnOptionsUrl }: SignInPageInput): Passkeys | undefined {
  const webauthn = providers.filter((p) => p.type === "webauthn");
  // Without both URLs a passkey button could not work, so none is shown.
  if (!passkeyView || !webauthnScriptUrl || !webauthnOptionsUrl || webauthn.length === 0) return undefined;
  return { view: passkeyView, providers: webauthn, scriptUrl: webauthnScriptUrl, optionsUrl: webauthnOptionsUrl };
}

interface Group {
  content: Child;
  /** Attributes of the group's wrapper. */
  wrapper?: Record<string, string | boolean>;
}

/** The sign-in page: one group per way of signing in, separated by "or". Passkeys need `passkeyView`. */
export function SignInPage(props: SignInPageInput) {
  const { providers, csrfToken, callbackUrl } = props;
  const oauth = providers.filter((p) => p.type === "oauth" || p.type === "oidc");
  const groups: Group[] = [];
  if (oauth.length > 0) {
    groups.push({
      content: (
        <div class="providers">
          {oauth.map((provider) => (
            <OAuthForm provider={provider} csrfToken={csrfToken} callbackUrl={callbackUrl} />
          ))}
        </div>
      ),
    });
  }
  for (const provider of providers) {
    if (provider.type === "email") {
      groups.push({
        content: <EmailForm provider={provider} csrfToken={csrfToken} callbackUrl={callbackUrl} email={props.email} />,
      });
    } else if (provider.type === "credentials") {
      groups.push({ content: <CredentialsForm provider={provider} csrfToken={csrfToken} callbackUrl={callbackUrl} /> });
    }
  }
  const passkeys = passkeysOf(props);
  if (passkeys) {
    for (const provider of passkeys.providers) {
      groups.push({
        content: (
          <passkeys.view.PasskeyForm provider={provider} optionsUrl={passkeys.optionsUrl} csrfToken={csrfToken} callbackUrl={callbackUrl} />
        ),
        wrapper: { "data-webauthn": true, hidden: true },
      });
    }
  }

  return (
    <Layout
      theme={props.theme}
      title={messages.signIn.title}
      scripts={passkeys && <passkeys.view.PasskeyScripts scriptUrl={passkeys.scriptUrl} />}
    >
      <h1>{messages.signIn.heading}</h1>
      {props.error && <Alert>{signInErrorText(props.error)}</Alert>}
      {groups.map((group, index) => (
        <div class="group" {...group.wrapper}>
          {index > 0 && <Divider text={messages.common.or} />}
          {group.content}
        </div>
      ))}
    </Layout>
  );
}
