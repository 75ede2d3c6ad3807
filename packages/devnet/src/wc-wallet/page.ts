import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { base58 } from '@scure/base'
import { hexToBytes, isHex } from 'viem'
import { escapeHtml } from '../html'
import type { ReferenceRequest, ReferenceWallet, ReferenceWalletMode } from './types'

export interface ReferenceWalletPageOptions {
  wallet: ReferenceWallet
  /** 0 picks a free port. */
  port: number
  host?: string
  /** Shown on the page. */
  relayUrl?: string
  log?: (line: string) => void
}

export interface ReferenceWalletPage {
  /** `http://127.0.0.1:<port>`; any `*.localhost:<port>` name works too. */
  url: string
  port: number
  stop(): Promise<void>
}

const MODES: readonly ReferenceWalletMode[] = ['manual', 'approve', 'reject']
const MAX_BODY = 64 * 1024

const STYLE = `
body{font:14px/1.4 system-ui,sans-serif;margin:0;padding:16px 24px;color:#1f2328;background:#f6f8fa}
h1{font-size:20px;margin:0 0 8px}h2{font-size:15px;margin:18px 0 6px}
code,pre{font:12px ui-monospace,monospace}pre{background:#fff;border:1px solid #d0d7de;padding:6px;max-height:160px;overflow:auto;white-space:pre-wrap;word-break:break-all;margin:4px 0}
form{display:inline}input[name=uri]{width:min(720px,80vw);font:12px ui-monospace,monospace;padding:6px}
button{font:inherit;padding:4px 12px;margin:2px 4px 2px 0;cursor:pointer}
.approve{background:#1f883d;color:#fff;border:1px solid #1a7f37}.reject{background:#cf222e;color:#fff;border:1px solid #a40e26}
.card{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:8px 12px;margin:6px 0}
.muted{color:#656d76}.notice{padding:6px 10px;border-radius:6px;background:#ddf4ff;display:inline-block}.error{background:#ffebe9}
.on{font-weight:700;text-decoration:underline}iframe{border:0;width:100%;height:75vh;background:transparent}`

