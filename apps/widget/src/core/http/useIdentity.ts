import { useEffect, useState } from 'react'
import type { Identity } from './identity'
import { useWidget } from '../react'

/** The profile name and avatar of an address; undefined while loading or when the call fails. */
export function useIdentity(address: string | undefined): Identity | undefined {
  const { identity } = useWidget()
  // Tagged with the address, so an account change does not show the previous account's name.
  const [result, setResult] = useState<{ address: string; identity: Identity }>()
  useEffect(() => {
    if (!address) return
    let live = true
    identity.get(address).then(
      (value) => live && setResult({ address, identity: value }),
      () => {},
    )
    return () => {
      live = false
    }
  }, [identity, address])
  return result && result.address === address ? result.identity : undefined
}
