import { createHash, randomBytes } from 'node:crypto'
import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import { localhostFetch, signInWithStandIn, startOidcStandIn, type OidcProviderName, type OidcStandIn } from '@airlock/devnet/oidc'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { smtpMailer } from '../../platform/mail/mailer'
import { createSecureOriginApp } from './app'
import { SecureReason } from './reasons'
import { hashToken, randomToken } from '../../platform/security/tokens'
import { serverKeys } from './secrets'
import { SOCIAL_LOGIN_TTL_MS, socialBinderCookie, SocialReason } from './social'
import { PROOF_SCRIPT, SocialPageText } from './social-pages'
import { popupBrowser, postedProof } from './social-testing'
import { findOrInsertUser, insertSession, insertShares, upsertVerifiedDevice } from './store'

const ORIGIN = 'http://secure.localhost:4402'
const SECRET = 'airlock-devnet-secret'
const PROVIDERS: OidcProviderName[] = ['google', 'github']

let db: Database
let oidc: OidcStandIn
let sink: MailSink
let mailer: ReturnType<typeof smtpMailer>
let time = Date.now()
let app: ReturnType<typeof createSecureOriginApp>
/** Every URL the server fetched from the issuers. */
const fetched: string[] = []

beforeAll(async () => {
  ;[db, sink, oidc] = await Promise.all([
    openDatabase(),
    startMailSink({ smtpPort: 0, httpPort: 0 }),
    startOidcStandIn({
      port: 0,
      clients: PROVIDERS.map((provider) => ({
        provider,
        clientId: `airlock-devnet-${provider}`,
        clientSecret: SECRET,
        redirectUris: [`${ORIGIN}/oauth/${provider}/callback`],
      })),
    }),
  ])
  mailer = smtpMailer(sink.smtpUrl)
  app = createSecureOriginApp({
    origin: ORIGIN,
    widgetOrigin: 'http://widget.localhost:4401',
    keyServiceOrigin: 'http://keys.localhost:4410',
    apiOrigin: 'http://api.localhost:4403',
    db,
    keys: serverKeys(randomBytes(32)),
    mailer,
    now: () => time,
    rateLimit: false,
    mailRateLimit: false,
    social: {
      providers: Object.fromEntries(
        PROVIDERS.map((provider) => [
          provider,
          { issuer: oidc.issuer(provider), clientId: `airlock-devnet-${provider}`, clientSecret: SECRET },
        ]),
      ),
      fetch: (url, init) => {
        fetched.push(url)
        return localhostFetch(url, init)
      },
    },
  })
}, 30_000)

afterAll(async () => {
  mailer?.close()
  await Promise.all([db?.close(), oidc?.stop(), sink?.stop()])
})

/**
 * A call to the API as the frame makes it, or as a script does: a script sets whatever `Origin`
 * it likes (servers cannot tell), so the default here is the secure origin itself.
 */
async function call(
  path: string,
  options: { method?: string; body?: unknown; token?: string; device?: string; origin?: string | null } = {},
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (options.origin !== null) headers.Origin = options.origin ?? ORIGIN
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.device) headers['X-Airlock-Device'] = options.device
  const response = await app.request(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  })
  const text = await response.text()
  const json = response.headers.get('content-type')?.includes('json') && text ? (JSON.parse(text) as Record<string, unknown>) : {}
  return { status: response.status, headers: response.headers, json, text }
}

const browser = () => popupBrowser(app, ORIGIN)

async function start(provider: string, device?: string) {
  const started = await call(`/api/social/${provider}/start`, { body: {}, ...(device ? { device } : {}) })
  return {
    ...started,
    uri: started.json.uri as string,
    state: started.json.state as string,
    device: device ?? (started.json.deviceToken as string),
  }
}

const claim = (started: { state: string; device: string }, extra: { proof?: string; token?: string } = {}) =>
  call('/api/social/claim', {
    body: { state: started.state, ...(extra.proof ? { proof: extra.proof } : {}) },
    device: started.device,
    ...(extra.token ? { token: extra.token } : {}),
  })

