/** An app with an email provider that sends codes, and the mail it "sent", for the one-time-code suites. */
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { type AuthConfig } from "../../../src/index.js";
import { createAuth } from "../../helpers/plain-providers.js";
import type { EmailProviderConfig } from "../../../src/config/providers/provider-types.js";
import { localClient, quietLogger, type Client } from "../../helpers/auth-client.js";

export const secret = "email-code-suite-secret-0123456789abcdefghij";

export interface Mail {
  identifier: string;
  otp?: string;
  url: string;
}

export function codeApp(config: Partial<AuthConfig> = {}, otp: EmailProviderConfig["otp"] = true) {
  const memory = MemoryAdapter();
  const writes = { verificationTokens: 0 };
  const adapter = {
    ...memory,
    createVerificationToken: (token: Parameters<typeof memory.createVerificationToken>[0]) => {
      writes.verificationTokens++;
      return memory.createVerificationToken(token);
    },
  };
  const mail: Mail[] = [];
  const provider: EmailProviderConfig = {
    id: "email",
    name: "Email",
    type: "email",
    otp,
    sendVerificationRequest: async ({ identifier, otp: code, url }) => void mail.push({ identifier, otp: code, url }),
  } as EmailProviderConfig;
  const auth = createAuth({ secret, adapter, providers: [provider], logger: quietLogger, ...config }, { env: {} });
  return { auth, adapter, mail, writes, client: () => localClient(auth.fetch) };
}

/** Asks for a code for `email` in `client`'s browser; returns the response and the code that was mailed, if any. */
export async function requestCode(client: Client, mail: Mail[], email: string) {
  const sent = mail.length;
  const response = await client.send("/signin/email", { form: { email, csrfToken: await client.csrfToken() } });
  return { response, code: mail.length > sent ? mail.at(-1)!.otp : undefined };
}

export async function tryCode(client: Client, email: string, code: string) {
  return client.send("/callback/email", { form: { email, code, csrfToken: await client.csrfToken() } });
}

export async function sessionEmail(client: Client): Promise<string | undefined> {
  const session = (await client.session()) as { user?: { email?: string } } | null;
  return session?.user?.email;
}

export const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");
