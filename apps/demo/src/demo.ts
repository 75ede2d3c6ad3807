import type { Airlock, AirlockState } from '@airlock/sdk'

/** The second devnet test account: the demo sends its test transfers there. */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { testid?: string } = {}) {
  const { testid, ...rest } = props
  const node = Object.assign(document.createElement(tag), rest)
  if (testid) node.dataset.testid = testid
  return node
}

function formatEther(wei: bigint): string {
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').slice(0, 4)
  return `${whole.toLocaleString('en-US')}.${fraction}`
}

/** The demo dapp's UI: everything it shows comes from the SDK's subscriptions and provider. */
export function mountDemo(airlock: Airlock): void {
  const root = document.getElementById('app')!
  const provider = airlock.getProvider('eip155')
  const row = (label: string, testid: string) => {
    const value = element('code', { testid, textContent: '—' })
    root.querySelector('dl')!.append(element('dt', { textContent: label }), element('dd', {}))
    root.querySelector('dl')!.lastElementChild!.append(value)
    return value
  }
  root.append(
    element('h1', { textContent: 'Airlock demo dapp' }),
    element('p', { textContent: root.dataset.mode === 'npm' ? 'Using the npm package.' : 'Using the one-line script.' }),
    element('dl'),
  )
  const status = row('Status', 'account-status')
  const address = row('Account', 'account-address')
  const chain = row('Chain', 'account-chain')
  const connections = row('Connections', 'account-connections')
  const balance = row('Balance', 'account-balance')
  const signedIn = row('Signed in (SIWX)', 'siwx-session')
  const signature = row('Last signature', 'signature')
  const txHash = row('Last transaction', 'tx-hash')
  const error = element('p', { testid: 'error', className: 'error' })

  const button = (label: string, testid: string, run: () => Promise<unknown>) => {
    const node = element('button', { textContent: label, testid, type: 'button' })
    node.addEventListener('click', () => {
      error.textContent = ''
      run().catch((e: unknown) => {
        const { code, message } = e as { code?: number; message?: string }
        error.textContent = code === undefined ? String(message ?? e) : `${code}: ${message}`
      })
    })
    return node
  }

  let account: string | undefined
  const actions = element('div', { className: 'actions' })
  actions.append(
    button('Connect', 'connect-button', () => airlock.open()),
    button('Sign message', 'sign-button', async () => {
      const [from] = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
      const message = `Hello from the Airlock demo at ${new Date().toISOString()}`
      signature.textContent = (await provider.request({ method: 'personal_sign', params: [message, from] })) as string
      signature.dataset.message = message
    }),
    button('Send 0.01 ETH', 'send-button', async () => {
      const [from] = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
      txHash.textContent = (await provider.request({
        method: 'eth_sendTransaction',
        params: [{ from, to: RECIPIENT, value: `0x${(10n ** 16n).toString(16)}` }],
      })) as string
      await refreshBalance()
    }),
    button('Disconnect', 'disconnect-button', () => airlock.disconnect()),
    button('Sign out', 'sign-out-button', () => airlock.signOut()),
    button('Toggle theme', 'theme-button', () => airlock.setThemeMode(airlock.getState().themeMode === 'dark' ? 'light' : 'dark')),
    button('Load devnet wallet', 'load-wallet-button', async () => {
      // A stand-in browser extension for people trying the demo without one.
      const script = element('script', { src: '/devnet-wallet.js' })
      document.head.append(script)
    }),
  )
  root.append(actions, error)

  async function refreshBalance() {
    if (!account) {
      balance.textContent = '—'
      return
    }
    const wei = (await provider.request({ method: 'eth_getBalance', params: [account, 'latest'] })) as string
    balance.textContent = `${formatEther(BigInt(wei))} ETH`
  }

  const render = (state: AirlockState) => {
    status.textContent = state.status
    address.textContent = state.address ?? '—'
    chain.textContent = state.caipNetworkId ?? '—'
    connections.textContent = state.connections?.map((connection) => connection.caipAddress).join(' ') || '—'
    if (state.address !== account) {
      account = state.address
      void refreshBalance().catch(() => (balance.textContent = 'unavailable'))
    }
  }
  airlock.subscribeSession((session) => {
    signedIn.textContent = session ? `${session.data.chainId}:${session.data.accountAddress} until ${session.expiresAt}` : '—'
  })
  provider.on('chainChanged', () => void refreshBalance().catch(() => (balance.textContent = 'unavailable')))
  airlock.subscribeState(render)
  render(airlock.getState())
}