/** An existing account with a signed-in session on a device of its own (as email login leaves it), and a wallet. */
async function emailAccount(email: string, device = randomToken()) {
  const at = new Date(time)
  const user = await findOrInsertUser(db, email, hashToken(device), at)
  const verified = await upsertVerifiedDevice(db, user.id, hashToken(device), at)
  const token = randomToken()
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    deviceId: verified.id,
    createdAt: at,
    expiresAt: new Date(time + 60_000),
  })
  await insertShares(db, user.id, { authShare: randomBytes(33), sealedRecoveryShare: randomBytes(62) }, at)
  return { user, device, token }
}

/** Everything a script holding `who`'s device token (and maybe a token) could read of an account: nothing. */
async function expectNothingReadable(who: { device: string; token?: string }) {
  const as = { device: who.device, ...(who.token ? { token: who.token } : {}) }
  expect((await call('/api/session', as)).json).toEqual({ isConnected: false })
  const reads = [
    ['/api/shares/auth'],
    ['/api/shares/recovery'],
    ['/api/passkeys'],
    ['/api/key-service/assertion', { purpose: 'recover' }],
  ] as const
  for (const [path, body] of reads) {
    const read = await call(path, { ...as, ...(body ? { body } : {}) })
    expect(read.status, path).toBe(401)
    expect(read.json.error, path).toBe(SecureReason.notSignedIn)
  }
}

let counter = 0
const freshEmail = () => `social${++counter}.${Date.now()}@example.com`
const userCount = async (email: string) =>
  Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM secure_users WHERE lower(email) = lower($1)', [email])).rows[0]!.n)

describe.each(PROVIDERS)('social login with %s', (provider) => {
  it('start -> popup bound to its browser -> provider login -> callback with the proof -> claim gives a working session', async () => {
    const started = await start(provider)
    expect(started.status).toBe(200)
    expect(started.device).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(started.headers.get('set-cookie')).toMatch(/^airlock_device=/)
    // The frame gets the popup's start page on this origin, not the provider's URL.
    expect(started.uri).toBe(`${ORIGIN}/oauth/${provider}/start?flow=${started.state}`)

    // Before the popup comes back the result is pending.
    const pending = await claim(started)
    expect(pending.status).toBe(202)
    expect(pending.json).toEqual({ status: 'pending' })

    const popup = browser()
    const opened = await popup.open(started.uri)
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer')
    expect(opened.headers.get('cache-control')).toBe('no-store')
    const flowHash = hashToken(started.state)
    expect(opened.setCookies).toHaveLength(1)
    const binder = opened.setCookies[0]!.split('; ')
    expect(binder[0]).toMatch(new RegExp(`^${socialBinderCookie(flowHash)}=[A-Za-z0-9_-]{43}$`))
    expect(binder.slice(1).sort()).toEqual(
      ['HttpOnly', `Max-Age=${SOCIAL_LOGIN_TTL_MS / 1000}`, 'Path=/oauth/', 'SameSite=Lax', 'Secure'].sort(),
    )
    const uri = opened.authorize
    expect(uri.origin + uri.pathname).toBe(`${oidc.issuer(provider)}/authorize`)
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256')
    expect(uri.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/oauth/${provider}/callback`)
    expect(uri.searchParams.get('client_id')).toBe(`airlock-devnet-${provider}`)
    expect(uri.searchParams.get('scope')).toBe('openid email profile')
    // A fresh OAuth state: the flow token (the frame's claim handle) never goes to the provider.
    expect(uri.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(uri.href).not.toContain(started.state)

    const email = freshEmail()
    const landed = await popup.visit(await signInWithStandIn(uri, { email }))
    expect(landed.status).toBe(200)
    // The binder is spent: the callback clears it.
    expect(landed.setCookies).toEqual([expect.stringMatching(new RegExp(`^${socialBinderCookie(flowHash)}=; Path=/oauth/; Max-Age=0;`))])
    expect(popup.cookies.size).toBe(0)
    const proof = postedProof(landed)!
    expect(proof.flow).toBe(flowHash)
    // The page runs exactly its one script (by hash) and is otherwise locked.
    const csp = landed.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(PROOF_SCRIPT).digest('base64')}'`)
    expect(landed.text.match(/<script>([\s\S]*?)<\/script>/g)).toEqual([`<script>${PROOF_SCRIPT}</script>`])
    expect(PROOF_SCRIPT).toContain('opener[i].postMessage(message, location.origin)')
    expect(landed.headers.get('referrer-policy')).toBe('no-referrer')
    expect(landed.headers.get('cache-control')).toBe('no-store')
    expect(landed.headers.get('cross-origin-opener-policy')).toBeNull()
    // Until its script finds an opener, the page says the sign-in cannot be used.
    expect(landed.text).toContain(SocialPageText.orphan)
    expect(landed.text).toContain(`<section id="done" hidden><h1>Signed in with ${provider === 'google' ? 'Google' : 'GitHub'}</h1>`)

    // Completed, but without the proof the device alone still sees 'pending'.
    expect((await claim(started)).status).toBe(202)
    const claimed = await claim(started, { proof: proof.proof })
    expect(claimed.status).toBe(200)
    expect(claimed.headers.get('set-cookie')).toMatch(/^airlock_session=/)
    const token = claimed.json.token as string
    expect((claimed.json.user as { email: string }).email).toBe(email)
    const session = await call('/api/session', { token, device: started.device })
    expect(session.json).toMatchObject({ isConnected: true, user: { email } })
    // The ID token's signature was checked against the issuer's keys.
    expect(fetched).toContain(`${oidc.issuer(provider)}/jwks`)
    // The proof is one use.
    const replayed = await claim(started, { proof: proof.proof })
    expect(replayed.status).toBe(400)
    expect(replayed.json.error).toBe(SocialReason.used)

    // The same identity signs in to the same user next time.
    const again = await start(provider, started.device)
    const second = await claim(again, { proof: postedProof(await browser().signIn(again.uri, { email }))!.proof })
    expect(second.json.user).toEqual(claimed.json.user)
  })
})

