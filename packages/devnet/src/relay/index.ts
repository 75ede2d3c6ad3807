export { checkRelayAuth, signRelayJwt, type RelayAuthOptions, type RelayAuthResult } from './auth'
export { formatError, formatRequest, formatResult, parseFrame, rawTopLevelId, type ParsedFrame, type RawId } from './jsonrpc'
export { startRelay, type Relay, type RelayStats, type StartRelayOptions } from './server'
