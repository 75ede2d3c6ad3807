import type { Project } from './project'

/** The request body as the RPC proxy's intake read it: parsed JSON, or not JSON at all. */
export type RpcBody = { json: true; value: unknown } | { json: false }

/**
 * What the project guard (api/project-guard.ts) leaves on every /v1 request, for the capabilities
 * to read: their project, the client's SDK and, for the RPC proxy, its body. Here, below the
 * capabilities, so that they need not import the guard for a type.
 */
export interface ApiVariables {
  project: Project
  /** Optional sdk type (`st`) and version (`sv`) the client sent. */
  sdk: { type: string | undefined; version: string | undefined }
  /** The RPC proxy's body, read by its intake before the rate limit so that each call of a batch is charged. */
  rpcBody?: RpcBody
}