describe('the login-injection attack', () => {
  it('a script starts, the victim finishes in their own browser, the script claims: refused, nothing readable; the victim logs in', async () => {
    // The script: a forged Origin header is all it takes to start (servers cannot tell).
    const attacker = await start('google')
    expect(attacker.status).toBe(200)
    // The victim opens the link top-level in their own browser ("sign in to claim your reward") and signs in.
    const email = freshEmail()
    const victim = browser()
    const landed = await victim.signIn(attacker.uri, { email })
    expect(landed.status).toBe(200)
    // The page hands the proof only to the frames of its opener, and there is none: it says so.
    expect(landed.text).toContain(SocialPageText.orphanTitle)

    // The script claims with its device token: the device alone gets 'pending', whatever happened.
    for (let poll = 0; poll < 3; poll++) expect((await claim(attacker)).json).toEqual({ status: 'pending' })
    // A guessed proof is refused and kills the flow.
    const guessed = await claim(attacker, { proof: randomToken() })
    expect(guessed.status).toBe(403)
    expect(guessed.json.error).toBe(SocialReason.wrongProof)
    const after = await claim(attacker, { proof: randomToken() })
    expect(after.status).toBe(400)
    expect(after.json.error).toBe(SocialReason.wrongProof)
    await expectNothingReadable(attacker)
    // Not even the victim's proof, had it leaked now, opens the dead flow.
    expect((await claim(attacker, { proof: postedProof(landed)!.proof })).status).toBe(400)

    // The victim's own login, from their own frame, works and is the account of that email.
    const own = await start('google')
    const ownLanded = await browser().signIn(own.uri, { email })
    const session = await claim(own, { proof: postedProof(ownLanded)!.proof })
    expect(session.status).toBe(200)
    expect(session.json.user).toMatchObject({ email })
    expect(await userCount(email)).toBe(1)
  })

  it('against an email wallet: the victim completes, the script gets nothing; a Google login needs the account session to link', async () => {
    const email = freshEmail()
    const account = await emailAccount(email)
    const attacker = await start('google')
    const landed = await browser().signIn(attacker.uri, { email })
    expect(landed.status).toBe(200)
    expect((await claim(attacker)).json).toEqual({ status: 'pending' })
    expect((await claim(attacker, { proof: randomToken() })).status).toBe(403)
    await expectNothingReadable(attacker)
    // Even with the account's session token (which the widget holds) on the script's device: no shares.
    expect((await call('/api/shares/auth', { token: account.token, device: attacker.device })).status).toBe(401)
    // The identity was not linked by its email.
    const identities = await db.query('SELECT 1 FROM secure_social_identities i JOIN secure_users u ON u.id = i.user_id WHERE u.id = $1', [
      account.user.id,
    ])
    expect(identities.rows).toHaveLength(0)
  })

  it('the script binds the flow in its own browser and sends the victim the provider URL: the callback refuses the victim browser', async () => {
    const attacker = await start('github')
    const { authorize } = await browser().open(attacker.uri)
    const victim = browser()
    const landed = await victim.visit(await signInWithStandIn(authorize, { email: freshEmail() }))
    expect(landed.status).toBe(400)
    expect(landed.text).toContain(SocialReason.otherBrowser)
    expect(postedProof(landed)).toBeUndefined()
    const claimed = await claim(attacker)
    expect(claimed.status).toBe(400)
    expect(claimed.json.error).toBe(SocialReason.otherBrowser)
    await expectNothingReadable(attacker)
  })
})

