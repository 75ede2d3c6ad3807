import { parseArgs } from 'node:util'
import { secureOriginPublicKey } from '../apps/api/src/origins/secure/secrets'
import { deployEnv, EXAMPLE_HEADER, formatEnvFile, KEY_SERVICE_EXAMPLE_HEADER, keyServiceDeployEnv } from './deploy/env-file'

/**
 * Prints an .env with fresh secrets, one per host, for the two operators who must never be one:
 * - the secure origin's (docker-compose.yml):
 *   `node --import tsx scripts/deploy-env.ts [--domain example.com | --devnet] > .env`; it prints
 *   on stderr the public key to hand to the key service's operator;
 * - the key service's, on its own host (deploy/key-service/docker-compose.yml):
 *   `node --import tsx scripts/deploy-env.ts --key-service --domain example.com
 *   --secure-origin-public-key <key> > deploy/key-service/.env`.
 * No secret is in both. `--example` prints .env.example (with `--key-service`,
 * deploy/key-service/.env.example): placeholders, no secret.
 */
const { values } = parseArgs({
  options: {
    domain: { type: 'string' },
    devnet: { type: 'boolean' },
    example: { type: 'boolean' },
    'key-service': { type: 'boolean' },
    'secure-origin-public-key': { type: 'string' },
  },
})
const example = values.example === true
const written = (what: string) =>
  [
    `Written by scripts/deploy-env.ts${what}. Never commit it.`,
    'Keep the secret below in a secret manager, apart from the database backups: without it nothing sealed opens.',
  ].join('\n')
let text: string
try {
  if (values['key-service']) {
    const entries = keyServiceDeployEnv({
      ...(values.domain ? { domain: values.domain } : {}),
      ...(values['secure-origin-public-key'] ? { secureOriginPublicKey: values['secure-origin-public-key'] } : {}),
      example,
    })
    text = formatEnvFile(entries, example ? KEY_SERVICE_EXAMPLE_HEADER : written(' --key-service'))
  } else {
    const entries = deployEnv({ ...(values.domain ? { domain: values.domain } : {}), devnet: values.devnet === true, example })
    text = formatEnvFile(entries, example ? EXAMPLE_HEADER : written(values.devnet ? ' --devnet' : ''))
    if (!example && !values.devnet) {
      const secret = entries.find((entry) => entry.name === 'AIRLOCK_SECURE_SECRET')!.value
      const domain = entries.find((entry) => entry.name === 'AIRLOCK_DOMAIN')!.value
      console.error(
        [
          'The key service runs on another host, under another operator (README, Deploy). Hand them this public key (not the secret);',
          'on their host, in deploy/key-service, they write their own .env:',
          `  node --import tsx ../../scripts/deploy-env.ts --key-service --domain ${domain} --secure-origin-public-key ${secureOriginPublicKey(secret)} > .env`,
        ].join('\n'),
      )
    }
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
process.stdout.write(text)
