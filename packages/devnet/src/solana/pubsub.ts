import { isSignature } from '@solana/kit'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { Server } from 'node:http'
import type { LandedTransaction, Ledger } from './ledger'
import { stringify } from './json'
import { RPC_ERRORS, RpcError } from './rpc-error'
import { errorResponse, readRequest, type JsonRpcId } from './rpc'
import { SOLANA_CORE_VERSION } from './rpc-methods'

/** Subscriptions one socket may hold; a client past this is misbehaving. */
const MAX_SUBSCRIPTIONS_PER_SOCKET = 1000
const MAX_MESSAGE_BYTES = 64 * 1024

type Subscription = { kind: 'signature'; signature: string; socket: WebSocket } | { kind: 'slot'; socket: WebSocket }

/**
 * The node's WebSocket API (port + 1), as far as clients need it to confirm transactions:
 * `signatureSubscribe` (one notification once the signature is final, at once when it already
 * is, then the subscription ends as on a node) and `slotSubscribe` (@solana/kit's
 * send-and-confirm watches slots for blockhash expiry), with their unsubscribes.
 */
export function attachPubsub(server: Server, ledger: Ledger): { close(): void } {
  const wss = new WebSocketServer({ server, maxPayload: MAX_MESSAGE_BYTES })
  const subscriptions = new Map<number, Subscription>()
  const perSocket = new Map<WebSocket, Set<number>>()
  let nextId = 0

  const send = (socket: WebSocket, message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(stringify(message))
  }
  const notify = (id: number, method: string, result: unknown) =>
    send(subscriptions.get(id)!.socket, { jsonrpc: '2.0', method, params: { result, subscription: id } })
  const drop = (id: number) => {
    const subscription = subscriptions.get(id)
    if (!subscription) return false
    subscriptions.delete(id)
    perSocket.get(subscription.socket)?.delete(id)
    return true
  }
  const signatureResult = (landed: LandedTransaction) => ({
    context: { apiVersion: SOLANA_CORE_VERSION, slot: landed.slot },
    value: { err: landed.err },
  })

  const onTransaction = (landed: LandedTransaction) => {
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind !== 'signature' || subscription.signature !== landed.signature) continue
      notify(id, 'signatureNotification', signatureResult(landed))
      drop(id)
    }
  }
  const onSlot = (slot: bigint) => {
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind === 'slot') notify(id, 'slotNotification', { parent: slot - 1n, root: slot, slot })
    }
  }
  ledger.on('transaction', onTransaction)
  ledger.on('slot', onSlot)

  function subscribe(socket: WebSocket, id: JsonRpcId, subscription: Subscription): number | undefined {
    const own = perSocket.get(socket)!
    if (own.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      send(
        socket,
        errorResponse(
          id,
          new RpcError(RPC_ERRORS.invalidRequest, `Too many subscriptions on this connection (max ${MAX_SUBSCRIPTIONS_PER_SOCKET})`),
        ),
      )
      return undefined
    }
    const subscriptionId = nextId++
    subscriptions.set(subscriptionId, subscription)
    own.add(subscriptionId)
    send(socket, { jsonrpc: '2.0', id, result: subscriptionId })
    return subscriptionId
  }

  function onMessage(socket: WebSocket, data: RawData) {
    let parsed: unknown
    try {
      parsed = JSON.parse(data.toString())
    } catch {
      return send(socket, errorResponse(null, new RpcError(RPC_ERRORS.parse, 'Parse error')))
    }
    const request = readRequest(parsed)
    if (!('method' in request)) return send(socket, request)
    const { id, method } = request
    const params = (request.params ?? []) as unknown[]
    const fail = (code: number, message: string) => send(socket, errorResponse(id, new RpcError(code, message)))
    switch (method) {
      case 'signatureSubscribe': {
        const signature = params[0]
        if (typeof signature !== 'string' || !isSignature(signature))
          return fail(RPC_ERRORS.invalidParams, 'Invalid param: not a base58 64-byte signature')
        const subscriptionId = subscribe(socket, id, { kind: 'signature', signature, socket })
        const landed = ledger.transaction(signature)
        if (subscriptionId !== undefined && landed) {
          notify(subscriptionId, 'signatureNotification', signatureResult(landed))
          drop(subscriptionId)
        }
        return
      }
      case 'slotSubscribe':
        return void subscribe(socket, id, { kind: 'slot', socket })
      case 'signatureUnsubscribe':
      case 'slotUnsubscribe': {
        const subscriptionId = params[0]
        const own = perSocket.get(socket)!
        if (typeof subscriptionId !== 'number' || !own.has(subscriptionId))
          return fail(RPC_ERRORS.invalidParams, 'Invalid subscription id.')
        drop(subscriptionId)
        return send(socket, { jsonrpc: '2.0', id, result: true })
      }
      default:
        // @solana/kit's keep-alive `ping` is a notification (no id): it wants no answer.
        if (parsed && typeof parsed === 'object' && !('id' in parsed)) return
        return fail(RPC_ERRORS.methodNotFound, `Method not found: ${method.slice(0, 64)}`)
    }
  }

  wss.on('connection', (socket) => {
    perSocket.set(socket, new Set())
    socket.on('message', (data) => onMessage(socket, data))
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      for (const id of perSocket.get(socket) ?? []) subscriptions.delete(id)
      perSocket.delete(socket)
    })
  })

  return {
    close() {
      ledger.off('transaction', onTransaction)
      ledger.off('slot', onSlot)
      for (const socket of wss.clients) socket.terminate()
      wss.close()
    },
  }
}