describe('the binding of a login to its browser', () => {
  it('a callback without the binder cookie fails the flow, and the right browser cannot finish it after', async () => {
    const started = await start('google')
    const popup = browser()
    const { authorize } = await popup.open(started.uri)
    const back = await signInWithStandIn(authorize, { email: freshEmail() })
    const cookies = new Map(popup.cookies)
    popup.cookies.clear()
    const landed = await popup.visit(back)
    expect(landed.status).toBe(400)
    expect(landed.text).toContain(SocialReason.otherBrowser)
    expect(landed.text).not.toMatch(/<script/i)
    for (const [name, value] of cookies) popup.cookies.set(name, value)
    const late = await popup.visit(back)
    expect(late.status).toBe(400)
    expect(late.text).toContain(SocialReason.used)
    expect((await claim(started)).json.error).toBe(SocialReason.otherBrowser)
  })

  it('a wrong binder cookie is refused like a missing one', async () => {
    const started = await start('google')
    const popup = browser()
    const { authorize } = await popup.open(started.uri)
    const back = await signInWithStandIn(authorize, { email: freshEmail() })
    popup.cookies.set(socialBinderCookie(hashToken(started.state)), randomToken())
    const landed = await popup.visit(back)
    expect(landed.status).toBe(400)
    expect(landed.text).toContain(SocialReason.otherBrowser)
  })

  it('a flow is bound once: a second window is refused, the first finishes', async () => {
    const started = await start('github')
    const first = browser()
    const { authorize } = await first.open(started.uri)
    const second = await browser().visit(started.uri)
    expect(second.status).toBe(400)
    expect(second.text).toContain(SocialReason.alreadyOpened)
    expect(second.setCookies).toEqual([])
    // The first browser's own second look at the start page does not rebind it either.
    expect((await first.visit(started.uri)).text).toContain(SocialReason.alreadyOpened)
    const landed = await first.visit(await signInWithStandIn(authorize, { email: freshEmail() }))
    expect((await claim(started, { proof: postedProof(landed)!.proof })).status).toBe(200)
    // Once used, the start page says so.
    expect((await browser().visit(started.uri)).text).toContain(SocialReason.used)
  })

  it('the binder cookie is Secure only where the origin is a secure context (secureCookies)', async () => {
    const plain = createSecureOriginApp({
      origin: 'http://airlock.test',
      widgetOrigin: 'http://widget.airlock.test',
      keyServiceOrigin: 'http://keys.airlock.test',
      apiOrigin: 'http://api.airlock.test',
      db,
      keys: serverKeys(randomBytes(32)),
      rateLimit: false,
      social: {
        providers: { google: { issuer: oidc.issuer('google'), clientId: 'airlock-devnet-google', clientSecret: SECRET } },
        fetch: localhostFetch,
      },
    })
    const started = await plain.request('/api/social/google/start', {
      method: 'POST',
      headers: { Origin: 'http://airlock.test', 'Content-Type': 'application/json' },
      body: '{}',
    })
    const { uri } = (await started.json()) as { uri: string }
    expect(uri).toMatch(/^http:\/\/airlock\.test\/oauth\/google\/start\?flow=/)
    const opened = await popupBrowser(plain, 'http://airlock.test').open(uri)
    expect(opened.setCookies[0]).toMatch(/; HttpOnly; SameSite=Lax$/)
  })

  it('two logins in parallel in one browser keep their own binders', async () => {
    const one = await start('google')
    const two = await start('github', one.device)
    const popup = browser()
    const a = await popup.open(one.uri)
    const b = await popup.open(two.uri)
    expect(popup.cookies.size).toBe(2)
    const landedB = await popup.visit(await signInWithStandIn(b.authorize, { email: freshEmail() }))
    const landedA = await popup.visit(await signInWithStandIn(a.authorize, { email: freshEmail() }))
    expect((await claim(two, { proof: postedProof(landedB)!.proof })).status).toBe(200)
    expect((await claim(one, { proof: postedProof(landedA)!.proof })).status).toBe(200)
  })

  it("a proof is its flow's own: another flow's proof is refused", async () => {
    const one = await start('google')
    const two = await start('google', one.device)
    const landedOne = await browser().signIn(one.uri, { email: freshEmail() })
    await browser().signIn(two.uri, { email: freshEmail() })
    const crossed = await claim(two, { proof: postedProof(landedOne)!.proof })
    expect(crossed.status).toBe(403)
    expect(crossed.json.error).toBe(SocialReason.wrongProof)
    expect((await claim(one, { proof: postedProof(landedOne)!.proof })).status).toBe(200)
  })

  it('a proof from another device is refused as another device, and does not burn the flow', async () => {
    const started = await start('google')
    const landed = await browser().signIn(started.uri, { email: freshEmail() })
    const proof = postedProof(landed)!.proof
    const stolen = await claim({ state: started.state, device: randomToken() }, { proof })
    expect(stolen.status).toBe(403)
    expect(stolen.json.error).toBe(SocialReason.otherDevice)
    expect((await call('/api/social/claim', { body: { state: started.state, proof } })).status).toBe(403)
    // The rightful frame still gets its session.
    expect((await claim(started, { proof })).status).toBe(200)
  })

  it('expired: the start page and the callback refuse, the claim says so', async () => {
    const early = await start('google')
    time += SOCIAL_LOGIN_TTL_MS + 1
    try {
      const page = await browser().visit(early.uri)
      expect(page.status).toBe(400)
      expect(page.text).toContain(SocialReason.expired)
      expect((await claim(early)).json.error).toBe(SocialReason.expired)
    } finally {
      time -= SOCIAL_LOGIN_TTL_MS + 1
    }

    const late = await start('google')
    const popup = browser()
    const { authorize } = await popup.open(late.uri)
    const back = await signInWithStandIn(authorize, { email: freshEmail() })
    time += SOCIAL_LOGIN_TTL_MS + 1
    try {
      const expired = await popup.visit(back)
      expect(expired.status).toBe(400)
      expect(expired.text).toContain(SocialReason.expired)
      const claimed = await claim(late)
      expect(claimed.json.error).toBe(SocialReason.expired)
    } finally {
      time -= SOCIAL_LOGIN_TTL_MS + 1
    }
  })
})

