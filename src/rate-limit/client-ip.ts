import type { ResolvedConfig } from "../config/resolved-config.js";
import { warnOnce } from "../config/warn-once.js";
import type { AuthContext } from "../http/context.js";

const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function validIpv4(address: string): boolean {
  const parts = ipv4.exec(address);
  return Boolean(parts?.slice(1).every((part) => Number(part) <= 255));
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (dotted && !validIpv4(dotted[1])) return undefined;
  const [a, b, c, d] = dotted ? dotted[1].split(".").map(Number) : [];
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
    : address;
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const parse = (half: string) => (half === "" ? [] : half.split(":"));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : undefined;
  const written = head.length + (rest?.length ?? 0);
  if (rest === undefined ? written !== 8 : written > 7) return undefined;
  const groups = [...head, ...Array<string>(8 - written).fill("0"), ...(rest ?? [])];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  return groups.map((group) => parseInt(group, 16));
}

/**
 * The bucket an address counts in: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber
 * usually holds a whole /64), an IPv4-mapped IPv6 address as its IPv4 address. Undefined for anything else.
 */
export function addressBucket(raw: string): string | undefined {
  let address = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.replace(/%.*$/, "");
  if (validIpv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The address the nearest proxy saw: the last entry of X-Forwarded-For, which that proxy appended. */
function forwardedFor(request: Request): string | undefined {
  const entries = request.headers
    .get("x-forwarded-for")
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries?.at(-1);
}

const onWorkers = () => (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === "Cloudflare-Workers";

/** The client's address as the platform tells it: Cloudflare's header on Workers, forwarded headers when trusted, else the socket. */
function platformAddress(ctx: AuthContext, request: Request): string | null | undefined {
  if (onWorkers()) return request.headers.get("cf-connecting-ip");
  if (ctx.config.trustHost) return forwardedFor(request) ?? ctx.peer?.address();
  return ctx.peer?.address();
}

/**
 * Whether the client's address is known without the connection's peer: from the `clientIp` option, from
 * forwarded headers the deployment trusts, or from Cloudflare's header on Workers.
 */
export function addressWithoutConnection(config: ResolvedConfig): boolean {
  return Boolean(config.rateLimit.clientIp) || config.trustHost || onWorkers();
}

/** Says once per instance, naming the fix, that per-address limits are on but have no address to count. */
export function warnNoAddress(config: ResolvedConfig): void {
  if (config.rateLimit.enabled) warnOnce(config.runtime, config.logger, "rate-limit-no-address");
}

/** The client's address bucket, from the `clientIp` option or the platform; undefined when no source knows it. */
export async function clientAddress(ctx: AuthContext): Promise<string | undefined> {
  const request = ctx.peer?.request ?? ctx.request;
  const fromOption = await ctx.config.rateLimit.clientIp?.(request);
  const raw = fromOption || platformAddress(ctx, request);
  const bucket = raw ? addressBucket(raw) : undefined;
  if (!bucket) warnNoAddress(ctx.config);
  return bucket;
}
