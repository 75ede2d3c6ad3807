import { fileURLToPath } from 'node:url'
import { parseHttpOrigin } from '../apps/api/src/platform/http/origin'
import { compileContracts } from '../packages/devnet/src/contracts/compile'
import { buildApps } from './build'

/**
 * What the image needs built (the Dockerfile's build stage): the browser apps as a deployment
 * serves them, and the devnet contracts (packages/devnet/.cache), so that the devnet profile starts
 * without solc. The demo's one-line script names the public widget origin, so the build is for
 * one: AIRLOCK_WIDGET_URL, e.g. https://widget.example.com. The other apps learn their origins at
 * run time.
 */
const widgetUrl = parseHttpOrigin(process.env.AIRLOCK_WIDGET_URL)
if (!widgetUrl) {
  console.error(
    `AIRLOCK_WIDGET_URL must be the public widget origin, such as https://widget.example.com (got ${JSON.stringify(process.env.AIRLOCK_WIDGET_URL ?? '')})`,
  )
  process.exit(1)
}
await buildApps({
  widgetUrl,
  demoOutDir: fileURLToPath(new URL('../apps/demo/dist', import.meta.url)),
  log: (line) => console.log(line),
})
console.log('compiling the devnet contracts')
await compileContracts()