describe('linking a social login to an existing account by its email', () => {
  it('is refused without a session of that account, with the text that says what to do', async () => {
    const email = freshEmail()
    const account = await emailAccount(email)
    const started = await start('google')
    const landed = await browser().signIn(started.uri, { email })
    const proof = postedProof(landed)!.proof
    // Without the proof, 'link required' is no more visible than 'completed'.
    expect((await claim(started)).json).toEqual({ status: 'pending' })
    const refused = await claim(started, { proof })
    expect(refused.status).toBe(403)
    expect(refused.json.error).toBe(SocialReason.linkRequired('Google'))
    expect(refused.json.error).toBe(
      'An Airlock account already uses this email: sign in with your email first, then sign in with Google to add it',
    )
    expect((await claim(started, { proof })).json.error).toBe(SocialReason.linkRequired('Google'))
    await expectNothingReadable(started)
    // A session of ANOTHER account on this device does not confirm it either.
    const other = await emailAccount(freshEmail())
    const next = await start('google', other.device)
    const nextProof = postedProof(await browser().signIn(next.uri, { email }))!.proof
    expect((await claim(next, { proof: nextProof, token: other.token })).json.error).toBe(SocialReason.linkRequired('Google'))
    // Nor the account's session token on a device it was not opened on.
    const elsewhere = await start('google')
    const elsewhereProof = postedProof(await browser().signIn(elsewhere.uri, { email }))!.proof
    expect((await claim(elsewhere, { proof: elsewhereProof, token: account.token })).json.error).toBe(SocialReason.linkRequired('Google'))
  })

  it('is linked when the claiming frame is signed in to that account on its device; then it signs in by itself', async () => {
    const email = freshEmail()
    const account = await emailAccount(email)
    const started = await start('github', account.device)
    const landed = await browser().signIn(started.uri, { email: email.toUpperCase() })
    const linked = await claim(started, { proof: postedProof(landed)!.proof, token: account.token })
    expect(linked.status).toBe(200)
    expect(linked.json.user).toEqual({ id: account.user.id, email })
    // Next time, on a new device and with no session, GitHub signs in to that account.
    const later = await start('github')
    const again = await claim(later, { proof: postedProof(await browser().signIn(later.uri, { email }))!.proof })
    expect(again.status).toBe(200)
    expect(again.json.user).toEqual({ id: account.user.id, email })
  })

  it('a provider identity new to a new email creates its user, once', async () => {
    const email = freshEmail()
    const started = await start('google')
    const landed = await browser().signIn(started.uri, { email })
    expect((await claim(started, { proof: postedProof(landed)!.proof })).status).toBe(200)
    // A second provider with that same email is an existing account now: link required.
    const github = await start('github')
    const refused = await claim(github, { proof: postedProof(await browser().signIn(github.uri, { email }))!.proof })
    expect(refused.json.error).toBe(SocialReason.linkRequired('GitHub'))
    expect(await userCount(email)).toBe(1)
  })
})

