import * as z from 'zod'
import { Project, ProjectId } from './project'

/**
 * Where projects come from. In memory for now; a database-backed registry comes later behind the
 * same interface, hence the promise.
 */
export interface ProjectRegistry {
  /** The project, or undefined for an unknown or malformed id. Never throws for bad input. */
  getProject(id: string): Promise<Project | undefined>
}

/** A registry over a fixed list, validated up front (a bad project fails at start, not per call). */
export function createMemoryProjectRegistry(projects: readonly Project[]): ProjectRegistry {
  const parsed = z.array(Project).parse(projects)
  const byId = new Map<string, Project>()
  for (const project of parsed) {
    if (byId.has(project.id)) throw new Error(`Duplicate project id "${project.id}" in the project registry`)
    byId.set(project.id, Object.freeze({ ...project, allowedOrigins: Object.freeze([...project.allowedOrigins]) }) as Project)
  }
  return {
    async getProject(id) {
      if (!ProjectId.safeParse(id).success) return undefined
      return byId.get(id)
    },
  }
}
