import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { encodeDeployData, encodeFunctionData, getContractAddress, parseAbi, type Address, type Hex } from 'viem'
import { DEVNET_CONTRACTS, DEVNET_DEPLOYER, DEVNET_PAYMASTER_DEPOSIT, DEVNET_PAYMASTER_SIGNER } from './addresses'
import { devnetArtifacts } from './compile'
import type { PlannedTx } from './planned-tx'

const require = createRequire(import.meta.url)

/** An @account-abstraction/contracts 0.8.0 artifact's creation code. */
function aaCreationCode(name: 'EntryPoint' | 'SenderCreator'): Hex {
  const path = require.resolve(`@account-abstraction/contracts/artifacts/${name}.json`)
  return (JSON.parse(readFileSync(path, 'utf8')) as { bytecode: Hex }).bytecode
}

/**
 * The deployer's smart-account transactions, after the pool seeding (nonces 14-24): the Delegation Framework
 * v1.3.0 (@metamask/delegation-abis bytecode), its enforcers, AirlockPaymaster and the paymaster's EntryPoint deposit.
 */
export async function smartAccountTxs(): Promise<PlannedTx[]> {
  // Loaded on deploy only: the bytecode module takes ~0.1 s to import (0.6 s on a loaded box), which every importer of @airlock/devnet would pay.
  const [{ DelegationManager, EIP7702StatelessDeleGator }, framework, { AirlockPaymaster }] = await Promise.all([
    import('@metamask/delegation-abis'),
    import('@metamask/delegation-abis/bytecode'),
    devnetArtifacts(),
  ])
  const c = DEVNET_CONTRACTS
  const create = (data: Hex, creates: Address, gas = 1_000_000n): PlannedTx => ({ data, gas, creates })
  return [
    create(
      encodeDeployData({ abi: DelegationManager, bytecode: framework.DelegationManager, args: [DEVNET_DEPLOYER.address] }),
      c.delegationManager,
      4_000_000n,
    ),
    create(
      encodeDeployData({
        abi: EIP7702StatelessDeleGator,
        bytecode: framework.EIP7702StatelessDeleGator,
        args: [c.delegationManager, c.entryPoint],
      }),
      c.eip7702Delegator,
      4_000_000n,
    ),
    create(framework.ERC20PeriodTransferEnforcer, c.erc20PeriodTransferEnforcer, 1_500_000n),
    create(framework.AllowedCalldataEnforcer, c.allowedCalldataEnforcer),
    create(framework.AllowedTargetsEnforcer, c.allowedTargetsEnforcer),
    create(framework.AllowedMethodsEnforcer, c.allowedMethodsEnforcer),
    create(framework.TimestampEnforcer, c.timestampEnforcer),
    create(framework.LimitedCallsEnforcer, c.limitedCallsEnforcer),
    create(framework.ValueLteEnforcer, c.valueLteEnforcer),
    {
      data: encodeDeployData({ ...AirlockPaymaster, args: [c.entryPoint, DEVNET_PAYMASTER_SIGNER.address] }),
      gas: 2_000_000n,
      creates: c.paymaster,
    },
    {
      to: c.paymaster,
      data: encodeFunctionData({ abi: parseAbi(['function deposit() payable']), functionName: 'deposit' }),
      value: DEVNET_PAYMASTER_DEPOSIT,
      gas: 100_000n,
    },
  ]
}

type EthCall = (tx: { from: Address; data: Hex }) => Promise<Hex>

/**
 * The code anvil_setCode puts at EntryPoint v0.8's canonical address, and at its SenderCreator's.
 * The npm artifact is not the canonical deployment's init code (its CREATE2 address differs), so the
 * runtime comes from simulating the creation. Its immutables: the EIP-712 cache names the simulated
 * address and is rebuilt at the real one (gas only), but SenderCreator (which deploys accounts from
 * initCode and answers only its EntryPoint) is swapped for one made by, and at the address made by, the
 * canonical EntryPoint, as a real deployment would have it.
 */
export async function entryPointCode(ethCall: EthCall): Promise<[Address, Hex][]> {
  const canonical = DEVNET_CONTRACTS.entryPoint
  // From the canonical address (nonce 0, no code yet): the simulated EntryPoint lands at CREATE(canonical, 0).
  const simulated = getContractAddress({ from: canonical, nonce: 0n })
  const [entryPoint, senderCreator] = await Promise.all([
    ethCall({ from: canonical, data: aaCreationCode('EntryPoint') }),
    ethCall({ from: canonical, data: aaCreationCode('SenderCreator') }),
  ])
  const simulatedCreator = getContractAddress({ from: simulated, nonce: 1n }).slice(2).toLowerCase()
  const realCreator = getContractAddress({ from: canonical, nonce: 1n })
  if (!entryPoint.toLowerCase().includes(simulatedCreator)) {
    throw new Error('EntryPoint v0.8 runtime code does not embed its SenderCreator where expected')
  }
  const patched = entryPoint.toLowerCase().replaceAll(simulatedCreator, realCreator.slice(2).toLowerCase()) as Hex
  return [
    [canonical, patched],
    [realCreator, senderCreator],
  ]
}
