import type { EmailProviderConfig } from "../../src/config/providers/types.js";

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
