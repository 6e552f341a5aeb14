/**
 * The mailbox an address delivers to, for counting sign-in mails: "J.Doe+news@googlemail.com" and
 * "jdoe@gmail.com" land in one inbox, so they share one bucket. Only for counting: the address that identifies
 * the user is never rewritten. A rule that joins two real mailboxes only counts them more strictly.
 */

interface Provider {
  /** The domains of one provider, each delivering to the same account; the first is the one counted. */
  domains: readonly string[];
  /** Characters of the local part the provider does not read. */
  ignored?: RegExp;
  /** Where a tag starts, when not only at "+". */
  tag?: RegExp;
}

const providers: readonly Provider[] = [
  // Gmail reads no dots, and googlemail.com is the same account
  { domains: ["gmail.com", "googlemail.com"], ignored: /\./g },
  // Proton reads no dots, hyphens or underscores, and every one of its domains reaches the same account
  { domains: ["proton.me", "protonmail.com", "protonmail.ch", "pm.me"], ignored: /[._-]/g },
  // Yahoo's disposable addresses are "base-keyword"; its domains are separate accounts
  ...["yahoo.com", "ymail.com", "rocketmail.com", "yahoo.co.uk", "yahoo.co.jp", "yahoo.fr", "yahoo.de"].map((domain) => ({
    domains: [domain],
    tag: /[+-]/,
  })),
];

/** Fastmail also delivers "anything@user.fastmail.com" to user@fastmail.com (subdomain addressing). */
const fastmailSubdomain = /^([a-z0-9-]+)\.(fastmail\.(?:com|fm))$/;

/**
 * The mailbox of a lower-cased address: "+tag" dropped on every domain (Outlook, iCloud, Fastmail, Proton and most
 * mail servers deliver it to the base address), then each provider's own rules. Anything that is not `local@domain`
 * comes back as it is.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const subdomain = fastmailSubdomain.exec(domain);
  if (subdomain) [local, domain] = [subdomain[1], subdomain[2]];
  const provider = providers.find((candidate) => candidate.domains.includes(domain));
  const tag = local.search(provider?.tag ?? /\+/);
  if (tag > 0) local = local.slice(0, tag);
  if (provider?.ignored) local = local.replace(provider.ignored, "") || local;
  return `${local}@${provider?.domains[0] ?? domain}`;
}
