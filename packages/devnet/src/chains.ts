export interface DevnetChainDefinition {
  chainId: number
  name: string
  port: number
}

export const DEVNET_HOST = '127.0.0.1'

/** The chains `npm start` runs; tests should pass other ports to `startDevnet`. */
export const DEVNET_CHAINS: readonly DevnetChainDefinition[] = Object.freeze([
  Object.freeze({ chainId: 31337, name: 'Airlock Devnet', port: 8545 }),
  Object.freeze({ chainId: 31338, name: 'Airlock Devnet 2', port: 8546 }),
])

export const devnetRpcUrl = (port: number, host = DEVNET_HOST): string => `http://${host}:${port}`
