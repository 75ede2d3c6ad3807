import type { Network } from '@airlock/chains'
import { DEFAULT_SDK_TYPE, WIDGET_SDK_VERSION, type ProjectParams } from './client'

/**
 * `<img src>` of a network's icon: its own `assets.imageUrl`, else the api's
 * `/public/getAssetImage/{imageId}` (the image id defaults to the network slug). The project goes
 * in the query: an image cannot send headers.
 */
export function networkImageUrl(apiUrl: string, project: ProjectParams, network: Pick<Network, 'network' | 'assets'>): string {
  if (network.assets?.imageUrl) return network.assets.imageUrl
  const id = encodeURIComponent(network.assets?.imageId ?? network.network)
  return `${apiUrl.replace(/\/+$/, '')}/public/getAssetImage/${id}?${new URLSearchParams({ projectId: project.projectId, st: project.sdkType ?? DEFAULT_SDK_TYPE, sv: project.sdkVersion ?? WIDGET_SDK_VERSION })}`
}
