/**
 * Whether a stored expiry (a Date, or the text or number an adapter gives) has passed. One that is no date at all
 * has: `NaN <= now` is false, so the plain comparison would keep such a session, link or challenge for good.
 */
export function hasExpired(expires: Date | string | number, now = Date.now()): boolean {
  return !(new Date(expires).valueOf() > now);
}
