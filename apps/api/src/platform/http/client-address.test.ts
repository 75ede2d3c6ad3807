import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { memoryBucketStore } from './bucket-store'
import { rateLimit } from './rate-limit'
import {
  canonicalAddress,
  clientAddressOf,
  rateLimitClientOf,
  rateLimitKey,
  resolveClientAddress,
  splitProxyList,
  TrustedProxy,
  trustedProxyMatcher,
} from './client-address'

const LB = ['10.0.0.0/8', '2001:db8:ffff::/48']
const behindLb = trustedProxyMatcher(LB)
const resolve = (peer: string | undefined, xff?: string, trusted = behindLb) => resolveClientAddress(peer, xff, trusted)

describe('resolveClientAddress', () => {
  it('without trusted proxies is the socket peer, whatever X-Forwarded-For says', () => {
    const none = trustedProxyMatcher([])
    expect(resolve('198.51.100.9', undefined, none)).toBe('198.51.100.9')
    expect(resolve('198.51.100.9', '203.0.113.1', none)).toBe('198.51.100.9')
    expect(resolve('10.0.0.2', '203.0.113.1', none)).toBe('10.0.0.2')
  })

  it('behind a trusted load balancer is the address the balancer saw', () => {
    expect(resolve('10.0.0.2', '203.0.113.7')).toBe('203.0.113.7')
    expect(resolve('10.0.0.2', '203.0.113.7, 10.1.2.3')).toBe('203.0.113.7')
    expect(resolve('2001:db8:ffff::5', '2001:db8:1::77')).toBe('2001:db8:1::77')
  })

  it('ignores a forged X-Forwarded-For from a peer that is no trusted proxy', () => {
    expect(resolve('198.51.100.9', '203.0.113.1')).toBe('198.51.100.9')
    expect(resolve('198.51.100.9', '10.0.0.2')).toBe('198.51.100.9')
  })

  it('never reads what the client wrote left of the first untrusted hop', () => {
    // The client sent `X-Forwarded-For: 1.1.1.1, 10.9.9.9` hoping to pose as 1.1.1.1 behind a "proxy";
    // the balancer appended the address it really saw.
    expect(resolve('10.0.0.2', '1.1.1.1, 10.9.9.9, 203.0.113.7')).toBe('203.0.113.7')
    // A fresh forged address each request still lands in the real client's bucket.
    for (const forged of ['8.8.8.8', '9.9.9.9', 'unknown', '::1']) expect(resolve('10.0.0.2', `${forged}, 203.0.113.7`)).toBe('203.0.113.7')
  })

  it('skips every trusted hop of a proxy chain', () => {
    expect(resolve('10.0.0.3', '203.0.113.7, 10.0.0.1, 10.0.0.2')).toBe('203.0.113.7')
    // Several X-Forwarded-For lines arrive joined with ', '.
    expect(resolve('10.0.0.3', '203.0.113.7,10.0.0.1 ,  10.0.0.2')).toBe('203.0.113.7')
  })

  it('takes the leftmost hop when all are trusted, and the peer when the header is empty', () => {
    expect(resolve('10.0.0.3', '10.0.0.1, 10.0.0.2')).toBe('10.0.0.1')
    expect(resolve('10.0.0.3', '')).toBe('10.0.0.3')
    expect(resolve('10.0.0.3', undefined)).toBe('10.0.0.3')
  })

  it('stops at the last trusted hop when a proxy wrote something that is no address', () => {
    expect(resolve('10.0.0.3', '203.0.113.7, garbage')).toBe('10.0.0.3')
    expect(resolve('10.0.0.3', '203.0.113.7, not-an-ip, 10.0.0.1')).toBe('10.0.0.1')
    expect(resolve('10.0.0.3', '203.0.113.7, ')).toBe('10.0.0.3')
    expect(resolve('10.0.0.3', '203.0.113.7, 999.1.1.1')).toBe('10.0.0.3')
  })

  it('reads hops with ports and brackets, and spells each address one way', () => {
    expect(resolve('10.0.0.2', '203.0.113.7:51234')).toBe('203.0.113.7')
    expect(resolve('10.0.0.2', '[2001:DB8:1::77]:443')).toBe('2001:db8:1::77')
    expect(resolve('10.0.0.2', '[2001:db8:1::77]')).toBe('2001:db8:1::77')
    expect(resolve('10.0.0.2', '::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(resolve('10.0.0.2', '2001:0db8:0001:0000:0000:0000:0000:0077')).toBe('2001:db8:1::77')
  })

  it('matches IPv4-mapped peers and hops against IPv4 ranges (a dual-stack socket)', () => {
    expect(resolve('::ffff:10.0.0.2', '203.0.113.7')).toBe('203.0.113.7')
    expect(resolve('::ffff:a00:2', '203.0.113.7')).toBe('203.0.113.7')
    expect(resolve('10.0.0.2', '203.0.113.7, ::ffff:10.0.0.9')).toBe('203.0.113.7')
    expect(resolve('::ffff:198.51.100.9', '203.0.113.7')).toBe('198.51.100.9')
  })

  it('trusts exactly the configured ranges', () => {
    const exact = trustedProxyMatcher(['192.0.2.10', '::1', '172.16.0.0/12'])
    expect(resolve('192.0.2.10', '203.0.113.7', exact)).toBe('203.0.113.7')
    expect(resolve('192.0.2.11', '203.0.113.7', exact)).toBe('192.0.2.11')
    expect(resolve('::1', '203.0.113.7', exact)).toBe('203.0.113.7')
    expect(resolve('172.31.255.255', '203.0.113.7', exact)).toBe('203.0.113.7')
    expect(resolve('172.32.0.0', '203.0.113.7', exact)).toBe('172.32.0.0')
    // An IPv6 range does not swallow IPv4 peers, nor the reverse.
    expect(resolve('2001:db8:fffe::1', '203.0.113.7')).toBe('2001:db8:fffe::1')
    expect(resolve('11.0.0.1', '203.0.113.7')).toBe('11.0.0.1')
  })

  it("is 'local' without a socket (app.request in tests)", () => {
    expect(resolve(undefined, '203.0.113.7')).toBe('local')
  })
})

describe('trusted proxy configuration', () => {
  it('splits a comma list and accepts IPv4, IPv6 and mapped addresses and ranges', () => {
    const list = splitProxyList(' 10.0.0.0/8, 2001:db8::/32,,::ffff:192.0.2.0/120 192.0.2.1 ')
    expect(list).toEqual(['10.0.0.0/8', '2001:db8::/32', '::ffff:192.0.2.0/120', '192.0.2.1'])
    for (const entry of list) expect(TrustedProxy.safeParse(entry).success, entry).toBe(true)
    expect(splitProxyList(undefined)).toEqual([])
    expect(trustedProxyMatcher(list)('192.0.2.77')).toBe(true)
  })

  it('refuses what is not an address or range, with the reason', () => {
    for (const entry of ['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/1', 'proxy.internal', '10.0.0.256', '10.0.0.0/-1', '*']) {
      const parsed = TrustedProxy.safeParse(entry)
      expect(parsed.success, entry).toBe(false)
      expect(parsed.error?.issues[0]?.message).toMatch(/^must be an IPv4 or IPv6 address or CIDR range/)
    }
    expect(() => trustedProxyMatcher(['10.0.0.0/8', 'lb.internal'])).toThrow('Not an IP address or CIDR range: lb.internal')
  })

  it('canonicalAddress spells one address one way', () => {
    expect(canonicalAddress('::FFFF:1.2.3.4')).toBe('1.2.3.4')
    expect(canonicalAddress('0:0:0:0:0:ffff:102:304')).toBe('1.2.3.4')
    expect(canonicalAddress('FD00:0:0::1')).toBe('fd00::1')
    expect(canonicalAddress('1.2.3')).toBeUndefined()
  })
})

describe('rateLimitKey', () => {
  it('counts an IPv6 client as the /64 it is handed, an IPv4 one as its address', () => {
    expect(rateLimitKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64')
    expect(rateLimitKey('64:ff9b::198.51.100.9')).toBe('64:ff9b:0:0::/64')
    expect(rateLimitKey('fe80:0000:0000:0000:0202:b3ff:fe1e:8329')).toBe('fe80:0:0:0::/64')
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7')
    expect(rateLimitKey('local')).toBe('local')
  })
})

describe('clientAddressOf', () => {
  // The peer comes in as @hono/node-server passes it: env.incoming.socket.remoteAddress.
  const request = (app: Hono, peer: string, xff?: string) =>
    app.request('/', { headers: xff ? { 'X-Forwarded-For': xff } : {} }, { incoming: { socket: { remoteAddress: peer } } })
  const appOf = (proxies?: string[]) => new Hono().get('/', (c) => c.text(clientAddressOf(proxies)(c)))

  it('reads the header only from a trusted peer', async () => {
    const app = appOf(['10.0.0.0/8'])
    expect(await (await request(app, '10.0.0.2', '203.0.113.7')).text()).toBe('203.0.113.7')
    expect(await (await request(app, '198.51.100.9', '203.0.113.7')).text()).toBe('198.51.100.9')
    expect(await (await appOf().request('/', { headers: { 'X-Forwarded-For': '203.0.113.7' } })).text()).toBe('local')
    expect(await (await request(appOf(), '10.0.0.2', '203.0.113.7')).text()).toBe('10.0.0.2')
  })

  it('an IPv6 client rotating its addresses through its /64 spends one bucket of the rate limit', async () => {
    const app = new Hono()
    app.use(
      '*',
      rateLimit({
        scope: 'ipv6-rotation',
        store: memoryBucketStore,
        capacity: 3,
        refillPerSecond: 0.001,
        key: rateLimitClientOf(),
        now: () => 0,
      }),
    )
    app.get('/', (c) => c.text('ok'))
    const statuses = []
    for (const address of ['2001:db8:66:1::1', '2001:db8:66:1::2', '2001:db8:66:1:0:0:0:beef', '2001:db8:66:1:ffff:ffff:ffff:ffff'])
      statuses.push((await request(app, address)).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    // Another subscriber (another /64) is not held back.
    expect((await request(app, '2001:db8:66:2::1')).status).toBe(200)
  })

  it('rate limits key an IPv6 client by its /64, behind a balancer too; the address itself stays whole', async () => {
    const limitKey = (proxies?: string[]) => new Hono().get('/', (c) => c.text(rateLimitClientOf(proxies)(c)))
    expect(await (await request(limitKey(), '2001:db8:7:8::42')).text()).toBe('2001:db8:7:8::/64')
    expect(await (await request(limitKey(['10.0.0.0/8']), '10.0.0.2', '2001:db8:7:8:1:2:3:4')).text()).toBe('2001:db8:7:8::/64')
    expect(await (await request(appOf(), '2001:db8:7:8::42')).text()).toBe('2001:db8:7:8::42')
  })
})
