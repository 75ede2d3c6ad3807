import { WidgetBootConfig, type WidgetBootError } from '@airlock/protocol'
import { MAX_ORIGIN_LENGTH } from '../../platform/http/origin'
import type { ProjectRegistry } from '../../platform/projects/registry'

export interface WidgetBootInput {
  /** `projectId` query parameter of the widget page. */
  projectId: string | null
  /** `origin` query parameter: the dapp origin the host SDK claims (`location.origin`). */
  origin: string | null
}

export interface WidgetBoot {
  config: WidgetBootConfig
  /** Origins allowed to frame this response; empty means `frame-ancestors 'none'`. */
  frameAncestors: readonly string[]
}

export interface WidgetBootDeps {
  projects: ProjectRegistry
  apiUrl: string
  secureFrameUrl: string
  relayUrl: string
}

const MAX_PROJECT_ID_LENGTH = 100

/**
 * Decides what the widget page boots with. On success it may be framed by every allowed origin
 * of the project. On an error the page only shows the alert and may be framed by nobody: the
 * origin it would name is only claimed, so any site could frame it under its own name. The host
 * SDK learns the alert from the boot status instead (see WidgetBootStatus) and shows it itself.
 */
export async function resolveWidgetBoot(input: WidgetBootInput, deps: WidgetBootDeps): Promise<WidgetBoot> {
  const projectId = input.projectId ?? ''
  const claimed = input.origin ?? ''
  const base = {
    projectId: projectId.slice(0, MAX_PROJECT_ID_LENGTH),
    parentOrigin: claimed.slice(0, MAX_ORIGIN_LENGTH),
    apiUrl: deps.apiUrl,
    secureFrameUrl: deps.secureFrameUrl,
    relayUrl: deps.relayUrl,
  }
  const fail = (error: WidgetBootError): WidgetBoot => ({ config: WidgetBootConfig.parse({ ...base, error }), frameAncestors: [] })

  if (projectId === '') return fail('Project ID Not Configured')
  const project = await deps.projects.getProject(projectId)
  if (!project) return fail('Invalid Project ID')
  if (!project.allowedOrigins.includes(claimed)) return fail('Invalid App Configuration')
  return { config: WidgetBootConfig.parse(base), frameAncestors: project.allowedOrigins }
}
