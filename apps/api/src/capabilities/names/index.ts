export { namesRoutes, coinTypesOf, type NamesOptions } from './routes'
export { NAMES_ENDPOINTS } from './openapi'
export {
  DEFAULT_NAME_ZONE,
  NameReason,
  evmChainIdToCoinType,
  coinTypeToEvmChainId,
  parseName,
  checkLabel,
  checkTimestamp,
  checkAttributes,
} from './rules'
export { getName, getNamesForAddress, type NameRecord } from './store'
