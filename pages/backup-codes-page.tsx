import { Layout } from "./layout.js";
import type { BackupCodesPageProps, Texted } from "./props.js";

/** The backup codes of a new enrollment, shown this once, then on to where the sign-in was going. */
export function BackupCodesPage({ theme, text: { lang, messages }, codes, continueUrl }: Texted<BackupCodesPageProps>) {
  const text = messages.twoFactor;
  return (
    <Layout theme={theme} lang={lang} title={text.codesTitle}>
      <h1>{text.codesTitle}</h1>
      <p class="muted center">{text.codesIntro}</p>
      <ul class="center" data-backup-codes>
        {codes.map((code) => (
          <li>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p class="center">
        <a class="button" href={continueUrl}>
          {text.codesContinue}
        </a>
      </p>
    </Layout>
  );
}
