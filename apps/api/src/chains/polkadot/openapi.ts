import { PolkadotTransferPrepared, PolkadotTransferRequest, PolkadotTransferSubmit, PolkadotTransferSubmitted } from '@airlock/protocol'
import type { EndpointDoc } from '../../platform/http/endpoint-doc'

/** The Polkadot transfer endpoints for the OpenAPI document (paths as mounted under /v1). */
export const POLKADOT_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'post',
    path: '/v1/polkadot/transfers',
    summary:
      'Builds a balances.transferKeepAlive (amount in planck) as the SignerPayloadJSON a wallet signs, with its fee and the ' +
      'existential deposit; or says why it cannot be made (ok false, reason: receiver-below-existential-deposit, ' +
      'sender-below-existential-deposit, insufficient-balance), before any wallet is asked',
    body: PolkadotTransferRequest,
    response: PolkadotTransferPrepared,
  },
  {
    method: 'post',
    path: '/v1/polkadot/transfers/submit',
    summary:
      "Checks the wallet's signature of the payload (400 when it is not the payload address's), submits the signed extrinsic " +
      "and answers once a block holds it (422 with the node's reason when the network refuses it)",
    body: PolkadotTransferSubmit,
    response: PolkadotTransferSubmitted,
  },
]
