import * as z from 'zod'

/** CAIP-2: namespace (3-8 of [-a-z0-9]) ":" reference (1-32 of [-_a-zA-Z0-9]). */
export const Caip2ChainId = z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 chain id such as eip155:1')
