import { rm, writeFile } from 'node:fs/promises'
import { startDevnet, startMailSink, startRelay } from '@airlock/devnet'
import { startBitcoinDevnet } from '@airlock/devnet/bitcoin'
import { startFarcasterStandIn } from '@airlock/devnet/farcaster'
import { startOidcStandIn } from '@airlock/devnet/oidc'
import { startPolkadotDevnet } from '@airlock/devnet/polkadot'
import { startSolanaDevnet } from '@airlock/devnet/solana'
import { parseDevnetServicesEnv } from './deploy/devnet-env'
import { devnetOidcClients, START_PORTS } from './stack-config'

/**
 * The stand-ins of the compose `devnet` profile in one process (one container), on `npm start`'s
 * ports, bound to DEVNET_HOST: the two anvil chains with the devnet contracts, the Solana devnet,
 * the Bitcoin devnet (esplora), the Polkadot devnet (chopsticks), the WalletConnect relay, the mail sink, and the OIDC and Farcaster stand-ins, named as the
 * proxy publishes them. Writes DEVNET_READY_FILE once all answer; SIGTERM stops them.
 */
let env
try {
  env = parseDevnetServicesEnv(process.env)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
const host = env.DEVNET_HOST
const ports = START_PORTS
const log = (line: string) => console.log(line)
await rm(env.DEVNET_READY_FILE, { force: true })

const started = await Promise.allSettled([
  startDevnet({ host, ports: [ports.anvil[31337]!, ports.anvil[31338]!] }),
  startSolanaDevnet({ host, port: ports.solana, log }),
  startBitcoinDevnet({ host, port: ports.bitcoin, log }),
  startPolkadotDevnet({ host, port: ports.polkadot }),
  startRelay({ host, port: ports.relay, publicUrl: env.DEVNET_RELAY_URL, log }),
  startMailSink({ host, anyHost: true, smtpPort: ports.mailSmtp, httpPort: ports.mailHttp, log }),
  startOidcStandIn({ host, port: ports.oidc, issuerBase: env.DEVNET_OIDC_URL, clients: devnetOidcClients(env.DEVNET_SECURE_ORIGIN), log }),
  startFarcasterStandIn({ host, anyHost: true, port: ports.farcaster, url: env.DEVNET_FARCASTER_URL, log }),
])
const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
const stopAll = () => Promise.allSettled(running.map((service) => service.stop()))
const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected')
if (failed) {
  console.error('the devnet services failed to start:', failed.reason)
  await stopAll()
  process.exit(1)
}
await writeFile(env.DEVNET_READY_FILE, 'ready\n')
const { relay, mailSmtp, mailHttp, oidc, farcaster, solana, bitcoin, polkadot, anvil } = ports
console.log(JSON.stringify({ msg: 'ready', host, ports: { anvil, solana, bitcoin, polkadot, relay, mailSmtp, mailHttp, oidc, farcaster } }))

const stop = () => void stopAll().then(() => process.exit(0))
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
