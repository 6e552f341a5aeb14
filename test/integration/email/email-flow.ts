/** Email sign-in as a user does it: request a link on the sign-in page, read the mail, follow the link. */
import type { Client } from "../../helpers/auth-client.js";

export async function requestLink(client: Client, email: string, providerId = "nodemailer", callbackUrl = "/inbox"): Promise<Response> {
  return client.send(`/signin/${providerId}`, { form: { csrfToken: await client.csrfToken(), email, callbackUrl } });
}

/** The sign-in link in a message's text part. */
export function linkIn(text: string | undefined): string {
  const link = /https?:\/\/\S+\/callback\/\S+/.exec(text ?? "")?.[0];
  if (!link) throw new Error("No sign-in link in the message");
  return link;
}

export function codeIn(text: string | undefined): string {
  const code = /\b(\d{6})\b/.exec(text ?? "")?.[1];
  if (!code) throw new Error("No code in the message");
  return code;
}
