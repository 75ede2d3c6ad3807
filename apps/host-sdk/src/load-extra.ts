import type * as extra from './extra'

export type Extra = typeof extra
/** Loads extra.ts: each entry point has its own way (importExtra for the npm build, load-extra-script.ts for the one-line script). */
export type LoadExtra = () => Promise<Extra>

/** The npm build's: a chunk of its own for the dapp's bundler. */
export const importExtra: LoadExtra = () => import('./extra')
