import { request as httpRequest } from 'node:http'
import { createServer as createNetServer, connect, type AddressInfo, type Socket } from 'node:net'
import nodemailer from 'nodemailer'
import { afterEach, describe, expect, it } from 'vitest'
import { MailTimeoutError, startMailSink, waitForMail, type Mail, type MailSink, type StartMailSinkOptions } from './index'

const sinks: MailSink[] = []
afterEach(async () => {
  await Promise.all(sinks.splice(0).map((sink) => sink.stop()))
})

async function sink(options: Partial<StartMailSinkOptions> = {}): Promise<MailSink> {
  const started = await startMailSink({ smtpPort: 0, httpPort: 0, ...options })
  sinks.push(started)
  return started
}

function transport(sink: MailSink) {
  return nodemailer.createTransport({ host: '127.0.0.1', port: sink.smtpPort, secure: false, ignoreTLS: true })
}

async function getJson<T>(sink: MailSink, path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sink.httpUrl}${path}`, init)
  return { status: response.status, body: (await response.json()) as T }
}

/** A raw SMTP session: `send(line)` resolves with the whole (possibly multi-line) reply. */
async function rawSession(port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  let buffer = ''
  let pending: { resolve: (reply: string) => void; reject: (error: Error) => void } | undefined
  const replies: string[] = []
  socket.setEncoding('utf8')
  socket.on('error', (error) => pending?.reject(error))
  socket.on('data', (chunk: string) => {
    buffer += chunk
    // A reply ends with a line "NNN text" (a space after the code, not a dash).
    for (
      let match = /^(?:\d{3}-.*\r\n)*\d{3}(?: .*)?\r\n/.exec(buffer);
      match;
      match = /^(?:\d{3}-.*\r\n)*\d{3}(?: .*)?\r\n/.exec(buffer)
    ) {
      buffer = buffer.slice(match[0].length)
      const reply = match[0].trimEnd()
      if (pending) {
        const { resolve } = pending
        pending = undefined
        resolve(reply)
      } else replies.push(reply)
    }
  })
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const queued = replies.shift()
      if (queued !== undefined) return resolve(queued)
      pending = { resolve, reject }
    })
  const greeting = await next()
  return {
    greeting,
    send(line: string) {
      socket.write(`${line}\r\n`)
      return next()
    },
    close: () => new Promise<void>((resolve) => socket.end(resolve)),
  }
}

/** GET /health on the sink's HTTP port with the given Host header: its status. */
function healthStatus(sink: MailSink, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port: sink.httpPort, path: '/health', headers: { host } }, (res) => {
      res.resume()
      resolve(res.statusCode!)
    })
      .on('error', reject)
      .end()
  })
}

/** Binds `port` (0: any) on loopback, closes it again and returns it. */
async function freePort(port = 0): Promise<number> {
  const server = createNetServer()
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve))
  const bound = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return bound
}

describe('mail sink', () => {
  it('keeps a plain-text mail sent over SMTP and serves it over HTTP', async () => {
    const mail = await sink()
    expect(mail.smtpUrl).toBe(`smtp://127.0.0.1:${mail.smtpPort}`)
    const info = await transport(mail).sendMail({
      from: 'Airlock <no-reply@airlock.dev>',
      to: 'Alice@Example.com',
      subject: 'Your code',
      text: 'Your Airlock code is 123456.\nIt expires in 10 minutes.',
    })
    expect(info.accepted).toHaveLength(1)

    const { status, body } = await getJson<{ messages: Mail[] }>(mail, '/messages?to=alice@example.com')
    expect(status).toBe(200)
    expect(body.messages).toHaveLength(1)
    const [message] = body.messages
    expect(message).toMatchObject({
      from: 'no-reply@airlock.dev',
      to: ['alice@example.com'],
      subject: 'Your code',
      text: 'Your Airlock code is 123456.\nIt expires in 10 minutes.',
    })
    expect(message!.html).toBeUndefined()
    expect(Date.parse(message!.date)).toBeGreaterThan(Date.now() - 10_000)
    expect(message!.headers['message-id']).toBe(info.messageId)
    expect(message!.headers.from).toBe('"Airlock" <no-reply@airlock.dev>')
    expect(mail.messages()).toEqual(body.messages)

    const single = await getJson<Mail>(mail, `/messages/${message!.id}`)
    expect(single).toEqual({ status: 200, body: message })
    expect((await getJson(mail, '/messages/nope')).status).toBe(404)
    expect((await getJson<{ messages: Mail[] }>(mail, '/messages?to=bob@example.com')).body.messages).toEqual([])
  })

  it('keeps the HTML part, and derives text from an HTML-only mail', async () => {
    const mail = await sink()
    const send = transport(mail)
    await send.sendMail({
      from: 'a@airlock.dev',
      to: 'b@example.com',
      subject: 'both',
      text: 'code 111111',
      html: '<p>code <b>111111</b></p>',
    })
    await send.sendMail({ from: 'a@airlock.dev', to: 'b@example.com', subject: 'html only', html: '<p>Your code is <b>222222</b></p>' })
    const [htmlOnly, both] = mail.messages()
    expect(both).toMatchObject({ subject: 'both', text: 'code 111111', html: '<p>code <b>111111</b></p>' })
    expect(htmlOnly!.subject).toBe('html only')
    expect(htmlOnly!.html).toBe('<p>Your code is <b>222222</b></p>')
    expect(htmlOnly!.text).toContain('Your code is 222222')
  })

  it('decodes UTF-8 subjects and bodies', async () => {
    const mail = await sink()
    await transport(mail).sendMail({
      from: '"Zoë Ünïcode" <zoe@airlock.dev>',
      to: 'jürgen@example.com',
      subject: 'Ваш код: 654321 🔐 — ñ',
      text: 'Grüße, 你好 🔐 654321',
    })
    const [message] = mail.messages()
    expect(message!.subject).toBe('Ваш код: 654321 🔐 — ñ')
    expect(message!.text).toBe('Grüße, 你好 🔐 654321')
    expect(message!.to).toEqual(['jürgen@example.com'])
    expect(message!.headers.from).toBe('"Zoë Ünïcode" <zoe@airlock.dev>')
  })

  it('lists every envelope recipient (To, Cc and Bcc) and filters on each', async () => {
    const mail = await sink()
    await transport(mail).sendMail({
      from: 'a@airlock.dev',
      to: ['one@example.com', 'Two <two@example.com>'],
      cc: 'three@example.com',
      bcc: 'four@example.com',
      subject: 'many',
      text: 'hi',
    })
    const [message] = mail.messages()
    expect(message!.to).toEqual(['one@example.com', 'two@example.com', 'three@example.com', 'four@example.com'])
    expect(message!.headers.bcc).toBeUndefined()
    for (const address of ['one@example.com', 'TWO@example.com', 'three@example.com', 'four@example.com']) {
      const { body } = await getJson<{ messages: Mail[] }>(mail, `/messages?to=${encodeURIComponent(address)}`)
      expect(body.messages.map((found) => found.id)).toEqual([message!.id])
    }
  })

  it('waitFor resolves on a later mail, returns a matching one already there, and times out with a clear error', async () => {
    const mail = await sink()
    const send = transport(mail)
    const waiting = mail.waitFor({ to: 'Late@Example.com' }, { timeoutMs: 5000 })
    const byPredicate = mail.waitFor((message) => message.subject.includes('second'))
    await send.sendMail({ from: 'a@airlock.dev', to: 'other@example.com', subject: 'not this one', text: '.' })
    await send.sendMail({ from: 'a@airlock.dev', to: 'late@example.com', subject: 'first', text: 'code 1' })
    expect((await waiting).subject).toBe('first')
    await send.sendMail({ from: 'a@airlock.dev', to: 'late@example.com', subject: 'second', text: 'code 2' })
    expect((await byPredicate).text).toBe('code 2')
    // Already there: the newest match.
    expect((await mail.waitFor({ to: 'late@example.com' })).subject).toBe('second')
    // existing: false waits for the next one.
    const next = mail.waitFor({ to: 'late@example.com' }, { existing: false, timeoutMs: 5000 })
    await send.sendMail({ from: 'a@airlock.dev', to: 'late@example.com', subject: 'third', text: 'code 3' })
    expect((await next).subject).toBe('third')

    const started = Date.now()
    const timedOut = mail.waitFor({ to: 'nobody@example.com' }, { timeoutMs: 150 })
    await expect(timedOut).rejects.toBeInstanceOf(MailTimeoutError)
    await expect(timedOut).rejects.toThrow(
      `No mail to nobody@example.com arrived at ${mail.smtpUrl} within 150 ms; the sink holds 4 mails (newest: to late@example.com: "third"`,
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('waitForMail from another process: held until the mail arrives, never an older one, a clear time-out', async () => {
    const mail = await sink()
    const send = transport(mail)
    const to = 'e2e-login@example.com'
    await send.sendMail({ from: 'a@airlock.dev', to, subject: 'Your Airlock login code', text: 'Your code is 111111.' })
    const asked = Date.now() + 1
    await new Promise((resolve) => setTimeout(resolve, 5))
    // The earlier code is not taken: the answer comes when the new one arrives, not after a poll.
    const waiting = waitForMail(mail.httpUrl, { to, subject: 'login code', since: asked }, { timeoutMs: 5000 })
    await new Promise((resolve) => setTimeout(resolve, 100))
    await send.sendMail({ from: 'a@airlock.dev', to, subject: 'Approve a new device', text: 'Your code is 222222.' })
    const sent = Date.now()
    await send.sendMail({ from: 'a@airlock.dev', to: to.toUpperCase(), subject: 'Your Airlock login code', text: 'Your code is 333333.' })
    const received = await waiting
    expect(received.text).toBe('Your code is 333333.')
    expect(Date.now() - sent).toBeLessThan(1000)
    // Already there: answered at once.
    expect((await waitForMail(mail.httpUrl, { to, subject: 'new device' }, { timeoutMs: 0 })).text).toBe('Your code is 222222.')

    const later = Date.now() + 60_000
    const timedOut = waitForMail(mail.httpUrl, { to, subject: 'login code', since: later }, { timeoutMs: 100 })
    await expect(timedOut).rejects.toBeInstanceOf(MailTimeoutError)
    await expect(timedOut).rejects.toThrow(`No mail to ${to}, subject containing "login code", since ${new Date(later).toISOString()}`)
    await expect(timedOut).rejects.toThrow(
      /within 100 ms; the sink holds 3 mails \(newest: to e2e-login@example.com: "Your Airlock login code"/,
    )
  })

  it('GET /messages/wait refuses bad parameters with 400, and a waiter goes with its client or its signal', async () => {
    const mail = await sink()
    const bad = await getJson<{ error: string }>(mail, '/messages/wait?to=a@b.c&timeoutMs=600000')
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/^timeoutMs: .*expected to=<address>, subject=<text>/)
    expect((await getJson(mail, '/messages/wait', { method: 'POST' })).status).toBe(405)

    const waiting = async () => (await getJson<{ waiting: number }>(mail, '/health')).body.waiting
    // A client that hangs up: its wait ends with it, it does not hold on for 60 s.
    const hangUp = new AbortController()
    const held = fetch(`${mail.httpUrl}/messages/wait?to=gone@example.com&timeoutMs=60000`, { signal: hangUp.signal })
    await expect.poll(waiting).toBe(1)
    hangUp.abort()
    await expect(held).rejects.toThrow()
    await expect.poll(waiting).toBe(0)

    const stop = new AbortController()
    const inProcess = mail.waitFor({ to: 'x@example.com' }, { timeoutMs: 60_000, signal: stop.signal })
    expect(await waiting()).toBe(1)
    stop.abort(new Error('not needed any more'))
    await expect(inProcess).rejects.toThrow('not needed any more')
    expect(await waiting()).toBe(0)
  })

  it('answers a raw SMTP session: EHLO extensions, dot-stuffing, AUTH, RSET, NOOP, QUIT', async () => {
    const mail = await sink({ maxMessageBytes: 4096 })
    const smtp = await rawSession(mail.smtpPort)
    expect(smtp.greeting).toMatch(/^220 /)
    const ehlo = await smtp.send('EHLO client.test')
    expect(ehlo).toMatch(/^250-/)
    expect(ehlo).toContain('8BITMIME')
    expect(ehlo).toContain('SIZE 4096')
    expect(ehlo).toMatch(/AUTH PLAIN LOGIN/)
    expect(ehlo).not.toContain('STARTTLS')
    expect(await smtp.send('STARTTLS')).toMatch(/^5\d\d /)
    expect(await smtp.send(`AUTH PLAIN ${Buffer.from('\0user\0pass').toString('base64')}`)).toMatch(/^235 /)
    expect(await smtp.send('NOOP')).toMatch(/^250 /)
    expect(await smtp.send('MAIL FROM:<a@airlock.dev>')).toMatch(/^250 /)
    expect(await smtp.send('RCPT TO:<dropped@example.com>')).toMatch(/^250 /)
    expect(await smtp.send('RSET')).toMatch(/^250 /)
    expect(await smtp.send('MAIL FROM:<a@airlock.dev> BODY=8BITMIME')).toMatch(/^250 /)
    expect(await smtp.send('RCPT TO:<raw@example.com>')).toMatch(/^250 /)
    expect(await smtp.send('DATA')).toMatch(/^354 /)
    const body = ['Subject: raw', 'Content-Type: text/plain; charset=utf-8', '', 'line one', '..leading dot', 'ünïcode 8bit', '.'].join(
      '\r\n',
    )
    expect(await smtp.send(body)).toMatch(/^250 /)
    expect(await smtp.send('QUIT')).toMatch(/^221 /)
    await smtp.close()
    const [message] = mail.messages()
    expect(message).toMatchObject({
      from: 'a@airlock.dev',
      to: ['raw@example.com'],
      subject: 'raw',
      text: 'line one\n.leading dot\nünïcode 8bit',
    })
  })

  it('answers malformed and out-of-order commands with 5xx codes', async () => {
    const mail = await sink()
    const smtp = await rawSession(mail.smtpPort)
    expect(await smtp.send('MAIL FROM:<a@airlock.dev>')).toMatch(/^503 /) // before EHLO
    expect(await smtp.send('HELO')).toMatch(/^501 /)
    expect(await smtp.send('HELO client.test')).toMatch(/^250 /)
    expect(await smtp.send('FROBNICATE')).toMatch(/^500 /)
    expect(await smtp.send('RCPT TO:<x@example.com>')).toMatch(/^503 /) // before MAIL
    expect(await smtp.send('DATA')).toMatch(/^503 /) // before RCPT
    expect(await smtp.send('MAIL FROM a@airlock.dev')).toMatch(/^501 /)
    expect(await smtp.send('MAIL FROM:<not an address>')).toMatch(/^501 /)
    expect(await smtp.send('MAIL FROM:<a@airlock.dev>')).toMatch(/^250 /)
    expect(await smtp.send('MAIL FROM:<a@airlock.dev>')).toMatch(/^503 /) // nested MAIL
    expect(await smtp.send('RCPT TO:')).toMatch(/^501 /)
    expect(await smtp.send('DATA')).toMatch(/^503 /) // no valid recipient yet
    expect(await smtp.send('QUIT')).toMatch(/^221 /)
    await smtp.close()
    expect(mail.messages()).toEqual([])
  })

  it('refuses a message over the size limit with 552, declared or not, and keeps the next one', async () => {
    const mail = await sink({ maxMessageBytes: 2000 })
    const send = transport(mail)
    const rejected = send.sendMail({ from: 'a@airlock.dev', to: 'big@example.com', subject: 'big', text: 'x'.repeat(5000) })
    await expect(rejected).rejects.toMatchObject({ responseCode: 552 })
    const smtp = await rawSession(mail.smtpPort)
    await smtp.send('EHLO client.test')
    expect(await smtp.send('MAIL FROM:<a@airlock.dev> SIZE=999999')).toMatch(/^552 /)
    // Undeclared: the server reads the whole DATA, then refuses it.
    expect(await smtp.send('MAIL FROM:<a@airlock.dev>')).toMatch(/^250 /)
    expect(await smtp.send('RCPT TO:<big@example.com>')).toMatch(/^250 /)
    expect(await smtp.send('DATA')).toMatch(/^354 /)
    expect(await smtp.send(`Subject: big\r\n\r\n${'y'.repeat(3000)}\r\n.`)).toMatch(/^552 /)
    await smtp.close()
    await send.sendMail({ from: 'a@airlock.dev', to: 'small@example.com', subject: 'small', text: 'ok' })
    expect(mail.messages().map((message) => message.subject)).toEqual(['small'])
  })

  it('keeps the newest maxMessages mails; DELETE /messages and clear() empty it; /health counts', async () => {
    const mail = await sink({ maxMessages: 3 })
    // A pooled transport keeps its connection: smtp-server holds each new one 100 ms (its early-talker check).
    const send = nodemailer.createTransport({ host: '127.0.0.1', port: mail.smtpPort, ignoreTLS: true, pool: true })
    for (let i = 1; i <= 5; i++) await send.sendMail({ from: 'a@airlock.dev', to: 'n@example.com', subject: `mail ${i}`, text: `${i}` })
    expect(mail.messages().map((message) => message.subject)).toEqual(['mail 5', 'mail 4', 'mail 3'])
    expect(await getJson(mail, '/health')).toEqual({ status: 200, body: { ok: true, messages: 3, waiting: 0, smtpUrl: mail.smtpUrl } })
    expect(await getJson(mail, '/messages', { method: 'DELETE' })).toEqual({ status: 200, body: { deleted: 3 } })
    expect(mail.messages()).toEqual([])
    await send.sendMail({ from: 'a@airlock.dev', to: 'n@example.com', subject: 'again', text: '.' })
    mail.clear()
    expect((await getJson<{ messages: Mail[] }>(mail, '/messages')).body.messages).toEqual([])
    expect((await getJson(mail, '/messages', { method: 'POST' })).status).toBe(405)
    expect((await getJson(mail, '/nope')).status).toBe(404)
    send.close()
  })

  it('serves an inbox page with everything escaped and no script', async () => {
    const mail = await sink()
    await transport(mail).sendMail({
      from: '"<img src=x onerror=alert(1)>" <evil@example.com>',
      to: 'reader@example.com',
      subject: '<script>alert("subject")</script>',
      text: 'code 424242 </pre><script>alert(1)</script>',
      html: '<script>alert("html")</script><p>code</p>',
    })
    const response = await fetch(`${mail.httpUrl}/?to=reader@example.com`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const page = await response.text()
    expect(page).toContain('code 424242 &#60;/pre&#62;&#60;script&#62;alert(1)&#60;/script&#62;')
    expect(page).toContain('&#60;script&#62;alert(&#34;subject&#34;)&#60;/script&#62;')
    expect(page).not.toMatch(/<script|<img|onerror=alert|alert\("html"\)/i)
    expect(page).toContain('value="reader@example.com"')
    const filtered = await (await fetch(`${mail.httpUrl}/?to=${encodeURIComponent('"><script>x</script>')}`)).text()
    expect(filtered).not.toContain('<script>')
    expect(filtered).toContain('No mail yet.')
  })

  it('answers only loopback Host names over HTTP and binds loopback only', async () => {
    const mail = await sink()
    const status = (host: string) => healthStatus(mail, host)
    expect(await status(`127.0.0.1:${mail.httpPort}`)).toBe(200)
    expect(await status(`mail.localhost:${mail.httpPort}`)).toBe(200)
    expect(await status(`localhost:${mail.httpPort}`)).toBe(200)
    expect(await status(`attacker.example:${mail.httpPort}`)).toBe(421)
    await expect(startMailSink({ smtpPort: 0, httpPort: 0, host: '0.0.0.0' })).rejects.toThrow('loopback only')
  })

  it('binds every address with anyHost (a container on its private network), its HTTP side still answering *.localhost names only', async () => {
    const mail = await sink({ host: '0.0.0.0', anyHost: true })
    await transport(mail).sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'from another container', text: 'hi' })
    expect(mail.messages().map((m) => m.subject)).toEqual(['from another container'])
    const status = (host: string) => healthStatus(mail, host)
    expect(await status('mail.localhost')).toBe(200)
    expect(await status('devnet:4407')).toBe(421)
  })

  it('stop() frees both ports, ends open sessions and rejects pending waitFor', async () => {
    const started = Date.now()
    const mail = await startMailSink({ smtpPort: 0, httpPort: 0 })
    const startMs = Date.now() - started
    const smtp = await rawSession(mail.smtpPort)
    await smtp.send('EHLO client.test')
    const pending = expect(mail.waitFor({ to: 'x@example.com' }, { timeoutMs: 10_000 })).rejects.toThrow('stopped')
    const stopping = Date.now()
    await mail.stop()
    const stopMs = Date.now() - stopping
    await pending
    await mail.stop() // idempotent
    for (const port of [mail.smtpPort, mail.httpPort]) expect(await freePort(port)).toBe(port)
    // Fixed ports can be taken again at once.
    const again = await sink({ smtpPort: mail.smtpPort, httpPort: mail.httpPort })
    expect(again.smtpUrl).toBe(mail.smtpUrl)
    expect(startMs).toBeLessThan(1000)
    expect(stopMs).toBeLessThan(1000)
  })

  it('fails to start on a taken port and leaves the other one free', async () => {
    const first = await sink()
    const free = await freePort()
    await expect(startMailSink({ smtpPort: free, httpPort: first.httpPort })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    expect(await freePort(free)).toBe(free) // the SMTP port it had opened is closed again
    await expect(startMailSink({ smtpPort: first.smtpPort, httpPort: 0 })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })
})
