import { RpcErrorCode } from '@airlock/protocol'

export function describeConnectError(code: number, message: string): { title: string; detail: string } {
  if (code === RpcErrorCode.UserRejected)
    return { title: 'Connection declined', detail: 'Connection can be declined if a previous request is still active' }
  return { title: 'Connection failed', detail: message }
}