function page(nonce: string, title: string, body: string, refreshSeconds?: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${
    refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : ''
  }<style nonce="${nonce}">${STYLE}</style></head><body>${body}</body></html>`
}

/** A readable form of a request's params, with the message to sign as text when it is (personal_sign hex, solana_signMessage base58). */
function describeParams(request: ReferenceRequest): string {
  const json = JSON.stringify(request.params, null, 2) ?? ''
  const text = messageText(request)
  if (text !== undefined) return `message: ${text}\n\n${json}`
  return json.length > 4000 ? `${json.slice(0, 4000)}…` : json
}

function messageText({ method, params }: ReferenceRequest): string | undefined {
  let bytes: Uint8Array | undefined
  try {
    if (method === 'personal_sign' && Array.isArray(params) && typeof params[0] === 'string' && isHex(params[0]))
      bytes = hexToBytes(params[0])
    const message = (params as { message?: unknown } | undefined)?.message
    if (method === 'solana_signMessage' && typeof message === 'string') bytes = base58.decode(message)
    const text = bytes && new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return text !== undefined && /^[\P{C}\n\r\t]*$/u.test(text) ? text : undefined
  } catch {
    // Not UTF-8 (or not hex / base58): the params show it as it came.
    return undefined
  }
}

const button = (action: string, fields: Record<string, string>, label: string, cls = '') =>
  `<form method="post" action="${action}">${Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
    .join('')}<button${cls ? ` class="${cls}"` : ''}>${escapeHtml(label)}</button></form>`

/**
 * The reference wallet for people: paste a `wc:` URI, see what dapps ask and press Approve or
 * Reject. No script: plain forms, and the state in a frame that reloads itself every second (so
 * the URI field never loses what is being typed). POSTs must come from this page (Origin check)
 * and every answer carries a CSP.
 */
export async function startReferenceWalletPage(options: ReferenceWalletPageOptions): Promise<ReferenceWalletPage> {
  const { wallet } = options
  const host = options.host ?? '127.0.0.1'
  const log = options.log ?? (() => {})
  const activity: string[] = []
  let port = options.port

  const note = (line: string) => {
    activity.unshift(`${new Date().toLocaleTimeString('en-GB')} ${line}`)
    activity.length = Math.min(activity.length, 12)
  }
  wallet.on('error', (error) => note(`error: ${error instanceof Error ? error.message : String(error)}`))
  wallet.on('sessionDeleted', (topic) => note(`the dapp ended session ${String(topic).slice(0, 8)}…`))

  function allowedHost(hostHeader: string | undefined): boolean {
    if (!hostHeader) return false
    const match = /^(.+):(\d+)$/.exec(hostHeader)
    if (!match || Number(match[2]) !== port) return false
    const name = match[1]!
    return name === '127.0.0.1' || name === 'localhost' || name === '[::1]' || name.endsWith('.localhost')
  }

  function home(nonce: string, notice: string | null, isError: boolean): string {
    return page(
      nonce,
      'Airlock reference wallet',
      `<h1>Airlock reference wallet</h1>
<p class="muted">Devnet account <code>${wallet.address}</code>· chains <code>${wallet.knownChains().join(', ')}</code>${
        wallet.knownSolanaChains().length > 0
          ? ` · Solana <code>${wallet.solanaAddress}</code> on <code>${escapeHtml(wallet.knownSolanaChains().join(', '))}</code>`
          : ''
      }${options.relayUrl ? ` · relay <code>${escapeHtml(options.relayUrl)}</code>` : ''}</p>
<form method="post" action="/pair"><input name="uri" required autocomplete="off" spellcheck="false" placeholder="wc:…@2?relay-protocol=irn&amp;symKey=…" aria-label="WalletConnect URI"> <button>Pair</button></form>
${notice ? `<p><span class="notice${isError ? ' error' : ''}">${escapeHtml(notice)}</span></p>` : ''}
<iframe src="/status" title="Proposals, requests and sessions"></iframe>`,
    )
  }

  function status(nonce: string): string {
    const modes = wallet.modes()
    const modeRow = (which: 'proposals' | 'requests') =>
      `${which}: ${MODES.map((m) => button('/mode', { which, mode: m }, m, modes[which] === m ? 'on' : '')).join('')}`
    const proposals = wallet.pendingProposals().map(
      (p) => `<div class="card"><b>${escapeHtml(p.dapp.name || '(no name)')}</b> <span class="muted">${escapeHtml(p.dapp.url)}</span><br>
chains: <code>${escapeHtml(p.requestedChains.join(', ') || 'none')}</code><br>methods: <code>${escapeHtml(p.requestedMethods.join(', '))}</code><br>
${button('/proposal', { id: String(p.id), action: 'approve' }, 'Approve', 'approve')}${button('/proposal', { id: String(p.id), action: 'reject' }, 'Reject', 'reject')}</div>`,
    )
    const requests = wallet.pendingRequests().map(
      (
        r,
      ) => `<div class="card"><b>${escapeHtml(r.method)}</b> on <code>${escapeHtml(r.chainId)}</code> from ${escapeHtml(r.dapp.name || r.dapp.url)}
<pre>${escapeHtml(describeParams(r))}</pre>
${button('/request', { id: String(r.id), action: 'approve' }, 'Approve', 'approve')}${button('/request', { id: String(r.id), action: 'reject' }, 'Reject', 'reject')}</div>`,
    )
    const sessions = wallet.sessions().map(
      (s) => `<div class="card"><b>${escapeHtml(s.dapp.name || '(no name)')}</b> <span class="muted">${escapeHtml(s.dapp.url)}</span><br>
${s.chainId !== undefined ? `chain <code>eip155:${s.chainId}</code> · ` : ''}chains <code>${escapeHtml(s.chains.join(', '))}</code> · accounts <code>${escapeHtml([...new Set(s.accounts.map((a) => a.split(':')[2]))].join(', '))}</code><br>
${s.chains
  .filter((c) => c.startsWith('eip155:') && c !== `eip155:${s.chainId}`)
  .map((c) => button('/session', { topic: s.topic, action: 'switch', chain: c.split(':')[1]! }, `Switch to ${c}`))
  .join('')}${button('/session', { topic: s.topic, action: 'disconnect' }, 'Disconnect', 'reject')}</div>`,
    )
    return page(
      nonce,
      'Reference wallet state',
      `<h2>Pending proposals</h2>${proposals.join('') || '<p class="muted">none</p>'}
<h2>Pending requests</h2>${requests.join('') || '<p class="muted">none</p>'}
<h2>Sessions</h2>${sessions.join('') || '<p class="muted">none</p>'}
<h2>Answering</h2><p>${modeRow('proposals')}<br>${modeRow('requests')}</p>
<p class="muted">manual: wait for a button press here; approve / reject: answer at once.</p>
${activity.length ? `<h2>Activity</h2><pre>${escapeHtml(activity.join('\n'))}</pre>` : ''}`,
      1,
    )
  }

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    let size = 0
    const chunks: Buffer[] = []
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > MAX_BODY) throw new Error('form too large')
      chunks.push(chunk as Buffer)
    }
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
  }

  async function act(path: string, form: URLSearchParams): Promise<string> {
    const id = Number(form.get('id'))
    const action = form.get('action')
    switch (path) {
      case '/proposal':
        if (action === 'approve') {
          const session = await wallet.approve(id)
          return `approved a session with ${session.dapp.name || session.dapp.url}`
        }
        await wallet.reject(id)
        return `rejected proposal ${id}`
      case '/request': {
        const request = wallet.pendingRequests().find((r) => r.id === id)
        if (action === 'approve') {
          await wallet.approveRequest(id)
          return `approved ${request?.method ?? 'request'} ${id}`
        }
        await wallet.rejectRequest(id)
        return `rejected ${request?.method ?? 'request'} ${id}`
      }
      case '/session': {
        const topic = form.get('topic') ?? ''
        if (action === 'switch') {
          const chain = Number(form.get('chain'))
          await wallet.switchChain(chain, topic)
          return `switched to eip155:${chain}`
        }
        await wallet.disconnect(topic)
        return 'disconnected'
      }
      case '/mode': {
        const mode = form.get('mode') as ReferenceWalletMode
        const which = form.get('which') === 'requests' ? 'requests' : 'proposals'
        wallet.setMode(mode, which)
        return `${which}: ${mode}`
      }
      default:
        throw new Error('not found')
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const nonce = randomBytes(16).toString('base64')
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; img-src data:; frame-src 'self'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'`,
    }
    if (!allowedHost(req.headers.host)) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('This page answers on 127.0.0.1, localhost or *.localhost only.\n')
      return
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`)
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, headers).end(home(nonce, url.searchParams.get('notice'), url.searchParams.get('error') === '1'))
      return
    }
    if (req.method === 'GET' && url.pathname === '/status') {
      res.writeHead(200, headers).end(status(nonce))
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n')
      return
    }
    // Only this page may press the buttons: a form on another site would send its own Origin.
    if (req.headers.origin !== `http://${req.headers.host}`) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('cross-origin form posts are refused\n')
      return
    }
    let form: URLSearchParams
    try {
      form = await readForm(req)
    } catch (error) {
      res.writeHead(413, { 'content-type': 'text/plain' }).end(`${(error as Error).message}\n`)
      return
    }
    if (url.pathname === '/pair') {
      const uri = (form.get('uri') ?? '').trim()
      let notice: string
      let isError = false
      try {
        await wallet.pair(uri)
        notice = 'Paired: the proposal shows below.'
        note('paired')
      } catch (error) {
        notice = `Pairing failed: ${(error as Error).message}`
        isError = true
        note(notice)
      }
      res.writeHead(303, { location: `/?notice=${encodeURIComponent(notice)}${isError ? '&error=1' : ''}` }).end()
      return
    }
    try {
      note(await act(url.pathname, form))
    } catch (error) {
      note(`failed: ${(error as Error).message}`)
      log(`reference wallet page: ${url.pathname} failed: ${(error as Error).message}`)
    }
    res.writeHead(303, { location: '/status' }).end()
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`reference wallet page: ${String(error)}`)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end('internal error\n')
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Cannot start the reference wallet page: port ${options.port} on ${host} is already in use (a running "npm start"?)`,
              { cause: error },
            )
          : error,
      ),
    )
    server.listen(options.port, host, () => {
      server.removeAllListeners('error')
      server.on('error', (error) => log(`reference wallet page: server error: ${error.message}`))
      resolve()
    })
  })
  port = (server.address() as AddressInfo).port
  const url = `http://${host}:${port}`
  log(`reference wallet page: ${url}`)
  let stopping: Promise<void> | undefined
  return {
    url,
    port,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })),
  }
}
