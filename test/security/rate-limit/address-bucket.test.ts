/** How addresses are grouped: IPv4 as is, IPv6 by /64, IPv4-mapped IPv6 as IPv4, ports and zones dropped, junk refused. */
import { describe, expect, it } from "vitest";
import { addressBucket } from "../../../src/rate-limit/client-ip.js";

describe("addressBucket", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:51234", "203.0.113.7"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::5]:443", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:198.51.100.4", "198.51.100.4"],
    ["::ffff:c633:6404", "198.51.100.4"],
  ])("%s counts as %s", (raw, bucket) => {
    expect(addressBucket(raw)).toBe(bucket);
  });

  it.each(["", "unknown", "256.1.1.1", "1.2.3", "2001:db8::1::2", "2001:db8:1:2:3:4:5:6:7", "::ffff:300.1.1.1", "g::1"])("refuses %j", (raw) => {
    expect(addressBucket(raw)).toBeUndefined();
  });
});
