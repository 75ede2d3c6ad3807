import type { Address } from 'viem'

/**
 * The Delegation Framework contracts a grant's caveats name. The frame's config names a network's
 * DeleGator only; which DelegationManager and enforcers go with it the frame knows itself (as it
 * knows token symbols, tokens.ts), so that a widget or dapp cannot point a caveat at a contract
 * that enforces nothing. Keys: the DeleGator's address, lowercase.
 */
export interface DelegationFramework {
  delegationManager: Address
  erc20PeriodTransferEnforcer: Address
  allowedCalldataEnforcer: Address
  timestampEnforcer: Address
}

const FRAMEWORKS = new Map<string, DelegationFramework>([
  // packages/devnet contracts/addresses.ts (DEVNET_CONTRACTS): v1.3.0, the same addresses on both devnet chains.
  [
    '0x7cbd3fb637ab3c068bf8649bf8f4da73d7c451ae',
    {
      delegationManager: '0x9D77212c7071C57874d62EC578cff4568178F176',
      erc20PeriodTransferEnforcer: '0xBaA0F2d439faBCBcb3b2A727129D4D7519A6E76C',
      allowedCalldataEnforcer: '0xB6CD91Ab653f5bc05E3b9e0991177030F4b02344',
      timestampEnforcer: '0x91237A8AA7E54FD455D6E930098978d8Be033921',
    },
  ],
])

/** The framework the DeleGator `delegator` belongs to, if the frame knows it. */
export function delegationFramework(delegator: string): DelegationFramework | undefined {
  return FRAMEWORKS.get(delegator.toLowerCase())
}

/** The framework whose DelegationManager is `manager`, if the frame knows it. */
export function frameworkOfManager(manager: string): DelegationFramework | undefined {
  return [...FRAMEWORKS.values()].find((framework) => framework.delegationManager.toLowerCase() === manager.toLowerCase())
}
