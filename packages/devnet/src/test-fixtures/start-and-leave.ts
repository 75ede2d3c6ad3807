// Starts a devnet, prints the anvil pids, then leaves without stop(): argv[2] = 'exit' | 'SIGTERM' | 'SIGINT'.
import { startDevnet } from '../devnet'

const [how = 'exit', port = '0'] = process.argv.slice(2)
const devnet = await startDevnet({ chains: [{ chainId: 31337, name: 'fixture', port: Number(port) }], contracts: false })
process.stdout.write(`${JSON.stringify(devnet.chains.map((c) => c.pid))}\n`)
if (how === 'exit') process.exit(0)
process.kill(process.pid, how as NodeJS.Signals)
setTimeout(() => process.exit(99), 5000)
