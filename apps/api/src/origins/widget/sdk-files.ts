import { IMMUTABLE_CACHE } from '../../platform/http/static-files'

/** `/sdk.js` moves with each release: a dapp that uses it gets the new one within five minutes. */
export const SDK_ALIAS_CACHE = 'public, max-age=300'

/** `sdk@1.2.3.js`, `sdk@1.2.3-rc.1.js`, the extra part `sdk-extra@1.2.3.js`, and their source maps. */
const VERSIONED = /^\/(sdk(?:-extra)?@\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?\.js(?:\.map)?)$/

export interface SdkFile {
  /** The file in the host SDK build. */
  name: string
  cacheControl: string
}

/**
 * The host SDK file a URL path names: `/sdk.js` is the current build under a short cache;
 * `/sdk@<version>.js` (and `.map`) is that version's file, never changed once released, so cached
 * for good and pinned by the dapp's `integrity`; so is `/sdk-extra@<version>.js`, which that sdk.js
 * loads with the integrity compiled into it (it has no moving name: only a versioned sdk.js loads
 * it). A version not in the build is simply a missing file.
 */
export function sdkFileOf(path: string): SdkFile | undefined {
  if (path === '/sdk.js') return { name: 'sdk.js', cacheControl: SDK_ALIAS_CACHE }
  const versioned = VERSIONED.exec(path)?.[1]
  return versioned ? { name: versioned, cacheControl: IMMUTABLE_CACHE } : undefined
}
