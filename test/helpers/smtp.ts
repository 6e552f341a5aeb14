import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  port: number;
  /** Every message received so far, in order. */
  messages: ParsedMail[];
  /**
   * The next message to `to` (by envelope recipient, case-insensitive) that no earlier call returned:
   * one already received, or the next to arrive within `timeoutMs`.
   */
  waitForMessage(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

interface Waiter {
  to: string;
  resolve(mail: ParsedMail): void;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth required) that parses and keeps every message. */
export async function startSmtp(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const recipients = new Map<ParsedMail, string[]>();
  const taken = new Set<ParsedMail>();
  const waiters = new Set<Waiter>();

  const take = (to: string): ParsedMail | undefined => {
    const mail = messages.find((message) => !taken.has(message) && recipients.get(message)!.includes(to));
    if (mail) taken.add(mail);
    return mail;
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          recipients.set(
            mail,
            session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          );
          for (const waiter of waiters) {
            const found = take(waiter.to);
            if (found) {
              waiters.delete(waiter);
              waiter.resolve(found);
            }
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port));
  });

  return {
    port,
    messages,
    waitForMessage(to, timeoutMs = 5_000) {
      const address = to.toLowerCase();
      const ready = take(address);
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          to: address,
          resolve(mail) {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No email to ${to} arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
