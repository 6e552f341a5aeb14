import { Hidden } from "./layout.js";
import type { AccountSectionProps } from "../src/flows/two-factor-contract.js";
import { around, When } from "./session-list.js";

/** A form of one button posting the CSRF token (and `fields`) to `action`. */
function ButtonForm({
  action,
  csrfToken,
  label,
  fields = {},
}: {
  action: string;
  csrfToken: string;
  label: string;
  fields?: Record<string, string>;
}) {
  return (
    <form action={action} method="post">
      <Hidden name="csrfToken" value={csrfToken} />
      {Object.entries(fields).map(([name, value]) => (
        <Hidden name={name} value={value} />
      ))}
      <button class="button secondary" type="submit">
        {label}
      </button>
    </form>
  );
}

/** Second factors: TOTP on or off, backup codes, trusted devices. The feature's module brings it (pages/two-factor-view.ts). */
export function FactorsSection({ text: { lang, messages }, csrfToken, baseUrl, view }: AccountSectionProps) {
  const text = messages.account;
  const { totp, backupCodesLeft, trustedDevices } = view.twoFactor;
  return (
    <section class="account-section">
      <h2>{text.factorsHeading}</h2>
      <p>{totp ? text.totpOn : text.totpOff}</p>
      {totp ? (
        <>
          <p class="muted">{text.backupCodesLeft(backupCodesLeft)}</p>
          <ButtonForm action={`${baseUrl}/account/totp/backup-codes`} csrfToken={csrfToken} label={text.regenerateCodes} />
          <ButtonForm action={`${baseUrl}/account/totp/disable`} csrfToken={csrfToken} label={text.turnOff} />
        </>
      ) : (
        <ButtonForm action={`${baseUrl}/account/totp`} csrfToken={csrfToken} label={text.turnOn} />
      )}
      {trustedDevices.length > 0 && (
        <>
          <h2>{text.trustedDevices}</h2>
          <ul class="sessions">
            {trustedDevices.map((device) => (
              <li class="session">
                <p>
                  <strong>{device.label ?? messages.sessions.unknownDevice}</strong>
                </p>
                {device.expires && <p class="muted">{around(text.trustedUntil, <When iso={device.expires} lang={lang} />)}</p>}
                <ButtonForm
                  action={`${baseUrl}/account/trusted-devices/revoke`}
                  csrfToken={csrfToken}
                  label={text.revokeDevice}
                  fields={{ id: device.id }}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
