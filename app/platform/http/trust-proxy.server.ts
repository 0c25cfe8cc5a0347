import { isIP } from "node:net";

/**
 * What Express's `trust proxy` setting accepts and we allow: `false` (the peer is the visitor), a
 * number of proxy hops in front of us, `true` (every hop: only when the proxy overwrites
 * X-Forwarded-For) or the addresses/subnets of our proxies.
 */
export type TrustProxy = boolean | number | string[];

// Names proxy-addr (Express) understands besides addresses.
const PRESETS = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrSubnet(item: string): boolean {
  if (PRESETS.has(item)) return true;
  const [address = "", prefix, ...rest] = item.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Parses TRUST_PROXY. Express given the raw string "1" reads it as an address, not a hop count, and
 * trusts nothing: every visitor behind the load balancer then shares one rate limit. Returns null
 * for a value that is none of the accepted forms.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 100 ? hops : null;
  }
  const items = value.split(",").map((item) => item.trim());
  return items.every(isAddressOrSubnet) ? items : null;
}
