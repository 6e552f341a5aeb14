/**
 * A client address bucket (see rate-limit/client-ip.ts: IPv4 as is, IPv6 as its /64) cut to what a session
 * list shows: the IPv4 /24 ("203.0.113.x") or the IPv6 /48 ("2001:db8:1::/48").
 */
export function truncateAddress(bucket: string | undefined): string | undefined {
  if (!bucket) return undefined;
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(bucket)) return `${bucket.slice(0, bucket.lastIndexOf("."))}.x`;
  const groups = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(bucket);
  return groups
    ? `${groups
        .slice(1, 4)
        .map((group) => group.replace(/^0+(?=.)/, ""))
        .join(":")}::/48`
    : undefined;
}
