import { Layout } from "./layout.js";
import type { BackupCodesPageProps, Texted } from "./props.js";

/** The backup codes, shown this once, and the way on once they are kept. */
export function BackupCodesPage({ theme, text: { lang, messages }, codes, doneUrl }: Texted<BackupCodesPageProps>) {
  const text = messages.backupCodes;
  return (
    <Layout theme={theme} lang={lang} title={text.title}>
      <h1>{text.heading}</h1>
      <p class="muted center">{text.intro}</p>
      <ul class="codes" aria-label={text.listLabel}>
        {codes.map((code) => (
          <li>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <a class="button" href={doneUrl}>
        {text.done}
      </a>
    </Layout>
  );
}
