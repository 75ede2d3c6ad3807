import { DEVNET_CONTRACTS, DEVNET_PAYMASTER_SIGNER, DEVNET_RELAYER } from '@airlock/devnet'
import { parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { devnetSandbox, parseStackConfig, devConfig } from '../../config'
import { smartAccountNetworks } from './config'

describe("the devnet's relay config", () => {
  it('sponsors the demo project on both devnet chains: USDC, DAI, the Uniswap router and the DelegationManager, 1 ETH a day', () => {
    const { relay } = devnetSandbox(['eip155:31337', 'eip155:31338'])
    expect(relay).toEqual({
      relayerKey: DEVNET_RELAYER.privateKey,
      paymasterSignerKey: DEVNET_PAYMASTER_SIGNER.privateKey,
      paymaster: DEVNET_CONTRACTS.paymaster,
      delegator: DEVNET_CONTRACTS.eip7702Delegator,
      policies: [
        {
          projectId: 'demo',
          chains: [31337, 31338],
          contracts: [DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.dai, DEVNET_CONTRACTS.uniswapV2Router, DEVNET_CONTRACTS.delegationManager],
          dailyBudgetWei: parseEther('1'),
        },
      ],
    })
    expect(devnetSandbox([]).relay.policies).toEqual([])
  })

  it('makes both devnet chains smart-account networks of the secure frame, delegating to the devnet DeleGator through EntryPoint v0.8', () => {
    const networks = smartAccountNetworks(devnetSandbox(['eip155:31338', 'eip155:31337']).relay)
    const expected = { delegator: DEVNET_CONTRACTS.eip7702Delegator, entryPoint: DEVNET_CONTRACTS.entryPoint }
    expect(networks).toEqual([
      { chainId: 31337, ...expected },
      { chainId: 31338, ...expected },
    ])
    expect(smartAccountNetworks(devnetSandbox([]).relay)).toEqual([])
  })

  it('passes the stack config check, which refuses a malformed relay key', () => {
    const config = devConfig()
    expect(parseStackConfig(config).relay).toEqual(config.relay)
    expect(() => parseStackConfig({ ...config, relay: { ...config.relay!, relayerKey: '0x12' } })).toThrow(
      /must be a 0x-prefixed 32-byte private key[\s\S]*relay\.relayerKey/,
    )
  })
})
