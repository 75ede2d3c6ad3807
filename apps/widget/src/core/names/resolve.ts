import type { WidgetContext } from '../context'
import { createNamesApi, nameErrorText, type NameRecord } from './api'
import { addressForChain, NameError } from './rules'

/** Name lookups both ways, with the SPEC section 8 error texts (registration is features/names). */

/** The address `name` holds on `chainId`, with its avatar; throws an Error with the text to show. */
export async function resolveName(ctx: WidgetContext, name: string, chainId: number): Promise<{ address: `0x${string}`; avatar?: string }> {
  let record: NameRecord
  try {
    record = await createNamesApi(ctx.dataApi).lookup(name)
  } catch (error) {
    throw new Error(nameErrorText(error, NameError.resolve))
  }
  const address = addressForChain(record.addresses, chainId)
  if (!address || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`${record.name} has no address on this network`)
  return { address: address as `0x${string}`, ...(record.attributes.avatar ? { avatar: record.attributes.avatar } : {}) }
}

/** The names an address holds (oldest first); throws an Error with the text to show. */
export async function namesForAddress(ctx: WidgetContext, address: string): Promise<NameRecord[]> {
  try {
    return await createNamesApi(ctx.dataApi).reverse(address)
  } catch (error) {
    throw new Error(nameErrorText(error, NameError.forAddress))
  }
}
