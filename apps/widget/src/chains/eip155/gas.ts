/** SPEC section 9: the gas estimate assumes 150000 gas until the transaction is known well enough for eth_estimateGas. */
export const ASSUMED_GAS_LIMIT = 150_000n