/** An email login as the frame does it, on `device` (a fresh one when absent): the code comes from the mail. */
async function emailLogin(email: string, device?: string) {
  const started = await call('/api/email/start', { body: { email }, ...(device ? { device } : {}) })
  expect(started.json.action).toBe('VERIFY_OTP')
  const own = device ?? (started.json.deviceToken as string)
  const code = /\b(\d{6})\b/.exec((await sink.waitFor({ to: email })).text)![1]!
  sink.clear()
  const verified = await call('/api/email/verify', { body: { email, otp: code }, device: own })
  expect(verified.status).toBe(200)
  return { device: own, token: verified.json.token as string, user: verified.json.user as { id: string; email?: string } }
}

describe('the social pre-hijack (issue 23)', () => {
  it("a provider that vouches for someone else's email opens no account of theirs: the owner's email login gets a wallet of their own", async () => {
    const email = freshEmail()
    // The attacker signs in with a provider identity that asserts the victim's email, before the victim ever used Airlock,
    // and creates the wallet of that account (its device share stays in the attacker's frame).
    const attacker = await start('google')
    const claimed = await claim(attacker, { proof: postedProof(await browser().signIn(attacker.uri, { email }))!.proof })
    expect(claimed.json.user).toMatchObject({ email })
    const attackerId = (claimed.json.user as { id: string }).id
    const plantedShare = randomBytes(33)
    const planted = await call('/api/shares', {
      method: 'PUT',
      body: { authShare: plantedShare.toString('base64'), sealedRecoveryShare: randomBytes(62).toString('base64') },
      token: claimed.json.token as string,
      device: attacker.device,
    })
    expect(planted.status).toBe(201)

    // The victim logs in with their email, on their own browser: a new account, with no wallet yet.
    time += 60_000
    const victim = await emailLogin(email)
    expect(victim.user.id).not.toBe(attackerId)
    expect(victim.user.email).toBe(email)
    const shares = await call('/api/shares/auth', { token: victim.token, device: victim.device })
    expect(shares.status).toBe(404)
    expect(shares.json.error).toBe(SecureReason.noShares)
    expect(
      (await call('/api/key-service/assertion', { body: { purpose: 'enrol' }, token: victim.token, device: victim.device })).status,
    ).toBe(200)
    expect(await userCount(email)).toBe(1)

    // The attacker keeps only what it planted, in an account that no longer has the email.
    const attackerSession = await call('/api/session', { token: claimed.json.token as string, device: attacker.device })
    expect(attackerSession.json.user).toEqual({ id: attackerId })
    const own = await call('/api/shares/auth', { token: claimed.json.token as string, device: attacker.device })
    expect(own.json.authShare).toBe(plantedShare.toString('base64'))
    // Its provider identity signs in to that account again, never to the victim's ...
    const again = await start('google', attacker.device)
    const back = await claim(again, { proof: postedProof(await browser().signIn(again.uri, { email }))!.proof })
    expect(back.json.user).toEqual({ id: attackerId })
    // ... and another provider asserting the email now meets the proven account: a link needs its session.
    const github = await start('github')
    const linked = await claim(github, { proof: postedProof(await browser().signIn(github.uri, { email }))!.proof })
    expect(linked.json.error).toBe(SocialReason.linkRequired('GitHub'))
    // The victim's next login, on another browser, is still their account.
    time += 60_000
    expect((await emailLogin(email)).user.id).toBe(victim.user.id)
  })

  it('the person who signed in with the provider proves the email from that browser: one account, by either login', async () => {
    const email = freshEmail()
    const started = await start('github')
    const social = await claim(started, { proof: postedProof(await browser().signIn(started.uri, { email }))!.proof })
    const userId = (social.json.user as { id: string }).id
    time += 60_000
    expect((await emailLogin(email, started.device)).user).toEqual({ id: userId, email })
    // Proven now: a new browser's email login opens the same account (its wallet then needs the key service's second factor).
    time += 60_000
    expect((await emailLogin(email)).user).toEqual({ id: userId, email })
    const later = await start('github')
    expect((await claim(later, { proof: postedProof(await browser().signIn(later.uri, { email }))!.proof })).json.user).toEqual({
      id: userId,
      email,
    })
  })
})

