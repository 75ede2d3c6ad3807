import { parseArgs } from 'node:util'
import { deployEnv, EXAMPLE_HEADER, formatEnvFile } from './deploy/env-file'

/**
 * Prints an .env for docker-compose.yml with fresh secrets:
 * `node --import tsx scripts/deploy-env.ts [--domain example.com | --devnet] > .env`.
 * `--example` prints .env.example (placeholders, no secret).
 */
const { values } = parseArgs({
  options: { domain: { type: 'string' }, devnet: { type: 'boolean' }, example: { type: 'boolean' } },
})
let text: string
try {
  const entries = deployEnv({
    ...(values.domain ? { domain: values.domain } : {}),
    devnet: values.devnet === true,
    example: values.example === true,
  })
  text = formatEnvFile(
    entries,
    values.example
      ? EXAMPLE_HEADER
      : [
          `Written by scripts/deploy-env.ts${values.devnet ? ' --devnet' : ''}. Never commit it.`,
          'Keep AIRLOCK_SECURE_SECRET and KEY_SERVICE_SECRET in a secret manager, apart from each other',
          'and from the database backups: without them no sealed share opens.',
        ].join('\n'),
  )
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
process.stdout.write(text)
