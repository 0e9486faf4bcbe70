import { BlockList, isIP } from "node:net";

/**
 * Who the client is, for rate limits: the socket's peer, or (behind trusted proxies) the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy. An IPv6 client is one /64, since one
 * subscriber is handed a whole /64 and could otherwise rotate addresses past every limit.
 */
export type ProxyTrust = false | "any" | BlockList;

/** TRUST_PROXY: false, true (any peer: one proxy in front of us) or a list of addresses and CIDR ranges. */
export function parseProxyTrust(value: string | undefined): ProxyTrust | { error: string } {
  const text = (value ?? "").trim().toLowerCase();
  if (["", "false", "0", "no"].includes(text)) return false;
  if (["true", "1", "yes"].includes(text)) return "any";
  const list = new BlockList();
  for (const entry of text.split(",").map((e) => e.trim())) {
    const [address = "", bits] = entry.split("/");
    const family = isIP(address);
    if (!family) return { error: `"${entry}" is not an address or range` };
    const type = family === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32))
        return { error: `"${entry}" has a wrong prefix length` };
      list.addSubnet(address, prefix, type);
    }
  }
  return list;
}

const unmapped = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");

const trusts = (trust: ProxyTrust, address: string) => {
  if (trust === false) return false;
  if (trust === "any") return true;
  const family = isIP(address);
  return family !== 0 && trust.check(address, family === 6 ? "ipv6" : "ipv4");
};

/** The address a client is limited by: IPv4 as it is, IPv6 as its /64 ("2001:db8:1:2::/64"). */
export function limitKeyOf(address: string): string {
  const plain = unmapped(address);
  if (isIP(plain) !== 6) return plain;
  const [head = "", tail = ""] = plain.toLowerCase().split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const missing = 8 - headParts.length - tailParts.length;
  const full = plain.includes("::") ? [...headParts, ...Array(missing).fill("0"), ...tailParts] : headParts;
  return `${full
    .slice(0, 4)
    .map((part) => part.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The client's address from the socket peer and the X-Forwarded-For header, as far as the proxies are trusted. */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trust: ProxyTrust): string {
  let client = peer ? unmapped(peer) : undefined;
  if (client === undefined && trust !== false) client = "unknown-proxy";
  if (!client) return "unknown";
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => unmapped(hop.trim()))
    .filter(Boolean);
  // Walk from the right: each hop a trusted proxy appended names the one before it.
  while (hops.length > 0 && (trusts(trust, client) || client === "unknown-proxy")) {
    const next = hops.pop() as string;
    if (!isIP(next)) break;
    client = next;
    if (trust === "any") break; // one proxy: only its own entry is believed
  }
  return client === "unknown-proxy" ? "unknown" : client;
}