describe('social login refusals', () => {
  it('keeps the PKCE verifier, the nonce and the tokens on the server: only hashes and the challenge go out', async () => {
    const started = await start('google')
    const flowHash = hashToken(started.state)
    const popup = browser()
    const { authorize } = await popup.open(started.uri)
    const { rows } = await db.query<{ code_verifier: string; nonce: string; oauth_state_hash: string; binder_hash: string }>(
      'SELECT code_verifier, nonce, oauth_state_hash, binder_hash FROM secure_social_logins WHERE flow_hash = $1',
      [flowHash],
    )
    const stored = rows[0]!
    expect(started.text).not.toContain(stored.code_verifier)
    expect(started.text).not.toContain(stored.nonce)
    expect(Object.keys(started.json).sort()).toEqual(['deviceToken', 'state', 'uri'])
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(authorize.searchParams.get('code_challenge')).not.toBe(stored.code_verifier)
    expect(authorize.searchParams.has('code_verifier')).toBe(false)
    // The flow token, the OAuth state and the binder are stored as hashes only.
    expect(stored.oauth_state_hash).toBe(hashToken(authorize.searchParams.get('state')!))
    expect(stored.binder_hash).toBe(hashToken([...popup.cookies.values()][0]!))
    const raw = await db.query('SELECT 1 FROM secure_social_logins WHERE flow_hash = $1', [started.state])
    expect(raw.rows).toHaveLength(0)
  })

  it('Cancel on the provider page: the callback says so and the claim gives the reason', async () => {
    const started = await start('google')
    const landed = await browser().signIn(started.uri, { cancel: true })
    expect(landed.status).toBe(400)
    expect(landed.text).toContain(SocialReason.cancelled)
    const claimed = await claim(started)
    expect(claimed.status).toBe(400)
    expect(claimed.json.error).toBe(SocialReason.cancelled)
  })

  it('refuses a replayed callback', async () => {
    const started = await start('github')
    const popup = browser()
    const { authorize } = await popup.open(started.uri)
    const back = await signInWithStandIn(authorize, { email: freshEmail() })
    expect((await popup.visit(back)).status).toBe(200)
    const replay = await popup.visit(back)
    expect(replay.status).toBe(400)
    expect(replay.text).toContain(SocialReason.used)
  })

  it('refuses a claim from another device token, and one without any', async () => {
    const started = await start('google')
    await browser().signIn(started.uri, { email: freshEmail() })
    const stolen = await claim({ state: started.state, device: randomToken() })
    expect(stolen.status).toBe(403)
    expect(stolen.json.error).toBe(SocialReason.otherDevice)
    expect((await call('/api/social/claim', { body: { state: started.state } })).status).toBe(403)
  })

  it('refuses a flow or callback of another provider, and unknown flows and states', async () => {
    const started = await start('google')
    const wrongStart = await browser().visit(started.uri.replace('/oauth/google/', '/oauth/github/'))
    expect(wrongStart.status).toBe(400)
    expect(wrongStart.text).toContain(SocialReason.wrongProvider)
    const popup = browser()
    const { authorize } = await popup.open(started.uri)
    const back = await signInWithStandIn(authorize, { email: freshEmail() })
    const wrong = await popup.visit(`${ORIGIN}/oauth/github/callback${back.search}`)
    expect(wrong.status).toBe(400)
    expect(wrong.text).toContain(SocialReason.wrongProvider)
    // The OAuth state, not the flow token, finds the flow at the callback.
    const byFlow = await popup.visit(`${ORIGIN}/oauth/google/callback?code=x&state=${started.state}`)
    expect(byFlow.text).toContain(SocialReason.unknownState)
    const unknown = await popup.visit(`${ORIGIN}/oauth/google/callback?code=x&state=${randomToken()}`)
    expect(unknown.text).toContain(SocialReason.unknownState)
    expect((await popup.visit(`${ORIGIN}/oauth/google/start?flow=${randomToken()}`)).text).toContain(SocialReason.unknownState)
    expect((await popup.visit(`${ORIGIN}/oauth/google/start?flow=short`)).text).toContain(SocialReason.noState)
    expect((await popup.visit(`${ORIGIN}/oauth/google/start`)).text).toContain(SocialReason.noState)
  })

  it('a code the provider does not know: the exchange fails, the page and the claim say so', async () => {
    const started = await start('github')
    const popup = browser()
    const { authorize } = await popup.open(started.uri)
    const forged = await popup.visit(`${ORIGIN}/oauth/github/callback?code=forged&state=${authorize.searchParams.get('state')}`)
    expect(forged.status).toBe(502)
    expect(forged.text).toContain(SocialReason.exchangeFailed('GitHub'))
    const claimed = await claim(started)
    expect(claimed.status).toBe(400)
    expect(claimed.json.error).toBe(SocialReason.exchangeFailed('GitHub'))
  })

  it('answers 404 for an unknown or unconfigured provider, and refuses a cross-origin start', async () => {
    const unknown = await call('/api/social/myspace/start', { body: {} })
    expect(unknown.status).toBe(404)
    expect(unknown.json.error).toBe(SocialReason.unknownProvider('myspace'))
    const unconfigured = await call('/api/social/apple/start', { body: {} })
    expect(unconfigured.status).toBe(404)
    expect(unconfigured.json.error).toBe(SocialReason.unknownProvider('apple'))
    expect((await browser().visit(`${ORIGIN}/oauth/apple/callback?code=x&state=y`)).status).toBe(404)
    expect((await browser().visit(`${ORIGIN}/oauth/apple/start?flow=${randomToken()}`)).status).toBe(404)
    const foreign = await call('/api/social/google/start', { body: {}, origin: 'http://evil.localhost' })
    expect(foreign.status).toBe(403)
  })

  it('serves the popup loading page: script-free, naming a configured provider only', async () => {
    const loading = await browser().visit(`${ORIGIN}/oauth/loading?provider=github`)
    expect(loading.status).toBe(200)
    expect(loading.text).toContain('Connecting to GitHub…')
    expect(loading.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
    expect(loading.headers.get('Content-Security-Policy')).not.toContain('script-src')
    const unknown = await browser().visit(`${ORIGIN}/oauth/loading?provider=%3Cscript%3E`)
    expect(unknown.text).toContain('Connecting…')
    expect(unknown.text).not.toContain('<script>')
  })
})
