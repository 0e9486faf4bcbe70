import { describe, expect, it } from "vitest";
import { clientAddress, limitKeyOf, type ProxyTrust, parseProxyTrust } from "./client-address.ts";

const trust = (value: string) => parseProxyTrust(value) as ProxyTrust;

describe("who a client is, for the limits", () => {
  it("limits an IPv6 client as its /64, however it writes its address", () => {
    expect(limitKeyOf("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("2001:db8::5")).toBe("2001:db8:0:0::/64");
    expect(limitKeyOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(limitKeyOf("203.0.113.9")).toBe("203.0.113.9");
  });

  it("believes X-Forwarded-For only from the proxies TRUST_PROXY names, walking back through them", () => {
    const ours = trust("10.0.0.0/8, 192.168.1.5");
    // The load balancer (10.0.0.2) appended the client; a client's own entries to the left are not believed.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9", ours)).toBe("203.0.113.9");
    // Two of our proxies in a row: both are walked past.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9, 192.168.1.5", ours)).toBe("203.0.113.9");
    // A peer that is not our proxy is the client, whatever it claims.
    expect(clientAddress("198.51.100.7", "203.0.113.9", ours)).toBe("198.51.100.7");
    // Without TRUST_PROXY the header means nothing.
    expect(clientAddress("198.51.100.7", "203.0.113.9", trust("false"))).toBe("198.51.100.7");
  });

  it("with TRUST_PROXY=true believes only the one entry the proxy in front of us appended", () => {
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9", trust("true"))).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "not-an-address", trust("true"))).toBe("10.0.0.2");
  });

  it("refuses a TRUST_PROXY that is neither a switch nor addresses and ranges", () => {
    expect(parseProxyTrust("10.0.0.0/40")).toEqual({ error: '"10.0.0.0/40" has a wrong prefix length' });
    expect(parseProxyTrust("proxy.internal")).toEqual({ error: '"proxy.internal" is not an address or range' });
  });
});
