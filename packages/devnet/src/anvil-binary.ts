import { accessSync, constants } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' }

/** Name of the @foundry-rs platform package that ships the anvil binary for this machine. */
export function anvilPlatformPackage(platform: string = process.platform, arch: string = process.arch): string {
  const cpu = ARCH[arch]
  if (!cpu || !['linux', 'darwin', 'win32'].includes(platform) || (platform === 'win32' && cpu !== 'amd64')) {
    throw new Error(
      `anvil has no prebuilt binary for ${platform}/${arch} (@foundry-rs/anvil supports linux, darwin x64/arm64 and win32 x64)`,
    )
  }
  return `@foundry-rs/anvil-${platform}-${cpu}`
}

/** Absolute path of the anvil executable from the npm package (never via npx: no shell, no download). */
export function resolveAnvilBinary(): string {
  const pkg = anvilPlatformPackage()
  let pkgJson: string
  try {
    pkgJson = createRequire(import.meta.url).resolve(`${pkg}/package.json`)
  } catch {
    throw new Error(
      `Cannot find the anvil binary package "${pkg}". It is an optional dependency of @foundry-rs/anvil; ` +
        `run "npm install" (without --omit=optional) at the repository root.`,
    )
  }
  const bin = join(dirname(pkgJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  try {
    accessSync(bin, constants.X_OK)
  } catch {
    throw new Error(`The anvil binary from "${pkg}" is missing or not executable: ${bin}`)
  }
  return bin
}
