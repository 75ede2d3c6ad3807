import * as z from 'zod'
import { HttpOrigin } from '../http/origin'

export const ProjectId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'a project id is 1-100 characters of A-Z a-z 0-9 _ -')

export const ProjectFeatures = z.object({
  analytics: z.boolean(),
})

export const Project = z.object({
  id: ProjectId,
  name: z.string().min(1).max(200),
  /** Origins allowed to embed the widget for this project and to call the API from a browser. */
  allowedOrigins: z.array(HttpOrigin).max(100),
  /**
   * Lets calls without an `Origin` header (a server, a script, a native wallet) use the chain RPC
   * proxy for this project. Off by default: browsers always send `Origin`, so only non-browser
   * callers lack one, and a public project id alone proves nothing about them.
   */
  serverRpc: z.boolean().optional(),
  features: ProjectFeatures,
})
export type Project = z.infer<typeof Project>
