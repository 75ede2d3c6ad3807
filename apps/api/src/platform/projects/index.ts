export { Project, ProjectFeatures, ProjectId } from './project'
export { createMemoryProjectRegistry, type ProjectRegistry } from './registry'
