// The address ranges outbound requests to user-given URLs may not reach (server-side request forgery).
import { describe, expect, test } from "bun:test";
import { forwardedClientAddress, isIpLiteral, parseIpv6, refusedAddressReason } from "../../server/domain/network.ts";

describe("refusedAddressReason", () => {
  test.each([
    ["0.0.0.0", "this network"],
    ["10.1.2.3", "private network"],
    ["100.64.0.1", "shared address space"],
    ["100.127.255.255", "shared address space"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["169.254.169.254", "cloud metadata"],
    ["169.254.1.1", "link-local"],
    ["172.16.0.1", "private network"],
    ["172.31.255.255", "private network"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.168.1.1", "private network"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["::", "unspecified address"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:a00:1", "private network"],
    ["::ffff:169.254.169.254", "cloud metadata"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::a00:1", "NAT64"],
    ["64:ff9b::8.8.8.8", "NAT64"],
    ["64:ff9b::7f00:1", "NAT64"],
    ["64:ff9b:1::7f00:1", "NAT64 (local use)"],
    ["64:ff9b:1:ffff::808:808", "NAT64 (local use)"],
    ["::ffff:0:127.0.0.1", "IPv4-translated"],
    ["::ffff:0:7f00:1", "IPv4-translated"],
    ["::ffff:0:8.8.8.8", "IPv4-translated"],
    ["2002:7f00:1::", "loopback"],
    ["fc00::1", "unique local network"],
    ["fd12:3456::1", "unique local network"],
    ["fd00:ec2::254", "cloud metadata"],
    ["fe80::1", "link-local"],
    ["febf::1", "link-local"],
    ["ff02::1", "multicast"],
    ["[::1]", "loopback"],
    ["example.com", "not an IP address"],
    ["1.2.3", "not an IP address"],
    ["1:2:3", "not an IP address"],
  ])("%s is refused (%s)", (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  test.each(["8.8.8.8", "93.184.216.34", "100.128.0.1", "172.32.0.1", "192.0.2.1", "198.20.0.1", "223.255.255.255", "2606:4700::1111", "2001:db8::1", "::ffff:8.8.8.8", "2002:808:808::"])(
    "%s is allowed",
    (address) => {
      expect(refusedAddressReason(address)).toBeNull();
    },
  );

  test("IPv6 parsing expands :: and a dotted tail; malformed forms are not addresses", () => {
    expect(parseIpv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIpv6("1::")).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const bad of ["1::2::3", "1:2:3:4:5:6:7:8:9", "12345::", "::1.2.3.256", "g::1"]) expect(parseIpv6(bad)).toBeNull();
  });

  test("IP literals as the URL parser leaves them, names not", () => {
    expect(isIpLiteral("127.0.0.1")).toBe(true);
    expect(isIpLiteral("[::1]")).toBe(true);
    expect(isIpLiteral("localhost")).toBe(false);
    expect(isIpLiteral("1.2.3.4.example")).toBe(false);
  });
});

describe("forwardedClientAddress (TRUST_PROXY)", () => {
  const peer = "10.0.0.5";

  test("one trusted hop: the address the proxy appended, whatever the client wrote before it", () => {
    expect(forwardedClientAddress(peer, "203.0.113.7", { hops: 1 })).toBe("203.0.113.7");
    expect(forwardedClientAddress(peer, "1.2.3.4, 203.0.113.7", { hops: 1 })).toBe("203.0.113.7");
  });

  test("two hops walk one further; a shorter chain ends at its far end; no header is the peer", () => {
    expect(forwardedClientAddress(peer, "198.51.100.1, 203.0.113.7, 10.0.0.9", { hops: 2 })).toBe("203.0.113.7");
    expect(forwardedClientAddress(peer, "203.0.113.7", { hops: 3 })).toBe("203.0.113.7");
    expect(forwardedClientAddress(peer, null, { hops: 1 })).toBe(peer);
  });

  test("listed proxies are skipped from the right, however their addresses are spelled", () => {
    const trusted = { addresses: ["10.0.0.5", "10.0.0.9", "0:0:0:0:0:0:0:1"] };
    expect(forwardedClientAddress(peer, "1.2.3.4, 203.0.113.7, 10.0.0.9", trusted)).toBe("203.0.113.7");
    expect(forwardedClientAddress("::1", "203.0.113.7", { addresses: ["0:0:0:0:0:0:0:1"] })).toBe("203.0.113.7");
    // A peer that is no listed proxy is the client: its header is anyone's writing.
    expect(forwardedClientAddress("198.51.100.8", "203.0.113.7", trusted)).toBe("198.51.100.8");
  });

  test("a malformed entry ends the walk at the last proxy that wrote it", () => {
    expect(forwardedClientAddress(peer, "203.0.113.7, not-an-address", { hops: 2 })).toBe(peer);
    expect(forwardedClientAddress(peer, "", { hops: 1 })).toBe(peer);
  });
});
