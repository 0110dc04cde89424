import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Which proxies the gateway believes about the client's address (X-Forwarded-For), the address
 * every per-IP limit keys on: none (`false`), the nearest `n` hops, or the listed proxies' own
 * addresses or CIDRs (the Ingress controller's). Never every hop: a client reaching the gateway
 * would then choose its own address by sending the header, and with it a fresh limit per request.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges (Fastify hands a list to it). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(v: string): boolean {
  return RANGE_NAMES.has(v) || ipaddr.isValid(v) || ipaddr.isValidCIDR(v);
}

/**
 * TRUST_PROXY: `false` (or unset, `none`, `0`), a hop count (`1` behind one proxy), or a
 * comma-separated list of proxy addresses or CIDRs. `true` (trust every hop) is refused.
 */
export const trustProxySetting = z
  .string()
  .trim()
  .default('false')
  .superRefine((v, ctx) => {
    const s = v.toLowerCase();
    if (s === 'true')
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every hop (a client could choose its own address with X-Forwarded-For): give the number of proxies in front of the gateway (e.g. 1) or their addresses/CIDRs, comma-separated',
      });
    else if (['', 'false', 'none'].includes(s) || /^\d+$/.test(s)) {
      if (/^\d+$/.test(s) && Number(s) > 10) ctx.addIssue({ code: 'custom', message: 'must be at most 10 hops' });
    } else {
      const bad = s
        .split(',')
        .map((p) => p.trim())
        .filter((p) => !isAddressOrCidr(p));
      if (bad.length)
        ctx.addIssue({
          code: 'custom',
          message: `must be false, a hop count, or proxy addresses/CIDRs separated by commas (not an address: ${bad.join(', ')})`,
        });
    }
  })
  .transform((v): TrustProxy => {
    const s = v.toLowerCase();
    if (['', 'false', 'none', '0'].includes(s)) return false;
    if (/^\d+$/.test(s)) return Number(s);
    return s.split(',').map((p) => p.trim());
  });
