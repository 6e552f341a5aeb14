import { Field } from "./fields.js";
import { Hidden } from "./layout.js";
import type { AccountPageProps, Texted } from "./props.js";
import { around, When } from "./session-list.js";
import { PASSKEY_NAME_MAX } from "../src/account/form-limits.js";

type Props = Texted<AccountPageProps>;

/** The linked provider accounts, each with an Unlink form, and the providers a user can link through their sign-in. */
function LinkedAccounts({ text: { messages }, csrfToken, baseUrl, view, providers }: Props) {
  const text = messages.account;
  const nameOf = (id: string) => providers.find((provider) => provider.id === id)?.name ?? id;
  const accounts = view.accounts ?? [];
  return (
    <>
      {view.accounts === null ? (
        <p class="muted">{text.accountsNotListed}</p>
      ) : (
        accounts.length === 0 && <p class="muted">{text.noLinked}</p>
      )}
      <ul class="sessions">
        {accounts.map((account, index) => (
          <li class="session">
            <p>
              <strong id={`account-${index}`}>{nameOf(account.provider)}</strong>
            </p>
            <form action={`${baseUrl}/account/unlink`} method="post">
              <Hidden name="csrfToken" value={csrfToken} />
              <Hidden name="provider" value={account.provider} />
              <Hidden name="providerAccountId" value={account.providerAccountId} />
              <button
                class="button secondary"
                type="submit"
                id={`unlink-${index}`}
                aria-labelledby={`unlink-${index} account-${index}`}
              >
                {text.unlink}
              </button>
            </form>
          </li>
        ))}
      </ul>
      {providers.length > 0 && (
        <>
          <p class="muted">{text.linkAnother}</p>
          <div class="providers">
            {providers.map((provider) => (
              <form action={provider.signinUrl} method="post">
                <Hidden name="csrfToken" value={csrfToken} />
                <Hidden name="callbackUrl" value={`${baseUrl}/account`} />
                <button class="button provider" type="submit">
                  {provider.name}
                </button>
              </form>
            ))}
          </div>
        </>
      )}
    </>
  );
}

/** The user's passkeys, each with a rename form and a Remove form where the app's stores can do that. */
function Passkeys({ text: { lang, messages }, csrfToken, baseUrl, view }: Props) {
  const text = messages.account;
  return (
    <>
      <h2>{text.passkeysHeading}</h2>
      {view.passkeys.length === 0 && <p class="muted">{text.noPasskeys}</p>}
      <ul class="sessions">
        {view.passkeys.map((passkey, index) => (
          <li class="session">
            <p>
              <strong id={`passkey-${index}`}>{passkey.name ?? text.unnamedPasskey}</strong>
            </p>
            {passkey.createdAt && <p class="muted">{around(text.added, <When iso={passkey.createdAt} lang={lang} />)}</p>}
            {passkey.lastUsedAt && <p class="muted">{around(text.lastUsed, <When iso={passkey.lastUsedAt} lang={lang} />)}</p>}
            {view.passkeyActions.rename && (
              <form action={`${baseUrl}/account/passkey/rename`} method="post">
                <Hidden name="csrfToken" value={csrfToken} />
                <Hidden name="id" value={passkey.id} />
                <Field
                  id={`passkey-name-${index}`}
                  name="name"
                  label={text.passkeyName}
                  attributes={{ type: "text", required: true, maxlength: PASSKEY_NAME_MAX, value: passkey.name ?? "" }}
                />
                <button class="button secondary" type="submit">
                  {text.rename}
                </button>
              </form>
            )}
            {view.passkeyActions.remove && (
              <form action={`${baseUrl}/account/passkey/remove`} method="post">
                <Hidden name="csrfToken" value={csrfToken} />
                <Hidden name="id" value={passkey.id} />
                <button
                  class="button secondary"
                  type="submit"
                  id={`remove-${index}`}
                  aria-labelledby={`remove-${index} passkey-${index}`}
                >
                  {text.remove}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Sign-in methods: linked providers, passkeys, and the password when one is set. */
export function MethodsSection(props: Props) {
  const text = props.text.messages.account;
  return (
    <section class="account-section">
      <h2>{text.methodsHeading}</h2>
      <LinkedAccounts {...props} />
      <Passkeys {...props} />
      {props.view.password && <p>{text.passwordSet}</p>}
    </section>
  );
}
