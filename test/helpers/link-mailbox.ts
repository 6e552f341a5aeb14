import type { Client } from "./auth-client.js";
import type { EmailProviderConfig } from "../../src/config/providers/provider-types.js";

/** An email provider with id "email" that sends nothing: each sign-in link it would send lands in `links`, newest last. */
export function linkMailbox(overrides: Partial<EmailProviderConfig> = {}) {
  const links: string[] = [];
  const provider = {
    id: "email",
    type: "email",
    name: "Email",
    maxAge: 600,
    sendVerificationRequest: async ({ url }: { url: string }) => void links.push(url),
    ...overrides,
  } as EmailProviderConfig;
  return { links, provider };
}

/** The fields of the confirmation form a GET of an emailed link answered with, and where it posts them. */
export async function confirmationForm(page: Response): Promise<{ action: string; fields: Record<string, string> }> {
  const html = await page.text();
  const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/.exec(html)?.[1];
  if (page.status !== 200 || !action) throw new Error(`expected the confirmation page, got ${page.status}: ${html.slice(0, 200)}`);
  const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[match[1]] = unescape(match[2]);
  return { action: unescape(action), fields };
}

/** Follows an emailed link as a person does: a GET, then the button of the confirmation page when it shows one. */
export async function followLink(client: Client, link: string): Promise<{ opened: Response; signedIn: Response }> {
  const opened = await client.send(link);
  if (opened.status !== 200) return { opened, signedIn: opened };
  const { action, fields } = await confirmationForm(opened.clone());
  return { opened, signedIn: await client.send(action, { form: fields }) };
}
