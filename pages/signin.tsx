import type { Child } from "hono/jsx";
import { CredentialFields, Field, fieldId } from "./fields.js";
import { Alert, Divider, Hidden, Layout } from "./layout.js";
import { signInErrorText, type Messages } from "./messages.js";
import type { SignInPageProps, SignInPageProvider, Texted } from "./props.js";
import type { PasskeyView } from "../src/config/providers/provider-view.js";
import { safeColor, safeImageUrl } from "./sanitize.js";

interface FormContext {
  messages: Messages;
  csrfToken: string;
  callbackUrl: string;
  /** A sign-in again for a sensitive action: OpenID providers are asked to have the user sign in afresh. */
  reauth?: boolean;
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

function OAuthForm({ provider, messages, csrfToken, callbackUrl, reauth }: FormContext & { provider: SignInPageProvider }) {
  const logo = safeImageUrl(provider.style?.logo);
  return (
    <form action={provider.signinUrl} method="post">
      <Hidden name="csrfToken" value={csrfToken} />
      <Hidden name="callbackUrl" value={callbackUrl} />
      {reauth && <Hidden name="reauth" value="1" />}
      <button class="button provider" type="submit" style={providerColors(provider)}>
        {logo && <img src={logo} alt="" width={20} height={20} referrerpolicy="no-referrer" />}
        <span>{messages.common.signInWith(provider.name)}</span>
      </button>
    </form>
  );
}

/** The magic-link form. `autofill` marks its input as the one the browser offers passkeys in. */
function EmailForm({
  provider,
  messages,
  csrfToken,
  callbackUrl,
  email,
  autofill,
  autofocus,
}: FormContext & { provider: SignInPageProvider; email?: string; autofill?: boolean; autofocus?: boolean }) {
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
          autocomplete: autofill ? "email webauthn" : "email",
          placeholder: messages.common.emailPlaceholder,
          required: true,
          autofocus,
          value: email,
        }}
      />
      <button class="button" type="submit">
        {messages.common.signInWithEmail}
      </button>
    </form>
  );
}

/** The name the Credentials provider has when the app gives it none: the button then says only "Sign in", translated. */
const defaultCredentialsName = "Credentials";

function CredentialsForm({
  provider,
  messages,
  csrfToken,
  callbackUrl,
  autofocus,
}: FormContext & { provider: SignInPageProvider; autofocus?: boolean }) {
  return (
    <form action={provider.callbackUrl} method="post">
      <Hidden name="csrfToken" value={csrfToken} />
      <Hidden name="callbackUrl" value={callbackUrl} />
      <CredentialFields
        messages={messages}
        providerId={provider.id}
        inputs={provider.credentials ?? {}}
        extra={autofocus ? { autofocus: true } : undefined}
        required
      />
      <button class="button" type="submit">
        {provider.name === defaultCredentialsName
          ? messages.signIn.signInWithCredentials
          : messages.common.signInWith(provider.name)}
      </button>
      {provider.links && (
        <p class="center muted">
          <a href={provider.links.forgot}>{messages.password.forgotLink}</a>
          {" · "}
          <a href={provider.links.signUp}>{messages.password.signUpLink}</a>
        </p>
      )}
    </form>
  );
}

type SignInPageInput = Texted<SignInPageProps> & { passkeyView?: PasskeyView };

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

/**
 * The sign-in page: the provider buttons, then one group per form, separated by "or". A passkey provider
 * without fields of its own uses the magic-link form's email input, so the page asks for an email once.
 * Passkeys need `passkeyView`.
 */
export function SignInPage(props: SignInPageInput) {
  const {
    providers,
    csrfToken,
    callbackUrl,
    text: { lang, messages },
  } = props;
  const context = { messages, csrfToken, callbackUrl, reauth: props.error === "RecentSignInRequired" };
  const oauth = providers.filter((p) => p.type === "oauth" || p.type === "oidc");
  const passkeys = passkeysOf(props);
  const emailProvider = providers.find((p) => p.type === "email");
  const sharesEmail = (provider: SignInPageProvider) => emailProvider !== undefined && provider.credentials === undefined;
  const passkeyForm = (provider: SignInPageProvider) =>
    passkeys && (
      <passkeys.view.PasskeyForm
        messages={messages}
        provider={provider}
        optionsUrl={passkeys.optionsUrl}
        csrfToken={csrfToken}
        callbackUrl={callbackUrl}
        emailInput={sharesEmail(provider) && emailProvider ? fieldId(emailProvider.id, "email") : undefined}
      />
    );

  const groups: Group[] = [];
  if (oauth.length > 0) {
    groups.push({
      content: (
        <div class="providers">
          {oauth.map((provider) => (
            <OAuthForm provider={provider} {...context} />
          ))}
        </div>
      ),
    });
  }
  const sharing = passkeys?.providers.filter(sharesEmail) ?? [];
  // The first field of the page takes the focus, so the user can type at once.
  const focused = providers.find(
    (p) => p.type === "email" || (p.type === "credentials" && Object.keys(p.credentials ?? {}).length > 0),
  );
  for (const provider of providers) {
    if (provider.type === "email") {
      const autofill = provider === emailProvider && sharing.some((p) => p.enableConditionalUI);
      groups.push({
        content: (
          <div class="stack">
            <EmailForm
              provider={provider}
              {...context}
              email={props.email}
              autofill={autofill}
              autofocus={provider === focused}
            />
            {provider === emailProvider &&
              sharing.map((passkey) => (
                <div data-webauthn hidden>
                  {passkeyForm(passkey)}
                </div>
              ))}
          </div>
        ),
      });
    } else if (provider.type === "credentials") {
      groups.push({ content: <CredentialsForm provider={provider} {...context} autofocus={provider === focused} /> });
    }
  }
  for (const provider of passkeys?.providers.filter((p) => !sharing.includes(p)) ?? []) {
    groups.push({ content: passkeyForm(provider), wrapper: { "data-webauthn": true, hidden: true } });
  }
  const hasPassword = providers.some((p) => Object.values(p.credentials ?? {}).some((input) => input.type === "password"));

  return (
    <Layout
      theme={props.theme}
      lang={lang}
      title={messages.signIn.title}
      brand={props.theme.brandName ?? props.host}
      scripts={
        <>
          {hasPassword && props.scriptUrl && <script src={props.scriptUrl} />}
          {passkeys && <passkeys.view.PasskeyScripts scriptUrl={passkeys.scriptUrl} />}
        </>
      }
    >
      <h1>{messages.signIn.heading}</h1>
      {props.error && <Alert>{signInErrorText(messages, props.error)}</Alert>}
      {groups.map((group, index) => (
        <div class="group" {...group.wrapper}>
          {index > 0 && <Divider text={messages.common.or} />}
          {group.content}
        </div>
      ))}
    </Layout>
  );
}
