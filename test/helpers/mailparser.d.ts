// mailparser ships no types and @types/mailparser is not installed: the parts the tests read.
declare module "mailparser" {
  export interface EmailAddress {
    address?: string;
    name: string;
  }

  export interface AddressObject {
    value: EmailAddress[];
    text: string;
    html: string;
  }

  export interface ParsedMail {
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    subject?: string;
    text?: string;
    html: string | false;
    messageId?: string;
    date?: Date;
    headers: Map<string, unknown>;
    attachments: unknown[];
  }

  export function simpleParser(source: NodeJS.ReadableStream | Buffer | string): Promise<ParsedMail>;
}
