/** An instance with an email provider whose sender keeps the links it was asked to send, and alice's credentials. */
import type { EmailProviderConfig } from "../../../src/providers/index.js";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { credentialsProvider, makeAuth } from "../../helpers/auth-client.js";

export const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

export function mailbox() {
  const links: string[] = [];
  const provider: EmailProviderConfig = {
    id: "email",
    name: "Email",
    type: "email",
    maxAge: 600,
    sendVerificationRequest: async ({ url }) => void links.push(url),
  };
  return { links, provider };
}

/** `env` stands for the deployment's environment: `{}` is development on an unknown host. */
export function emailAuth(env: Record<string, string> = {}, trustHost?: boolean) {
  const { links, provider } = mailbox();
  const auth = makeAuth({ adapter: MemoryAdapter(), providers: [provider, credentialsProvider()], trustHost }, { env });
  return { auth, links };
}
