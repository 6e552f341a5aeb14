import { emailProviderMethod } from "./email-provider-method.js";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { verificationEmail } from "./email-message.js";
import { sendError } from "./email-send.js";
import { signInMethod, type EmailProviderConfig, type EmailVerificationRequest } from "../config/providers/provider-types.js";

/** An SMTP connection string (`smtp://user:pass@host:587`, `smtps://…`) or nodemailer SMTP transport options. */
export type SmtpServer = string | SMTPTransport.Options;
export type NodemailerConfig = EmailProviderConfig;
export type NodemailerUserConfig = NodemailerOptions;

export interface NodemailerOptions extends Partial<EmailProviderConfig> {
  server?: SmtpServer;
}

// nodemailer waits up to 2 minutes to connect by default; the user's sign-in request is waiting meanwhile.
const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The server option with sekisho's timeouts wherever the user did not set their own. */
function withTimeouts(server: SmtpServer): SmtpServer {
  if (typeof server !== "string") return { ...timeouts, ...server };
  const missing = Object.entries(timeouts).filter(([key]) => !new RegExp(`[?&]${key}=`).test(server));
  if (missing.length === 0) return server;
  const query = missing.map(([key, value]) => `${key}=${value}`).join("&");
  return `${server}${server.includes("?") ? "&" : "?"}${query}`;
}

// Imported on first use so that the core bundle, and apps that never send email, do not need nodemailer.
async function loadNodemailer() {
  try {
    return await import("nodemailer");
  } catch {
    throw new Error('The Nodemailer provider needs the "nodemailer" package: npm install nodemailer');
  }
}

function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${error.message} (${code})` : error.message;
}

async function sendWithNodemailer(params: EmailVerificationRequest): Promise<void> {
  const server = params.provider.server as SmtpServer | undefined;
  if (!server) {
    throw new Error(
      "Nodemailer: no SMTP server. Set the provider's `server` option to a connection string " +
        "(smtp://user:pass@smtp.example.com:587) or to nodemailer transport options.",
    );
  }
  const { createTransport } = await loadNodemailer();
  const transport = createTransport(withTimeouts(server));
  let info: SMTPTransport.SentMessageInfo;
  try {
    info = await transport.sendMail(verificationEmail(params));
  } catch (error) {
    throw sendError("Nodemailer", failureReason(error), params);
  } finally {
    transport.close();
  }
  if ((info.rejected?.length ?? 0) > 0 || (info.pending?.length ?? 0) > 0) {
    throw sendError("Nodemailer", "the SMTP server did not accept the recipient", params);
  }
}

/**
 * Magic-link sign-in with the email sent over SMTP by nodemailer (an optional peer dependency).
 * `server` is a connection string or nodemailer transport options; `from` is the sender address.
 */
export default function Nodemailer(config: NodemailerOptions = {}): EmailProviderConfig {
  return {
    id: "nodemailer",
    name: "Nodemailer",
    type: "email",
    [signInMethod]: emailProviderMethod,
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWithNodemailer,
    options: config,
  };
}
